import type { ApiClient } from '../api/client'
import type { Locale } from '../domain/locale'
import type { SessionInput } from '../../machines/userSession/userSession.machine'
import { sessionUser } from '../../machines/userSession/userSession.rules'
import type { AuthEffects } from './effects/actors'
import { createAuthHandle } from './session/authHandle'
import { afterNextPaint, nextTask, whenIdle } from './browser/idle'
import type { PortalEnvironment } from './environment'
import type { ErrorInput } from '../api/errorReporting'
import type { Catalog } from './startup/i18n'
import { createNoticesHandle } from './session/noticesHandle'
import type { Platform } from './platform'
import { postForm } from './browser/postForm'
import { serverReachability } from './browser/reachability'
import { landingPath } from './browser/redirect'
import { createPortalRouter, firstRendered, preloadCurrentScreens, type PortalRouter } from './router'
import { SessionStore, type UserSession } from './session/session'
import { sessionAtStart } from './session/sessionAtStart'
import { lastUser, loginPending, storeLoginPending, storeSessionEnded } from './browser/storage'
import type { UserSessionEffects } from './effects/userSessionActor'
import { createUserSessionHandle } from './session/userSessionHandle'
import { warmSyncWorker } from './session/syncWorker'
import { fetchAccessToken } from '../api/tokenFetch'
import { watchUserActivity } from './browser/userActivity'
import { readStartRows } from '../db/startRead'
import { noteSessionEnd } from './session/sessionTimeLeft'

/** The tenant's server login page, reached by full-page navigation. */
export function loginPage(env: PortalEnvironment, locale: Locale): string {
  return `${env.pathPrefix}/login?locale=${locale}`
}

/** Longest wait for an idle moment before a machine waiting for one loads anyway (an event loads it at once). */
const machineTimeoutMs = 2_000

/** The platform, and beside it the router, which the platform does not hold (see src/app/platform.tsx). */
export interface PortalStart {
  platform: Platform
  router: PortalRouter
  /** The remembered user's rows read for the first screen (src/db/startRead.ts), done or failed. */
  startRead: Promise<unknown>
}

/**
 * Builds the platform: the auth, user session and notice machines behind their handles, and the API client,
 * wired to the browser, and the router beside it. The session's lifecycle is machines/userSession/userSession.machine.ts;
 * what is here only says how its effects are done.
 */
