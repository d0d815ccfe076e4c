import { createActor, type Actor, type AnyStateMachine, type InputFrom, type SnapshotFrom } from 'xstate'
import type { FlowPersistence } from '../../../machines/shared/persistence'
import { Listeners } from '../session/runningActor'
import type { SessionStore } from '../session/session'
import { clearSnapshot, loadSnapshot, saveSnapshot } from '../data/snapshots'

/** Where flows' snapshots are kept, by flow name. */
export interface SnapshotStore {
  load(flow: string): Promise<unknown | null>
  save(flow: string, value: unknown): Promise<void>
  clear(flow: string): Promise<void>
}

/** The signed-in user's own database (src/app/data/snapshots.ts), so a flow's snapshot is the flow's and the user's. */
export function userSnapshots(sessions: SessionStore): SnapshotStore {
  return {
    load: (flow) => loadSnapshot(sessions, flow),
    save: (flow, value) => saveSnapshot(sessions, flow, value),
    clear: (flow) => clearSnapshot(sessions, flow),
  }
}

/** What a flow starts with: the machine's input for a fresh start, and the facts a saved snapshot is judged by. */
export interface FlowStart<TMachine extends AnyStateMachine, Facts> {
  input: InputFrom<TMachine>
  facts: Facts
}

/**
 * One run of a persisted flow, its actor as a small store for `useSyncExternalStore`
 * (src/app/effects/usePersistedMachine.ts): `open` reads the saved snapshot, `start` gives what the flow starts with,
 * and once both are known the machine starts, from the saved snapshot when the flow's rules restore it, and
 * saves after each change. Until then there is no actor, so nothing ever shows the initial state of a flow
 * about to be restored.
 */
export class PersistedRun<TMachine extends AnyStateMachine, Facts> {
  private readonly listeners = new Listeners()
  private actor: Actor<TMachine> | null = null
  /** Each `open` starts a new generation; `close` ends it, and what it was still loading is dropped. */
  private generation = 0
  private saved: { value: unknown } | null = null
  private begin: (() => FlowStart<TMachine, Facts>) | null = null
  private launched = false
  private stopRunning = () => {}

  constructor(
    private readonly machine: TMachine,
    private readonly persistence: FlowPersistence<TMachine, Facts>,
    private readonly store: SnapshotStore,
  ) {}

  subscribe = this.listeners.subscribe

  getActor = (): Actor<TMachine> | null => this.actor

  open(): void {
    const generation = ++this.generation
    // A snapshot that cannot be read is as good as none: the flow starts fresh.
    void this.store
      .load(this.persistence.flow)
      .catch(() => null)
      .then((value) => {
        if (generation !== this.generation) return
        this.saved = { value }
        return this.launch(generation)
      })
  }

  /**
   * Gives what the flow starts with once it is known: the latest given before the machine starts counts (it
   * judges the saved snapshot by what is true then), later ones change nothing.
   */
  start(begin: () => FlowStart<TMachine, Facts>): void {
    if (this.launched) return
    this.begin = begin
    void this.launch(this.generation)
  }

  /** Stops the machine and its saving; a later `open` runs the flow again from what is saved. */
  close(): void {
    this.generation++
    this.stopRunning()
    this.stopRunning = () => {}
    this.saved = null
    this.begin = null
    this.launched = false
    if (this.actor) {
      this.actor = null
      this.listeners.notify()
    }
  }

  /** Starts the machine, once, as soon as the saved snapshot and the start are both known. */
  private async launch(generation: number): Promise<void> {
    if (!this.saved || !this.begin) return
    this.launched = true
    const { input, facts } = this.begin()
    const { value } = this.saved
    const restored = value === null ? null : await this.persistence.restore(value, facts).catch(() => null)
    if (generation !== this.generation) return
    const actor: Actor<TMachine> = createActor(this.machine, { input, snapshot: restored ?? undefined })
    actor.start()
    const stopSaving = saveChanges(actor, this.persistence, this.store)
    this.stopRunning = () => {
      stopSaving()
      actor.stop()
    }
    this.actor = actor
    this.listeners.notify()
  }
}

/** Saves each new snapshot as the flow's rules say, one write at a time and only when something changed. */
function saveChanges<TMachine extends AnyStateMachine, Facts>(
  actor: Actor<TMachine>,
  persistence: FlowPersistence<TMachine, Facts>,
  store: SnapshotStore,
): () => void {
  const { flow } = persistence
  let written: string | null | undefined
  let writes = Promise.resolve()
  const write = (snapshot: SnapshotFrom<TMachine>) => {
    const decision = persistence.decide(snapshot)
    if (decision === 'keep') return
    const text = decision === 'save' ? JSON.stringify(persistence.saved(actor.getPersistedSnapshot())) : null
    if (text === written) return
    written = text
    writes = writes
      .then(() => (text === null ? store.clear(flow) : store.save(flow, JSON.parse(text))))
      .catch((error: unknown) => console.error(`Saving the ${flow} flow failed`, error))
  }
  write(actor.getSnapshot())
  const subscription = actor.subscribe(write)
  return () => subscription.unsubscribe()
}
