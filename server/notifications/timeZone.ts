import { timeZoneForHost } from '../../src/domain/hosts'
import { getTenant, type TenantId } from '../../tenants'

/**
 * The zone a tenant's notifications speak and the evening reminder keeps time in. A request's zone comes from
 * its host (.uk and .us hosts differ); a notification has no request, so it takes the zone of the tenant's first
 * production host: Europe/Helsinki for every tenant today.
 */
export function tenantTimeZone(tenant: TenantId): string {
  return timeZoneForHost(getTenant(tenant).hosts[0] ?? '')
}
