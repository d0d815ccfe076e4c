import { createActor, fromPromise, type AnyActorRef } from 'xstate'
import {
  authMachine,
  authStatus,
  type AuthEvent,
  type TokenResult,
} from '../../../machines/auth/auth.machine'
import {
  noticesMachine,
  type NoticesEvent,
  type QueuedNotice,
} from '../../../machines/notices/notices.machine'
import type { AuthView } from '../session/authHandle'
import type { RunningActor } from '../session/runningActor'

/**
 * The platform's XState actors for auth and notices, in a chunk of their own: src/app/session/authHandle.ts and
 * noticesHandle.ts load it when a machine is needed, which an anonymous first visit without a notice never
 * does. The user session's actor is apart (src/app/effects/userSessionActor.ts): an ordinary page view never needs it.
 */

/** What the auth machine's actions do in the portal (src/app/createPlatform.ts). */
export interface AuthEffects {
  rememberUser(userId: string): void
  clearLocalData(userId: string | null, keepWork: boolean): void
  noteSessionEnded(userId: string | null): void
  goHome(): void
  navigateToLogin(): void
  navigateToLogout(): void
}

export function running<View, Event>(actor: AnyActorRef, view: () => View): RunningActor<View, Event> {
  return {
    start: () => void actor.start(),
    view,
    send: (event) => actor.send(event),
    subscribe: (listener) => void actor.subscribe(listener),
  }
}

export function createAuthActor(options: {
  lastUserId: string | null
  /** The start's answer, already asked for: the machine's first token fetch takes it. */
  firstToken: Promise<TokenResult>
  fetchToken(): Promise<TokenResult>
  effects: AuthEffects
}): RunningActor<AuthView, AuthEvent> {
  const { effects } = options
  let firstToken: Promise<TokenResult> | null = options.firstToken
  const actor = createActor(
    authMachine.provide({
      actors: {
        fetchToken: fromPromise(() => {
          const answer = firstToken ?? options.fetchToken()
          firstToken = null
          return answer
        }),
      },
      actions: {
        rememberUser: (_, { userId }) => effects.rememberUser(userId),
        clearLocalData: (_, { userId, keepWork }) => effects.clearLocalData(userId, keepWork),
        noteSessionEnded: (_, { userId }) => effects.noteSessionEnded(userId),
        goHome: () => effects.goHome(),
        navigateToLogin: () => effects.navigateToLogin(),
        navigateToLogout: () => effects.navigateToLogout(),
      },
    }),
    { input: { lastUserId: options.lastUserId } },
  )
  return running(actor, () => {
    const snapshot = actor.getSnapshot()
    return { status: authStatus(snapshot), userId: snapshot.context.userId, token: snapshot.context.token }
  })
}

export function createNoticesActor(): RunningActor<QueuedNotice | null, NoticesEvent> {
  const actor = createActor(noticesMachine)
  return running(actor, () => actor.getSnapshot().context.current)
}
