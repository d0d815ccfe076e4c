import type { AnyStateMachine, Snapshot, SnapshotFrom } from 'xstate'

/**
 * How a long flow's machine snapshot outlives a reload (design brief, "Machine snapshots persist"). Each flow
 * declares its rules beside its machine (machines/<flow>.persist.ts); src/app/effects/usePersistedMachine.ts runs them,
 * keeping the snapshot in the signed-in user's own database under the flow's name.
 */
export interface FlowPersistence<TMachine extends AnyStateMachine, Facts> {
  /** The flow's name: its key among the user's saved snapshots. */
  flow: string
  /** What to do with a new snapshot: save it, clear the saved one, or keep the saved one as it is. */
  decide(snapshot: SnapshotFrom<TMachine>): 'save' | 'clear' | 'keep'
  /** What is saved of a persisted snapshot (`actor.getPersistedSnapshot()`): plain data, no local read models. */
  saved(persisted: Snapshot<unknown>): unknown
  /**
   * The snapshot to continue from, or null to start fresh: a saved one read back is checked, and one too old or
   * no longer fitting `facts` (what is true now) is not used. Called only when a snapshot was saved, so its
   * schema may load on demand.
   */
  restore(saved: unknown, facts: Facts): Promise<Snapshot<unknown> | null>
}
