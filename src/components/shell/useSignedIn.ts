import { useAuth } from '../../app/auth'

/** Signed in for the shell's purposes: a session, or a remembered user's local data read offline. */
export function useSignedIn(): boolean {
  const { status } = useAuth()
  return status === 'authenticated' || status === 'offline'
}
