import type { Remote } from 'comlink'
import type { SyncCallbacks, SyncConfig, SyncWorkerApi } from '../../../workers/sync.worker'

/**
 * The sync worker's thread. A new user's first paint waits for the worker's first pull, and the worker's code
 * is two fetches one after the other: `warmSyncWorker` starts the thread and its first pull as soon as the
 * token names the user, while the session's own code (the machine, Dexie) still loads, and the session takes
 * the running worker over (`takeWarmWorker`). What the worker reports meanwhile waits for it, in order.
 */

export interface WarmWorker {
  worker: Worker
  remote: Remote<SyncWorkerApi>
  /** Gives the worker's reports so far, then every later one, to the session's callbacks. */
  attach(callbacks: SyncCallbacks): void
}

export const spawnSyncWorker = () =>
  new Worker(new URL('../../../workers/sync.worker.ts', import.meta.url), { type: 'module', name: 'sync' })

let warm: { userId: string; worker: Promise<WarmWorker> } | 'taken' | null = null

/** Reports held until a session attaches, then passed on as they come. */
function relay(): { callbacks: SyncCallbacks; attach(callbacks: SyncCallbacks): void } {
  let target: SyncCallbacks | null = null
  const held: ((callbacks: SyncCallbacks) => void)[] = []
  const pass = (call: (callbacks: SyncCallbacks) => void) => (target ? call(target) : held.push(call))
  return {
    callbacks: {
      onUnauthorized: (token) => pass((callbacks) => callbacks.onUnauthorized(token)),
      onStatus: (status) => pass((callbacks) => callbacks.onStatus(status)),
      onMilestones: (milestones) => pass((callbacks) => callbacks.onMilestones(milestones)),
      onAnswer: (answered) => pass((callbacks) => callbacks.onAnswer(answered)),
    },
    attach(callbacks) {
      target = callbacks
      for (const call of held.splice(0)) call(callbacks)
    },
  }
}

/** Starts and configures a worker for the page's first session, unless it has one already (waiting, or taken). */
export function warmSyncWorker(config: Omit<SyncConfig, 'online' | 'visible'>): void {
  if (warm) return
  const worker = spawnSyncWorker()
  warm = {
    userId: config.userId,
    worker: import('comlink').then(({ wrap, proxy }) => {
      const remote = wrap<SyncWorkerApi>(worker)
      const reports = relay()
      void remote.configure(
        { ...config, online: navigator.onLine, visible: document.visibilityState === 'visible' },
        proxy(reports.callbacks),
      )
      return { worker, remote, attach: reports.attach }
    }),
  }
}

/** The warm worker if it was started for this user (it is then no longer held here), else null. */
export async function takeWarmWorker(userId: string): Promise<WarmWorker | null> {
  const waiting = warm
  warm = 'taken'
  if (!waiting || waiting === 'taken') return null
  if (waiting.userId === userId) return waiting.worker
  ;(await waiting.worker).worker.terminate()
  return null
}
