import type { AuthEvent, AuthStatus, TokenResult } from '../../machines/auth.machine'
import { Listeners, type RunningActor } from './runningActor'

/** What the portal reads of the auth machine. */
export interface AuthView {
  status: AuthStatus
  userId: string | null
  token: string | null
}

/**
 * The auth machine as the portal uses it. Its actor (and XState) loads only when something needs it, so an
 * anonymous first visit paints without them; see `createAuthHandle`.
 */
export interface AuthHandle {
  view(): AuthView
  send(event: AuthEvent): void
  subscribe(listener: () => void): () => void
}

export interface AuthHandleOptions {
  /** The start's `GET /api/auth/access_token`, already under way; the actor's first token fetch takes it. */
  firstToken: Promise<TokenResult>
  /**
   * A user is remembered or a login is on its way back, so a session is likely: create the actor at once.
   * Otherwise it waits for the first answer.
   */
  eager: boolean
  /** Loads XState and creates the auth actor (not started) around `firstToken`. */
  attach(): Promise<RunningActor<AuthView, AuthEvent>>
}

const starting: AuthView = { status: 'starting', userId: null, token: null }
const anonymous: AuthView = { status: 'anonymous', userId: null, token: null }

const sameView = (a: AuthView, b: AuthView) =>
  a.status === b.status && a.userId === b.userId && a.token === b.token

/**
 * Events the machine ignores in `anonymous.idle`, the one state the handle stands in for: they need no actor
 * (tests/unit/machines/auth.machine.test.ts holds the machine to this).
 */
export const ignoredWhenAnonymous: ReadonlySet<AuthEvent['type']> = new Set([
  'auth.online',
  'auth.offline',
  'auth.unauthorized',
])

/**
 * Runs the auth machine, creating its actor only when needed. When the start's token answer is "no session"
 * and no user is remembered, the machine's next state is known without running it: `anonymous.idle`, with
 * nothing to clear. The handle says so itself and creates the actor on the first event that state takes (a
 * login, a logout, a clear); the actor replays the same start from the same answer before it gets the event.
 * Any other answer, or a likely session, creates the actor at once.
 */
export function createAuthHandle(options: AuthHandleOptions): AuthHandle {
  const listeners = new Listeners()
  let current = starting
  let actor: RunningActor<AuthView, AuthEvent> | null = null
  let attaching = false
  /** Events sent before the actor could take them. */
  const pending: AuthEvent[] = []

  function publish(view: AuthView) {
    if (sameView(view, current)) return
    current = view
    listeners.notify()
  }

  function flush() {
    for (const event of pending.splice(0)) actor?.send(event)
  }

  function attach() {
    if (attaching) return
    attaching = true
    options.attach().then((created) => {
      actor = created
      created.subscribe(() => {
        const view = created.view()
        // The handle already said `anonymous`: the actor's replay of the start must not bring the spinner back.
        if (view.status === 'starting' && current.status !== 'starting') return
        publish(view)
        if (view.status !== 'starting') flush()
      })
      created.start()
      // The machine takes the first answer on a later tick, so events sent while the page was starting reach
      // it while it is starting too. Events sent after the handle said `anonymous` wait until it is there.
      if (current.status === 'starting') flush()
    }, retryLater)
  }

  /** The actor's chunk did not load (a network failure): the next event tries again, and then gets its turn. */
  function retryLater(error: unknown) {
    console.error('Auth machine', error)
    attaching = false
  }

  if (options.eager) attach()
  else
    options.firstToken.then((result) => {
      if (attaching) return
      if (result.kind === 'none') publish(anonymous)
      else attach()
    }, attach)

  return {
    view: () => current,
    send(event) {
      if (!actor && current.status === 'anonymous' && ignoredWhenAnonymous.has(event.type)) return
      if (actor && (actor.view().status !== 'starting' || current.status === 'starting')) actor.send(event)
      else {
        pending.push(event)
        attach()
      }
    },
    subscribe: listeners.subscribe,
  }
}
