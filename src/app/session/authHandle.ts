import type { AuthEvent, AuthView, TokenResult } from '../../../machines/auth/auth.machine'
import { Listeners, type RunningActor } from './runningActor'

export type { AuthView } from '../../../machines/auth/auth.machine'

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
  /** The user last signed in on this device (the machine's input). */
  lastUserId: string | null
  /** Runs `task` once the page is idle (the first paint comes first). */
  whenIdle(task: () => void): void
  /** Loads XState and creates the auth actor (not started) around `firstToken`. */
  attach(): Promise<RunningActor<AuthView, AuthEvent>>
}

const starting: AuthView = { status: 'starting', userId: null, token: null }
const anonymous: AuthView = { status: 'anonymous', userId: null, token: null }

const sameView = (a: AuthView, b: AuthView) =>
  a.status === b.status && a.userId === b.userId && a.token === b.token

/** The machine is still on its start (`starting`, or `resuming` for a remembered user). */
const onStart = (view: AuthView) => view.status === 'starting' || view.status === 'resuming'

/** What the machine shows before its start is settled. */
export function startView(lastUserId: string | null): AuthView {
  return lastUserId ? { status: 'resuming', userId: null, token: null } : starting
}

/**
 * Where the machine's start settles for the first token answer, when it gets there with no effect that must
 * run first (tests/unit/machines/auth.machine.test.ts holds the machine to this); null when only the machine
 * can say (its effects clear local data, or it keeps trying an unreachable server).
 */
export function settledView(lastUserId: string | null, result: TokenResult): AuthView | null {
  if (result.kind === 'token') return { status: 'authenticated', userId: result.userId, token: result.token }
  if (result.kind === 'none') return lastUserId ? null : anonymous
  return lastUserId ? { status: 'offline', userId: lastUserId, token: null } : null
}

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
 * Runs the auth machine, saying what it will say before XState has loaded. A remembered user's start shows
 * `resuming` at once, so the first signed-in paint from IndexedDB waits for nothing; and where the first token
 * answer settles the start with no effect to run (`settledView`), the handle says so itself, so the user's
 * database and sync worker open and the screen paints before the machine loads, once the page is idle. The
 * actor then replays the same start from the same answer and takes over; an event sent meanwhile loads it at
 * once and waits for it. When the answer is "no session" and nobody is remembered, the actor is created only on
 * the first event `anonymous.idle` takes (a login, a logout, a clear).
 */
export function createAuthHandle(options: AuthHandleOptions): AuthHandle {
  const listeners = new Listeners()
  let current = startView(options.lastUserId)
  let actor: RunningActor<AuthView, AuthEvent> | null = null
  let attaching = false
  /** An event reached the machine before its first answer: the answer no longer says where it settles. */
  let diverted = false
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
        // The handle already said where the start settles: the actor's replay must not go back to the start.
        if (onStart(view) && !onStart(current)) return
        publish(view)
        if (!onStart(view)) flush()
      })
      created.start()
      // The machine takes the first answer on a later tick, so events sent while the page was starting reach
      // it while it is starting too. Events sent after the handle settled wait until the machine is there.
      if (onStart(current)) flush()
    }, retryLater)
  }

  /** The actor's chunk did not load (a network failure): the next event tries again, and then gets its turn. */
  function retryLater(error: unknown) {
    console.error('Auth machine', error)
    attaching = false
  }

  function answered(result: TokenResult) {
    const settled = diverted || !onStart(current) ? null : settledView(options.lastUserId, result)
    if (!settled) attach()
    else {
      publish(settled)
      if (settled.status !== 'anonymous') options.whenIdle(attach)
    }
  }

  options.firstToken.then(answered, () => answered({ kind: 'unreachable' }))

  return {
    view: () => current,
    send(event) {
      if (!actor && current.status === 'anonymous' && ignoredWhenAnonymous.has(event.type)) return
      if (onStart(current)) diverted = true
      if (actor && (!onStart(actor.view()) || onStart(current))) actor.send(event)
      else {
        pending.push(event)
        attach()
      }
    },
    subscribe: listeners.subscribe,
  }
}
