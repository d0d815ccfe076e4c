import { createContext, use, type ReactNode } from 'react'
import type { Locale } from '../domain/locale'
import type { ApiClient } from '../api/client'
import type { AuthHandle } from './session/authHandle'
import type { PortalEnvironment } from './environment'
import type { NoticesHandle } from './session/noticesHandle'
import type { SessionStore } from './session/session'
import type { UserSessionHandle } from './session/userSessionHandle'

/**
 * Everything the running portal holds for one page load: the environment, the locale, the auth and notice
 * actors and the user session. main.tsx builds it once (createPlatform) and hands it to <App>, which provides
 * it to the hooks; code outside React is given what it needs of it as a parameter. The router is built beside
 * it and is not part of it: the route tree imports the screens, whose hooks read this.
 */
export interface Platform {
  env: PortalEnvironment
  locale: Locale
  origin: string
  /** The auth machine, whose actor an anonymous first visit does not load (src/app/session/authHandle.ts). */
  auth: AuthHandle
  /** The notice queue's machine, loaded with the first notice. */
  notices: NoticesHandle
  sessions: SessionStore
  /**
   * The user session machine (src/app/session/userSessionHandle.ts): opens and closes `sessions`, and asks the "changes
   * not sent yet" question before a logout.
   */
  userSession: UserSessionHandle
  /** The ky client, loaded on first use so an anonymous first visit does not carry it. */
  api(): Promise<ApiClient>
}

const PlatformContext = createContext<Platform | null>(null)

export function PlatformProvider(props: { value: Platform; children: ReactNode }) {
  return <PlatformContext value={props.value}>{props.children}</PlatformContext>
}

export function usePlatform(): Platform {
  const platform = use(PlatformContext)
  if (!platform) throw new Error('usePlatform needs a PlatformProvider')
  return platform
}
