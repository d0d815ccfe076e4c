import type { UserSessionEvent } from '../../../machines/userSession/userSession.machine'
import { sessionUser } from '../../../machines/userSession/userSession.rules'
import { Listeners, type RunningActor } from './runningActor'

/**
 * The user session machine (machines/userSession/userSession.machine.ts) as the portal uses it. Its actor (and XState)
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
  /** Gives a new token to the session opened at start, while no machine runs to do it. */
  pushToken(token: string): void
  /** Loads XState and creates the machine's actor (not started). */
  attach(): Promise<RunningActor<number | null, UserSessionEvent>>
}

/**
 * Runs the user session machine, loading it only when it has something to do: a session to open or close, a
 * login to land, a user to remember or forget, a logout. A remembered user's session opened at start needs
 * none of that while the same user stays: the handle gives it each new token itself, so an ordinary page view
 * (and an offline start) never loads the machine. Events sent before the actor runs are given to it in order,
 * the same user's views reduced to the last, which is all the machine would keep of them; if its chunk does not
 * load, the next event that needs it tries again.
 */
export function createUserSessionHandle(options: UserSessionHandleOptions): UserSessionHandle {
  const listeners = new Listeners()
  const held = options.adopted ? options.lastUserId : null
  let actor: RunningActor<number | null, UserSessionEvent> | null = null
  let loading: Promise<void> | null = null
  /** The machine is wanted: from then on every event goes to it, in order. */
  let needed = false
  const pending: UserSessionEvent[] = []

  function load(): Promise<void> {
    needed = true
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

  /**
   * Events that would leave the machine as it starts, so that it need not load for them: the views of the held
   * user (a new token, offline and back) or, with none held, of nobody; remembering the held user again; and
   * with none held, clearing nobody's data.
   */
  function changesNothing(event: UserSessionEvent): boolean {
    switch (event.type) {
      case 'auth.changed':
        return sessionUser(event.view, options.lastUserId) === held
      case 'session.remember':
        return event.userId === held
      case 'session.clear':
        return event.userId === null && held === null
      default:
        return false
    }
  }

  return {
    waiting: () => actor?.view() ?? null,
    send(event) {
      if (actor) return actor.send(event)
      if (needed || !changesNothing(event)) {
        pending.push(event)
        void load()
        return
      }
      if (event.type !== 'auth.changed') return
      if (event.view.token !== null) options.pushToken(event.view.token)
      // Only such views are pending here, and the machine would keep only the last one's token.
      pending.splice(0, pending.length, event)
    },
    subscribe: listeners.subscribe,
    load,
  }
}
