import type { TenantId } from '../../tenants'

/** The portal's root for a tenant reached on `hostname` (lower-case, no port), which names it or not. */
export type PortalUrlRule = (tenant: TenantId, hostname: string, hostNamesTenant: boolean) => string

/**
 * The portal's root for the absolute links the server writes (calendar feeds, a device's notifications, the
 * sign-in's return): PUBLIC_ORIGIN's protocol and port, the host name the tenant was reached on, and the tenant's
 * path prefix where that host does not name the tenant. The name is always one the server knows (a tenant's
 * configured host, a DEV_HOSTS or loopback name: tenant resolution refuses any other), and neither the protocol
 * nor the port comes from the request, so no link leads where a Host or X-Forwarded-* header points.
 */
export function portalUrlRule(publicOrigin: string): PortalUrlRule {
  const { protocol, port } = new URL(publicOrigin)
  const portPart = port === '' ? '' : `:${port}`
  return (tenant, hostname, hostNamesTenant) =>
    `${protocol}//${hostname}${portPart}${hostNamesTenant || tenant === 'default' ? '' : `/${tenant}`}`
}
