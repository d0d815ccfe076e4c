import type { AuthView } from '../auth/auth.machine'
import { isOfflineStatus } from '../auth/auth.rules'

/**
 * The user whose database and sync worker are open for a view of the auth machine: the signed-in or offline
 * user, and while a remembered user resumes, that user (the first signed-in paint reads their data). Apart
 * from the machine so that the page's entry (src/app/session/userSessionHandle.ts) reads it without XState.
 */
export function sessionUser(view: AuthView, lastUserId: string | null): string | null {
  if (view.status === 'authenticated' || isOfflineStatus(view.status)) return view.userId
  return view.status === 'resuming' ? lastUserId : null
}
