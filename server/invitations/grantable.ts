import { errorCodes, type FieldError } from '../../src/contract/common'
import type { TenantDb } from '../db/tenantDb'
import { HttpError } from '../errors/httpError'

/**
 * Refuses access to passengers who cannot be given a guardian: another tenant's, unknown, or ended by the operator
 * (no guardians from then on). 404, naming each such passenger's property (none for a path's).
 */
export async function requireGrantable(
  db: TenantDb,
  passengers: readonly { passengerId: string; property?: string }[],
): Promise<void> {
  const errors: FieldError[] = []
  let refused = false
  for (const { passengerId, property } of passengers) {
    const passenger = await db.passengers.find(passengerId)
    if (passenger && passenger.ended_at === null) continue
    refused = true
    if (property) errors.push({ property, error: 'not_found' })
  }
  if (refused) {
    const message = 'No such passenger in this tenant, or the passenger has ended'
    throw new HttpError(404, errorCodes.notFound, message, errors.length > 0 ? errors : undefined)
  }
}
