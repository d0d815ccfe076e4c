import { createContext, use, type ReactNode } from 'react'
import type { TenantConfig } from '../../tenants'

export interface PortalEnvironment {
  tenant: TenantConfig
  /** '' or '/espoo': the router's basepath and the prefix of server pages (login, logout, manifest). */
  pathPrefix: string
  hostname: string
  /** Local, staging and dev hosts: the theme toggle shows. */
  devHost: boolean
  /** Europe/Helsinki (.uk London, .us US/Central). */
  timeZone: string
}

const EnvironmentContext = createContext<PortalEnvironment | null>(null)

export function EnvironmentProvider(props: { value: PortalEnvironment; children: ReactNode }) {
  return <EnvironmentContext value={props.value}>{props.children}</EnvironmentContext>
}

export function useEnvironment(): PortalEnvironment {
  const environment = use(EnvironmentContext)
  if (!environment) throw new Error('useEnvironment needs an EnvironmentProvider')
  return environment
}
