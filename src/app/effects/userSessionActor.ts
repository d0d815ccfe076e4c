import { createActor, fromPromise } from 'xstate'
import {
  userSessionMachine,
  type ForgetRequest,
  type SessionInput,
  type UserSessionEvent,
  type UserSessionInput,
} from '../../../machines/userSession/userSession.machine'
import { running } from './actors'
import { databaseName } from '../../db/names'
import type { RunningActor } from '../session/runningActor'
import type { SessionStore, UserSession } from '../session/session'
import { rememberUser, storeLoginPending, storeSessionEnded } from '../browser/storage'
import { deleteStartSnapshots } from '../browser/startSnapshot'

/**
 * The user session machine's actor, in a chunk of its own: src/app/session/userSessionHandle.ts loads it only when a
 * session opens or closes, a login lands, or the user logs out; an ordinary page view never does.
 */

/** What the user session machine's effects do in the portal (src/app/createPlatform.ts). */
export interface UserSessionEffects {
  /**
   * Opens the user's database and sync worker, or hands over the ones opened at start for them; null when
   * `signal` aborted before anything opened.
   */
  openSession(input: SessionInput, signal: AbortSignal): Promise<UserSession | null>
  land(redirect: string | null): void
  logOut(): void
  /** Leaves for the server's logout form, or for `leaveTo`, a page of this origin that logs out by itself. */
  leave(leaveTo: string | null): void
}

/** The latest token for the session, from its child's input and then from every `pushToken`. */
interface LatestToken {
  value: string | null
}

/**
 * The machine's child for one user's session: it is shown to the screens once open, holds it while the child
 * runs, and closes it when the child stops, also when it opens only after that. One still opening, or handed
 * over with an older token, is given the latest once open.
 */
function holdSession(
  sessions: SessionStore,
  openSession: UserSessionEffects['openSession'],
  latest: LatestToken,
) {
  return fromPromise<void, SessionInput>(async ({ input, signal }) => {
    latest.value = input.token
    const opened = await openSession(input, signal)
    if (!opened) return
    if (signal.aborted) {
      if (sessions.getState().session === opened) sessions.setSession(null)
      return opened.close()
    }
    opened.sync.setToken(latest.value)
    if (sessions.getState().session !== opened) sessions.setSession(opened)
    await new Promise<void>((closed) =>
      // At once when stopped, before a next user's child starts.
      signal.addEventListener('abort', () => {
        if (sessions.getState().session === opened) sessions.setSession(null)
        opened.close()
        closed()
      }),
    )
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
  const latest: LatestToken = { value: null }
  const actor = createActor(
    userSessionMachine.provide({
      actors: {
        userSession: holdSession(sessions, effects.openSession, latest),
        forgetUserData: fromPromise<void, ForgetRequest>(async ({ input: { userId, keepWork, endPush } }) => {
          // The push service refuses the ended endpoint from now on, and the server drops it at its next send.
          const ending = endPush
            ? import('../browser/pushDevice')
                .then(({ unsubscribeBrowser }) => unsubscribeBrowser())
                .catch((error: unknown) => console.error('Ending push notifications', error))
            : null
          const forgetting = import('../../db/forget')
            .then(({ forgetUserData }) => forgetUserData(databaseName(tenantId, userId), { keepWork }))
            .catch((error: unknown) => console.error('Forgetting local data', error))
          // The next launch must not paint what this user saw.
          await Promise.all([ending, forgetting, deleteStartSnapshots()])
        }),
        countWaiting: fromPromise(async () => {
          const session = await sessions.ready(3_000)
          return session ? session.outbox.countWaiting(session.db) : 0
        }),
      },
      actions: {
        pushToken: (_, { token }) => {
          latest.value = token
          sessions.getState().session?.sync.setToken(token)
        },
        storeRemembered: (_, { userId }) => {
          rememberUser(tenantId, userId)
          // Signed in (again): the session is no longer one that ended.
          if (userId !== null) storeSessionEnded(tenantId, null)
        },
        endLogin: () => storeLoginPending(null),
        land: (_, { redirect }) => effects.land(redirect),
        logOut: () => effects.logOut(),
        leave: (_, { leaveTo }) => effects.leave(leaveTo),
      },
    }),
    { input: options.input },
  )
  return running(actor, () => actor.getSnapshot().context.waiting)
}