export function createPlatform(
  env: PortalEnvironment,
  locale: Locale,
  origin: string,
  reportError: (input: ErrorInput) => void,
  { loadScreenMessages, loadRouteMessages }: Pick<Catalog, 'loadScreenMessages' | 'loadRouteMessages'>,
): PortalStart {
  const tenantId = env.tenant.id
  const pullScope = { permissions: env.tenant.features.transportationPermissions }
  const sessions = new SessionStore()
  let apiClient: Promise<ApiClient> | null = null

  const active = watchUserActivity(window)
  const fetchToken = () =>
    fetchAccessToken({ origin, tenantId, onAnswer: serverReachability.report, active, locale }).then(
      (result) => {
        noteSessionEnd(result)
        return result
      },
    )
  const lastUserId = lastUser(tenantId)
  const login = loginPending()
  const adopted = lastUserId !== null
  const userSession = createUserSessionHandle({
    lastUserId,
    adopted,
    pushToken: (token) => void adoptedAtStart?.then((session) => session?.sync.setToken(token)),
    attach: () =>
      import('./effects/userSessionActor').then(({ createUserSessionActor }) =>
        createUserSessionActor({
          input: { lastUserId, adopted, login },
          tenantId,
          sessions,
          effects: sessionEffects,
        }),
      ),
  })
  // After a login the start waits for the session machine too, so that it lands before the router's first
  // render (the start-up spinner shows until then).
  const firstToken = login
    ? Promise.all([fetchToken(), userSession.load()]).then(([result]) => result)
    : fetchToken()
  const effects: AuthEffects = {
    rememberUser: (userId) => userSession.send({ type: 'session.remember', userId }),
    clearLocalData: (userId, keepWork) => userSession.send({ type: 'session.clear', userId, keepWork }),
    noteSessionEnded: (userId) => storeSessionEnded(tenantId, userId),
    // The auth guard of the current route sends an anonymous user home with the path as redirect.
    goHome: () => void router.invalidate(),
    navigateToLogin: () => {
      const redirect = new URLSearchParams(window.location.search).get('redirect')
      storeLoginPending({ redirect })
      window.location.assign(loginPage(env, locale))
    },
    navigateToLogout: () => userSession.send({ type: 'session.leave' }),
  }
  const auth = createAuthHandle({
    firstToken,
    lastUserId,
    whenIdle: (task) => void whenIdle(task, machineTimeoutMs),
    attach: () =>
      import('./effects/actors').then(({ createAuthActor }) =>
        createAuthActor({ lastUserId, firstToken, fetchToken, effects }),
      ),
  })
  const notices = createNoticesHandle(() =>
    import('./effects/actors').then(({ createNoticesActor }) => createNoticesActor()),
  )
  const router = createPortalRouter(env.pathPrefix, {
    auth: { status: () => auth.view().status },
    loadRouteMessages,
  })

  /** The first screen has rendered and been painted and the page is idle (or `machineTimeoutMs` passed first). */
  const afterFirstScreen = () =>
    Promise.race([
      firstRendered(router).then(afterNextPaint),
      new Promise((resolve) => setTimeout(resolve, machineTimeoutMs)),
    ]).then(() => new Promise<void>((resolve) => whenIdle(resolve, machineTimeoutMs)))

  /** Opens a user's database and sync worker, unless `signal` aborts first. */
  function loadSession(input: SessionInput, signal?: AbortSignal): Promise<UserSession | null> {
    const { userId, token, mayHaveData } = input
    // Its notices use the screens' messages: they are shown once those are in (or could not load).
    const messages = loadScreenMessages().catch(() => undefined)
    // The remembered user's first paint reads the database: it opens at once. Otherwise the opening gets a task
    // of its own, since evaluating Dexie and opening the database in one would block input for long.
    const loaded = import('./session/userSession')
    return (mayHaveData ? loaded : loaded.then(nextTask)).then(({ openUserSession }) =>
      signal?.aborted
        ? null
        : openUserSession({
            origin,
            tenantId,
            userId,
            scope: pullScope,
            mayHaveData,
            token,
            onUnauthorized: (refused) => auth.send({ type: 'auth.unauthorized', token: refused }),
            onStatus: (status) => sessions.setSync(status),
            notify: (notice) => void messages.then(() => notices.send({ type: 'notice.push', notice })),
          }),
    )
  }

  preloadCurrentScreens(router)
  // A remembered user's start is `resuming` from the first moment: their rows are read now with plain
  // IndexedDB (src/db/startRead.ts, in the entry: no chunk to wait for), while auth settles, so the first
  // signed-in paint comes from the device and waits for neither the network, XState nor Dexie. Their session
  // (Dexie, the live queries, the worker) opens once that screen has rendered and the page is idle, or at once
  // when nothing is stored to show or commands wait to be sent. The handle gives it its tokens; the session machine takes it over if it
  // ever loads.
  const startRows = lastUserId ? readStartRows(tenantId, lastUserId) : Promise.resolve(null)
  void startRows.then((rows) => sessions.setStart(rows))
  const atStart = lastUserId
    ? sessionAtStart((signal) =>
        startRows
          .then((rows) => (rows?.synced && !rows.sending ? afterFirstScreen() : undefined))
          .then(() => loadSession({ userId: lastUserId, token: null, mayHaveData: true }, signal)),
      )
    : null
  const adoptedAtStart = atStart?.opened ?? null
  void adoptedAtStart?.then((session) => session && sessions.setSession(session))

  const sessionEffects: UserSessionEffects = {
    openSession: (input, signal) => {
      // The machine's first session is the remembered user's: it takes over the one opened at start.
      return atStart?.handOver(signal, input.userId === lastUserId) ?? loadSession(input, signal)
    },
    // The router has not rendered yet (the start-up spinner shows until now), so this is its first location.
    land: (redirect) => router.history.replace(env.pathPrefix + landingPath(redirect, env.tenant)),
    logOut: () => auth.send({ type: 'auth.logout' }),
    // A POST, which only this origin's pages may send (a GET from elsewhere only asks to confirm). A page that
    // logs out by itself (the invitation's) is a plain navigation of this origin, which it trusts the same way.
    leave: (leaveTo) =>
      leaveTo ? window.location.assign(leaveTo) : postForm(`${env.pathPrefix}/logout`, { locale }),
  }

  auth.subscribe(() => {
    const view = auth.view()
    // The machine opens a user's session, but the session's code (Dexie, the worker's client) loads beside the
    // machine's chunk, not after it: a new user's first paint waits for both.
    // The remembered user's session opens by itself (above). Anyone else has nothing stored to paint from:
    // their first paint waits for the worker's first pull, so the worker starts it now, beside the machine's
    // code, and the session takes the worker over when it opens.
    const user = sessionUser(view, lastUserId)
    if (user !== null && user !== lastUserId) {
      void import('./session/userSession')
      warmSyncWorker({ origin, tenantId, userId: user, scope: pullScope, token: view.token })
    }
    userSession.send({ type: 'auth.changed', view })
  })
  window.addEventListener('online', () => auth.send({ type: 'auth.online' }))
  // The server answers again after a spell out of reach: a start that found no server gets its token now.
  serverReachability.subscribe(() => {
    if (serverReachability.isReachable()) auth.send({ type: 'auth.online' })
  })
  window.addEventListener('offline', () => auth.send({ type: 'auth.offline' }))

  const platform: Platform = {
    env,
    locale,
    origin,
    auth,
    notices,
    sessions,
    userSession,
    api: () => {
      apiClient ??= import('../api/client').then(({ createApiClient }) =>
        createApiClient({
          origin,
          tenantId,
          token: () => auth.view().token,
          onUnauthorized: (refused) => auth.send({ type: 'auth.unauthorized', token: refused }),
          onFailure: (failure) => reportError({ kind: 'api', ...failure }),
          onAnswer: serverReachability.report,
        }),
      )
      return apiClient
    },
  }
  return { platform, router, startRead: startRows }
}
