import type { ApiClient } from '../api/client'
import type { Locale } from '../domain/locale'
import { databaseName } from '../db/names'
import type { AuthEffects } from './actors'
import { createAuthHandle, type AuthView } from './authHandle'
import { nextTask, whenIdle } from './idle'
import type { PortalEnvironment } from './environment'
import type { ErrorInput } from '../api/errorReporting'
import type { Catalog } from './i18n'
import { createNoticesHandle } from './noticesHandle'
import type { Platform } from './platform'
import { LogoutPromptStore } from './logoutPrompt'
import { postForm } from './postForm'
import { landingPath } from './redirect'
import { createPortalRouter, preloadCurrentScreens, type PortalRouter } from './router'
import { SessionStore, type UserSession } from './session'
import { lastUser, loginPending, rememberUser, storeLoginPending } from './storage'
import { fetchAccessToken } from '../api/tokenFetch'

/** The tenant's server login page, reached by full-page navigation. */
export function loginPage(env: PortalEnvironment, locale: Locale): string {
  return `${env.pathPrefix}/login?locale=${locale}`
}

/** Longest wait for an idle moment before the auth machine loads anyway (an event loads it at once). */
const machineTimeoutMs = 2_000

/** Logout waits for the deletion, but never hangs on a connection that does not close. */
const clearingTimeoutMs = 3_000

/** The platform, and beside it the router, which the platform does not hold (see src/app/platform.tsx). */
export interface PortalStart {
  platform: Platform
  router: PortalRouter
}

export function createPlatform(
  env: PortalEnvironment,
  locale: Locale,
  origin: string,
  reportError: (input: ErrorInput) => void,
  { loadScreenMessages }: Pick<Catalog, 'loadScreenMessages'>,
): PortalStart {
  const tenantId = env.tenant.id
  const sessions = new SessionStore()
  let clearing: Promise<void> = Promise.resolve()
  let apiClient: Promise<ApiClient> | null = null

  /** Commands not yet sent survive anything but a logout the user confirmed (src/app/logoutPrompt.ts). */
  const forgetDatabase = (userId: string, keepCommands: boolean) => {
    clearing = clearing
      .then(() => import('../db/forget'))
      .then(({ forgetUserData }) => forgetUserData(databaseName(tenantId, userId), { keepCommands }))
      .catch((error: unknown) => console.error('Forgetting local data', error))
  }

  const effects: AuthEffects = {
    rememberUser: (userId) => {
      const previous = lastUser(tenantId)
      if (previous && previous !== userId) forgetDatabase(previous, true)
      rememberUser(tenantId, userId)
    },
    clearLocalData: (userId, keepCommands) => {
      closeSession()
      rememberUser(tenantId, null)
      if (userId) forgetDatabase(userId, keepCommands)
    },
    // The auth guard of the current route sends an anonymous user home with the path as redirect.
    goHome: () => void router.invalidate(),
    navigateToLogin: () => {
      const redirect = new URLSearchParams(window.location.search).get('redirect')
      storeLoginPending({ redirect })
      window.location.assign(loginPage(env, locale))
    },
    navigateToLogout: () => {
      const timeout = new Promise<void>((resolve) => setTimeout(resolve, clearingTimeoutMs))
      // A POST, which only this origin's pages may send (a GET from elsewhere only asks to confirm).
      void Promise.race([clearing, timeout]).then(() => postForm(`${env.pathPrefix}/logout`, { locale }))
    },
  }
  const fetchToken = () => fetchAccessToken({ origin, tenantId })
  const firstToken = fetchToken()
  const lastUserId = lastUser(tenantId)
  const auth = createAuthHandle({
    firstToken,
    lastUserId,
    whenIdle: (task) => void whenIdle(task, machineTimeoutMs),
    attach: () =>
      import('./actors').then(({ createAuthActor }) =>
        createAuthActor({ lastUserId, firstToken, fetchToken, effects }),
      ),
  })
  const notices = createNoticesHandle(() =>
    import('./actors').then(({ createNoticesActor }) => createNoticesActor()),
  )
  const router = createPortalRouter(env.pathPrefix, {
    auth: { status: () => auth.view().status },
    loadScreenMessages,
  })

  let opening: string | null = null
  let pushedToken: string | null = null
  function closeSession() {
    opening = null
    const current = sessions.getState().session
    if (current) {
      sessions.setSession(null)
      current.close()
    }
  }

  /** Opens the database and the sync worker once a user is known; another user closes the previous ones. */
  function followUser({ status, userId, token }: AuthView) {
    // While resuming, the remembered user's database opens at once: the first paint comes from it.
    const wanted =
      status === 'authenticated' || status === 'offline' ? userId : status === 'resuming' ? lastUserId : null
    const current: UserSession | null = sessions.getState().session
    if ((current?.userId ?? opening) !== wanted) {
      closeSession()
      if (wanted) {
        opening = wanted
        // Its notices use the screens' messages: they are shown once those are in (or could not load).
        const messages = loadScreenMessages().catch(() => undefined)
        // Nothing stored for anyone but the remembered user: the first paint waits for the worker's pull.
        const mayHaveData = wanted === lastUserId
        // The remembered user's first paint reads the database: it opens at once. Otherwise the opening gets
        // a task of its own, since evaluating Dexie and opening the database in one would block input for long.
        const loaded = import('./userSession')
        void (mayHaveData ? loaded : loaded.then(nextTask)).then(({ openUserSession }) => {
          if (opening !== wanted) return
          opening = null
          sessions.setSession(
            openUserSession({
              origin,
              tenantId,
              userId: wanted,
              mayHaveData,
              token: auth.view().token,
              onUnauthorized: (refused) => auth.send({ type: 'auth.unauthorized', token: refused }),
              onStatus: (status) => sessions.setSync(status),
              notify: (notice) => void messages.then(() => notices.send({ type: 'notice.push', notice })),
            }),
          )
        })
      }
    } else if (current && token !== pushedToken) {
      current.sync.setToken(token)
    }
    pushedToken = token
  }

  /** After a login the server returns to the portal's home; continue to where the user was going. */
  let landed = false
  function land({ status }: AuthView) {
    if (landed || status === 'starting' || status === 'resuming') return
    landed = true
    const pending = loginPending()
    if (!pending) return
    storeLoginPending(null)
    // The router has not rendered yet (the start-up spinner shows until now), so this is its first location.
    if (status === 'authenticated')
      router.history.replace(env.pathPrefix + landingPath(pending.redirect, env.tenant))
  }

  preloadCurrentScreens(router)
  // A remembered user's start is `resuming` from the first moment: their database opens now, while auth
  // settles, so the first signed-in paint comes from IndexedDB and never waits for the network.
  followUser(auth.view())
  auth.subscribe(() => {
    followUser(auth.view())
    land(auth.view())
  })
  window.addEventListener('online', () => auth.send({ type: 'auth.online' }))
  window.addEventListener('offline', () => auth.send({ type: 'auth.offline' }))

  const platform: Platform = {
    env,
    locale,
    origin,
    auth,
    notices,
    sessions,
    logoutPrompt: new LogoutPromptStore(),
    api: () => {
      apiClient ??= import('../api/client').then(({ createApiClient }) =>
        createApiClient({
          origin,
          tenantId,
          token: () => auth.view().token,
          onUnauthorized: (refused) => auth.send({ type: 'auth.unauthorized', token: refused }),
          onFailure: (failure) => reportError({ kind: 'api', ...failure }),
        }),
      )
      return apiClient
    },
  }
  return { platform, router }
}
