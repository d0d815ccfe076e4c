import type { ReactNode } from 'react'
import { useEnvironment } from '../../app/environment'
import { NotFoundPage } from '../NotFoundPage'

/**
 * The booking screen exists only on tenants that book (tenant.features.booking; elsewhere neither the menu nor
 * the landing names it): on another tenant its address is a page that does not exist.
 */
export function BookingFeature({ children }: { children: ReactNode }) {
  const { tenant } = useEnvironment()
  return tenant.features.booking ? children : <NotFoundPage />
}
