import { useMemo, useSyncExternalStore } from 'react'
import type { AuthStatus } from '../../../machines/auth/auth.machine'
import { usePlatform } from '../platform'

export type { AuthStatus } from '../../../machines/auth/auth.machine'

export interface AuthApi {
  status: AuthStatus
  userId: string | null
  /** Full-page navigation to `{prefix}/login?locale=..`; remembers the page's `?redirect=` for the return. */
  login(): void
  /**
   * Clears local data, then full-page navigation to `{prefix}/logout?locale=..`. When commands have not been
   * sent yet the user session machine asks first (src/components/shell/LogoutConfirm.tsx shows the question),
   * since logging out deletes them.
   */
  logout(): void
  /** For the logged-out page: forget the local session data. */
  clearLocal(): void
}

export function useAuth(): AuthApi {
  const { auth, userSession } = usePlatform()
  const status = useSyncExternalStore(auth.subscribe, () => auth.view().status)
  const userId = useSyncExternalStore(auth.subscribe, () => auth.view().userId)
  const commands = useMemo(
    () => ({
      login: () => auth.send({ type: 'auth.login' }),
      logout: () => userSession.send({ type: 'logout.request' }),
      clearLocal: () => auth.send({ type: 'auth.clear' }),
    }),
    [auth, userSession],
  )
  return { status, userId, ...commands }
}
