import type { Locale } from '../domain/locale'
import type { ApiClient } from '../api/client'
import type { AuthHandle } from './authHandle'
import type { PortalEnvironment } from './environment'
import type { PortalRouter } from './router'
import type { NoticesHandle } from './noticesHandle'
import type { SessionStore } from './session'
import type { UserSessionHandle } from './userSessionHandle'

/**
 * Everything the running portal holds for one page load: the environment, the locale, the auth and notice
 * actors, the user session and the router. main.tsx builds it once (createPlatform) and installs it; the hooks
 * and the actions, which run outside React, read it from here.
 */
export interface Platform {
  env: PortalEnvironment
  locale: Locale
  origin: string
  /** The auth machine, whose actor an anonymous first visit does not load (src/app/authHandle.ts). */
  auth: AuthHandle
  /** The notice queue's machine, loaded with the first notice. */
  notices: NoticesHandle
  sessions: SessionStore
  /**
   * The user session machine (src/app/userSessionHandle.ts): opens and closes `sessions`, and asks the "changes
   * not sent yet" question before a logout.
   */
  userSession: UserSessionHandle
  router: PortalRouter
  /** The ky client, loaded on first use so an anonymous first visit does not carry it. */
  api(): Promise<ApiClient>
}

let installed: Platform | null = null

export function installPlatform(platform: Platform | null): void {
  installed = platform
}

export function platform(): Platform {
  if (!installed) throw new Error('The portal platform is not installed (see src/main.tsx)')
  return installed
}
