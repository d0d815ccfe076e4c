import type { UserSessionEvent } from '../../machines/userSession.machine'
import { sessionUser } from '../../machines/userSession.rules'
import { Listeners, type RunningActor } from './runningActor'

/**
 * The user session machine (machines/userSession.machine.ts) as the portal uses it. Its actor (and XState)
 * loads only when it has something to do; see `createUserSessionHandle`.
 */
export interface UserSessionHandle {
  /** The logout question: the commands waiting while it is open, else null. */
  waiting(): number | null
  send(event: UserSessionEvent): void
  subscribe(listener: () => void): () => void
  /** Loads the machine now; settles once it runs, or its chunk did not load. */
  load(): Promise<void>
}

export interface UserSessionHandleOptions {
  /** The user remembered when the page started (the machine's input). */
  lastUserId: string | null
  /** That user's session was opened at start, without the machine, which takes it over. */
  adopted: boolean
  /** Runs `task` once the page is idle (the first paint comes first). */
  whenIdle(task: () => void): void
  /** Loads XState and creates the machine's actor (not started). */
  attach(): Promise<RunningActor<number | null, UserSessionEvent>>
}

/**
 * Runs the user session machine, loading it when it is needed: at once for a user whose session must open or
 * close, or for any event of the auth machine or the user; once the page is idle for a new token of the session
 * already open (the sync worker it is for starts then too). A remembered user's session opened at start needs
 * nothing else, so their first paint (and an offline start) never waits for XState. Events sent before the
 * actor runs are given to it in order; if its chunk does not load, the next urgent event tries again.
 */
export function createUserSessionHandle(options: UserSessionHandleOptions): UserSessionHandle {
  const listeners = new Listeners()
  const held = options.adopted ? options.lastUserId : null
  let actor: RunningActor<number | null, UserSessionEvent> | null = null
  let loading: Promise<void> | null = null
  let idleAsked = false
  const pending: UserSessionEvent[] = []

  function load(): Promise<void> {
    loading ??= options.attach().then(
      (created) => {
        created.subscribe(() => listeners.notify())
        created.start()
        // Set before the replay: what the machine's effects send meanwhile goes to it directly, in order.
        actor = created
        for (const event of pending.splice(0)) created.send(event)
      },
      (error: unknown) => {
        console.error('User session machine', error)
        loading = null
      },
    )
    return loading
  }

  function urgency(event: UserSessionEvent): 'now' | 'idle' | 'none' {
    if (event.type !== 'auth.changed') return 'now'
    if (sessionUser(event.view, options.lastUserId) !== held) return 'now'
    return event.view.token === null ? 'none' : 'idle'
  }

  return {
    waiting: () => actor?.view() ?? null,
    send(event) {
      if (actor) return actor.send(event)
      pending.push(event)
      const when = urgency(event)
      if (when === 'now') void load()
      else if (when === 'idle' && !idleAsked) {
        idleAsked = true
        options.whenIdle(() => void load())
      }
    },
    subscribe: listeners.subscribe,
    load,
  }
}
