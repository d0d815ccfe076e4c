import type { NoticesEvent, QueuedNotice } from '../../../machines/notices/notices.machine'
import { Listeners, type RunningActor } from './runningActor'

/** The notice queue as the portal uses it; see `createNoticesHandle`. */
export interface NoticesHandle {
  current(): QueuedNotice | null
  send(event: NoticesEvent): void
  subscribe(listener: () => void): () => void
}

/**
 * Runs the notices machine from its first event: until a notice is pushed nothing shows, so a first visit
 * without one does not load XState. Events sent while it loads are kept and given to it in order; if its
 * chunk does not load (a network failure), the next event tries again and brings them along.
 */
export function createNoticesHandle(
  attach: () => Promise<RunningActor<QueuedNotice | null, NoticesEvent>>,
): NoticesHandle {
  const listeners = new Listeners()
  let actor: RunningActor<QueuedNotice | null, NoticesEvent> | null = null
  let loading = false
  const pending: NoticesEvent[] = []
  return {
    current: () => actor?.view() ?? null,
    send(event) {
      if (actor) return actor.send(event)
      pending.push(event)
      if (loading) return
      loading = true
      attach().then(
        (created) => {
          created.subscribe(() => listeners.notify())
          created.start()
          actor = created
          for (const queued of pending.splice(0)) created.send(queued)
          listeners.notify()
        },
        (error: unknown) => {
          console.error('Notices machine', error)
          loading = false
        },
      )
    },
    subscribe: listeners.subscribe,
  }
}
