import { isLocalHost, timeZoneForHost } from '../../src/domain/hosts'
import { tenantFromHost, type HostMap } from '../../src/domain/tenantResolution'
import { getTenant, type TenantId } from '../../tenants'

/**
 * The server's one time-zone rule: the spec's (Europe/Helsinki, London on .uk hosts, US/Central on .us hosts)
 * applied to a host the tenant configures. `hostname` counts only when it is one of them (a production host of
 * the tenant's module, or its TENANT_HOSTS entry); otherwise (loopback and dev hosts, a host the server does not
 * know, work with no host such as the evening reminder) the tenant's first production host does: Europe/Helsinki
 * for every tenant today.
 */
export function tenantTimeZone(tenant: TenantId, hostname?: string, extraHosts: HostMap = {}): string {
  if (hostname && !isLocalHost(hostname)) {
    const named = tenantFromHost(hostname, extraHosts)
    if (named?.kind === 'tenant' && named.tenantId === tenant) return timeZoneForHost(hostname)
  }
  return timeZoneForHost(getTenant(tenant).hosts[0] ?? '')
}
