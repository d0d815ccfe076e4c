import type { ReactNode } from 'react'
import { useEnvironment } from '../app/environment'
import type { TenantConfig } from '../../tenants'
import { NotFoundPage } from './NotFoundPage'

/**
 * A screen that exists only on tenants with one of the flags of spec section 6 (booking, the transportation
 * permissions, travel card registration): elsewhere neither the menu nor the landing names it, and its address
 * is a page that does not exist, not an empty screen.
 */
export function TenantFeature({
  feature,
  children,
}: {
  feature: keyof TenantConfig['features']
  children: ReactNode
}) {
  const { tenant } = useEnvironment()
  return tenant.features[feature] ? children : <NotFoundPage />
}
