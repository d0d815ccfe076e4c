import { createActor, fromCallback, fromPromise, type AnyActorRef } from 'xstate'
import { authMachine, authStatus, type AuthEvent, type TokenResult } from '../../machines/auth.machine'
import { noticesMachine, type NoticesEvent, type QueuedNotice } from '../../machines/notices.machine'
import {
  userSessionMachine,
  type ForgetRequest,
  type SessionEvent,
  type SessionInput,
  type UserSessionEvent,
  type UserSessionInput,
} from '../../machines/userSession.machine'
import type { AuthView } from './authHandle'
import { databaseName } from '../db/names'
import type { RunningActor } from './runningActor'
import type { SessionStore, UserSession } from './session'
import { rememberUser, storeLoginPending } from './storage'

/**
 * The platform's XState actors, in a chunk of their own: src/app/authHandle.ts, noticesHandle.ts and
 * userSessionHandle.ts load it when a machine is needed, which an anonymous first visit without a notice never
 * does.
 */

/** What the auth machine's actions do in the portal (src/app/createPlatform.ts). */
export interface AuthEffects {
  rememberUser(userId: string): void
  clearLocalData(userId: string | null, keepCommands: boolean): void
  goHome(): void
  navigateToLogin(): void
  navigateToLogout(): void
}

function running<View, Event>(actor: AnyActorRef, view: () => View): RunningActor<View, Event> {
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
        clearLocalData: (_, { userId, keepCommands }) => effects.clearLocalData(userId, keepCommands),
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

/** What the user session machine's effects do in the portal (src/app/createPlatform.ts). */
export interface UserSessionEffects {
  /**
   * Opens the user's database and sync worker, or hands over the ones opened at start for them; null when
   * `signal` aborted before anything opened.
   */
  openSession(input: SessionInput, signal: AbortSignal): Promise<UserSession | null>
  land(redirect: string | null): void
  logOut(): void
  leave(): void
}

/**
 * The machine's child for one user's session: it is shown to the screens once open, gets every token, and is
 * closed when the child stops, also when it opens only after that.
 */
function sessionActor(sessions: SessionStore, openSession: UserSessionEffects['openSession']) {
  return fromCallback<SessionEvent, SessionInput>(({ input, receive }) => {
    let token = input.token
    let session: UserSession | null = null
    const stopped = new AbortController()
    receive((event) => {
      token = event.token
      session?.sync.setToken(token)
    })
    void openSession(input, stopped.signal).then((opened) => {
      if (!opened) return
      if (stopped.signal.aborted) {
        if (sessions.getState().session === opened) sessions.setSession(null)
        return opened.close()
      }
      session = opened
      // It may have opened with an older token (a handed-over one always did).
      opened.sync.setToken(token)
      if (sessions.getState().session !== opened) sessions.setSession(opened)
    })
    return () => {
      stopped.abort()
      if (!session) return
      sessions.setSession(null)
      session.close()
    }
  })
}

export function createUserSessionActor(options: {
  input: UserSessionInput
  tenantId: string
  /** The open session as the screens read it. */
  sessions: SessionStore
  effects: UserSessionEffects
}): RunningActor<number | null, UserSessionEvent> {
  const { tenantId, sessions, effects } = options
  const actor = createActor(
    userSessionMachine.provide({
      actors: {
        userSession: sessionActor(sessions, effects.openSession),
        forgetUserData: fromPromise<void, ForgetRequest>(({ input: { userId, keepCommands } }) =>
          import('../db/forget')
            .then(({ forgetUserData }) => forgetUserData(databaseName(tenantId, userId), { keepCommands }))
            .catch((error: unknown) => console.error('Forgetting local data', error)),
        ),
        countWaiting: fromPromise(async () => {
          const session = await sessions.ready(3_000)
          return session ? session.outbox.countWaiting(session.db) : 0
        }),
      },
      actions: {
        storeRemembered: (_, { userId }) => rememberUser(tenantId, userId),
        endLogin: () => storeLoginPending(null),
        land: (_, { redirect }) => effects.land(redirect),
        logOut: () => effects.logOut(),
        leave: () => effects.leave(),
      },
    }),
    { input: options.input },
  )
  return running(actor, () => actor.getSnapshot().context.waiting)
}
