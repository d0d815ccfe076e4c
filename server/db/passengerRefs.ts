import type { PassengerRow } from './repositories/passengers'
import type { TenantDb } from './tenantDb'
import { noSuchPassenger, passengerEnded } from '../errors/passengerErrors'
import { failed, succeeded, type Outcome } from '../errors/outcomes'

/** How an item names its passenger: by the portal's id or by the operator's reference (the contract takes one). */
export interface NamesPassenger {
  passengerId?: string | undefined
  passengerRef?: string | undefined
}

/** The property an item named its passenger by, for its errors. */
export const passengerProperty = (item: NamesPassenger) =>
  item.passengerRef === undefined ? 'passengerId' : 'passengerRef'

/**
 * The passenger each item names (a place, a permission, a booking), all found in one query, key-share locked: 404 not_found naming the property for one the tenant
 * does not have, 409 passenger_ended for one the operator ended, who takes no new places or permissions.
 */
export async function resolvePassengers(
  db: TenantDb,
  items: readonly NamesPassenger[],
): Promise<Outcome<PassengerRow>[]> {
  const rows = await db.passengers.findNamed({
    ids: items.flatMap((item) =>
      item.passengerRef === undefined && item.passengerId ? [item.passengerId] : [],
    ),
    refs: items.flatMap((item) => (item.passengerRef === undefined ? [] : [item.passengerRef])),
  })
  const byId = new Map(rows.map((row) => [row.id, row]))
  const byRef = new Map(rows.map((row) => [row.external_ref, row]))
  return items.map((item) => {
    const property = passengerProperty(item)
    const row =
      item.passengerRef === undefined ? byId.get(item.passengerId ?? '') : byRef.get(item.passengerRef)
    if (!row) return failed(noSuchPassenger(property))
    return row.ended_at === null ? succeeded(row) : failed(passengerEnded(property))
  })
}
