import type { TenantId } from '../../tenants'
import type { OperatorKeyGrant } from '../auth/operatorKeys'

/** The demo's operator API key of a tenant (for the README and the end-to-end tests); stored hashed. */
export function demoOperatorKey(tenant: TenantId): string {
  return `demo-operator-${tenant}`
}

export function demoOperatorKeyGrants(tenants: readonly TenantId[]): OperatorKeyGrant[] {
  return tenants.map((tenant) => ({ tenant, key: demoOperatorKey(tenant), name: 'Demo operator' }))
}
