import { isTenantId, tenants, type TenantId } from '../../tenants'
import { isDevHost, normalizeHostname } from './hosts'

export type TenantResolution =
  | {
      kind: 'tenant'
      tenantId: TenantId
      source: 'host' | 'header' | 'path' | 'stored' | 'default'
      /** '' or '/{tenant}' when the tenant came from the path prefix on a local or dev host. */
      pathPrefix: string
    }
  | { kind: 'unknown'; requested: string }

/** Extra host names (for example staging hosts) configured per deployment, host -> tenant. */
export type HostMap = Readonly<Record<string, TenantId>>

const productionHosts: ReadonlyMap<string, TenantId> = new Map(
  Object.values(tenants).flatMap((tenant) => tenant.hosts.map((host) => [host, tenant.id] as const)),
)

/** The tenant a host name names: `{id}.localhost`, a configured production host, or none. */
export function tenantFromHost(
  hostname: string,
  extraHosts: HostMap = {},
): { kind: 'tenant'; tenantId: TenantId } | { kind: 'unknown'; requested: string } | null {
  const host = normalizeHostname(hostname)
  const known = extraHosts[host] ?? productionHosts.get(host)
  if (known) return { kind: 'tenant', tenantId: known }
  if (host.endsWith('.localhost')) {
    const label = host.slice(0, -'.localhost'.length).split('.').pop() ?? ''
    return isTenantId(label) ? { kind: 'tenant', tenantId: label } : { kind: 'unknown', requested: label }
  }
  return null
}

/** The tenant id of a `/{tenant}/...` path, if its first segment is one. */
export function tenantFromPath(pathname: string): TenantId | null {
  const first = pathname.split('/')[1] ?? ''
  return first !== 'default' && isTenantId(first) ? first : null
}

export interface TenantRequest {
  hostname: string
  pathname: string
  /** The tenant header of an API call (server side). */
  header?: string | undefined
  /** The tenant chosen earlier on this device (portal side, local, dev and staging hosts). */
  stored?: string | null | undefined
  extraHosts?: HostMap
  /**
   * The hosts that serve every tenant: by default local, dev and staging names (`isDevHost`), as the portal
   * reads its own location; the server passes the list it is configured with, as a Host header can say anything.
   */
  sharedHost?: (hostname: string) => boolean
}

/**
 * Resolves the tenant of a request or page: host name first, then on local, dev and staging hosts (spec section
 * 1) the tenant header, the path prefix or a stored choice, then the default tenant there. Anything else is
 * unknown (404).
 */
export function resolveTenant(request: TenantRequest): TenantResolution {
  const fromHost = tenantFromHost(request.hostname, request.extraHosts)
  if (fromHost?.kind === 'unknown') return fromHost
  if (fromHost) return { kind: 'tenant', tenantId: fromHost.tenantId, source: 'host', pathPrefix: '' }
  if (!(request.sharedHost ?? isDevHost)(request.hostname))
    return { kind: 'unknown', requested: normalizeHostname(request.hostname) }
  if (request.header) {
    return isTenantId(request.header)
      ? { kind: 'tenant', tenantId: request.header, source: 'header', pathPrefix: '' }
      : { kind: 'unknown', requested: request.header }
  }
  const fromPath = tenantFromPath(request.pathname)
  if (fromPath) return { kind: 'tenant', tenantId: fromPath, source: 'path', pathPrefix: `/${fromPath}` }
  if (request.stored && isTenantId(request.stored) && request.stored !== 'default') {
    return { kind: 'tenant', tenantId: request.stored, source: 'stored', pathPrefix: '' }
  }
  return { kind: 'tenant', tenantId: 'default', source: 'default', pathPrefix: '' }
}
