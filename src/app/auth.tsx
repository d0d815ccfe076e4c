import { useMemo, useSyncExternalStore } from 'react'
import type { AuthStatus } from '../../machines/auth.machine'
import { requestLogout } from './logoutPrompt'
import { usePlatform } from './platform'

export type { AuthStatus } from '../../machines/auth.machine'

export interface AuthApi {
  status: AuthStatus
  userId: string | null
  /** Full-page navigation to `{prefix}/login?locale=..`; remembers the page's `?redirect=` for the return. */
  login(): void
  /**
   * Clears local data, then full-page navigation to `{prefix}/logout?locale=..`. When commands have not been
   * sent yet it asks first (src/components/shell/LogoutConfirm.tsx), since logging out deletes them.
   */
  logout(): void
  /** For the logged-out page: forget the local session data. */
  clearLocal(): void
}

export function useAuth(): AuthApi {
  const { auth, sessions, logoutPrompt } = usePlatform()
  const status = useSyncExternalStore(auth.subscribe, () => auth.view().status)
  const userId = useSyncExternalStore(auth.subscribe, () => auth.view().userId)
  const commands = useMemo(
    () => ({
      login: () => auth.send({ type: 'auth.login' }),
      logout: () =>
        void requestLogout({
          prompt: logoutPrompt,
          countWaiting: async () => {
            const session = await sessions.ready(3_000)
            return session ? session.outbox.countWaiting(session.db) : 0
          },
          logout: () => auth.send({ type: 'auth.logout' }),
        }),
      clearLocal: () => auth.send({ type: 'auth.clear' }),
    }),
    [auth, sessions, logoutPrompt],
  )
  return { status, userId, ...commands }
}
