import { isOfflineStatus } from '../../../machines/auth/auth.rules'
import { useAuth } from '../../app/session/auth'

/**
 * Signed in for the shell's purposes: a session, or a remembered user's local data, read offline or while the
 * start asks for a token (so the signed-in shell is laid out from the first paint).
 */
export function useSignedIn(): boolean {
  const { status } = useAuth()
  return status === 'authenticated' || isOfflineStatus(status) || status === 'resuming'
}
