import type { ReactNode } from 'react'
import { useEnvironment } from '../../app/environment'
import { NotFoundPage } from '../NotFoundPage'

/**
 * The permissions screens exist only on tenants that offer them (spec section 2, menu items; the pull fetches
 * none elsewhere): on another tenant their address is a page that does not exist, not an empty list.
 */
export function PermissionsFeature({ children }: { children: ReactNode }) {
  const { tenant } = useEnvironment()
  return tenant.features.transportationPermissions ? children : <NotFoundPage />
}
