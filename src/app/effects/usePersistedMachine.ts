import { useCallback, useEffect, useState, useSyncExternalStore } from 'react'
import type { Actor, AnyStateMachine, SnapshotFrom } from 'xstate'
import type { FlowPersistence } from '../../../machines/shared/persistence'
import { PersistedRun, userSnapshots, type FlowStart } from './persistedRun'
import { usePlatform } from '../platform'

export interface RunningFlow<TMachine extends AnyStateMachine> {
  actor: Actor<TMachine>
  snapshot: SnapshotFrom<TMachine>
}

/**
 * Runs a long flow's machine that continues after a reload (the rules are the flow's, beside its machine). Null
 * until the saved snapshot is read and `start` is given (null while what the flow starts with is not known yet):
 * the first snapshot the screen renders is already the restored one. Every change is saved after it happens.
 * Like `useMachine`, the machine given at the first render is the one that runs; once it runs it stays.
 */
export function usePersistedMachine<TMachine extends AnyStateMachine, Facts>(
  machine: TMachine,
  persistence: FlowPersistence<TMachine, Facts>,
  start: (() => FlowStart<TMachine, Facts>) | null,
): RunningFlow<TMachine> | null {
  const { sessions } = usePlatform()
  const [run] = useState(() => new PersistedRun(machine, persistence, userSnapshots(sessions)))
  useEffect(() => {
    run.open()
    return () => run.close()
  }, [run])
  useEffect(() => {
    if (start) run.start(start)
  }, [run, start])
  const actor = useSyncExternalStore(run.subscribe, run.getActor)
  const snapshot = useSnapshot(actor)
  return actor && snapshot ? { actor, snapshot } : null
}

/**
 * An actor's snapshot, read as `useMachine` reads it (a machine that failed throws to the screen's error
 * boundary), without @xstate/react: the wizard's chunk then needs none of it.
 */
function useSnapshot<TMachine extends AnyStateMachine>(actor: Actor<TMachine> | null) {
  const subscribe = useCallback(
    (changed: () => void) => {
      if (!actor) return () => {}
      const subscription = actor.subscribe({ next: changed, error: changed })
      return () => subscription.unsubscribe()
    },
    [actor],
  )
  const snapshot: SnapshotFrom<TMachine> | null = useSyncExternalStore(
    subscribe,
    () => actor?.getSnapshot() ?? null,
  )
  const failed = snapshot as { status: string; error?: unknown } | null
  if (failed?.status === 'error') throw failed.error
  return snapshot
}
