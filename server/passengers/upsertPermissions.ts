import { randomUUID } from 'node:crypto'
import { errorCodes } from '../../src/contract/common'
import type { PermissionItem } from '../../src/contract/operatorPassengers'
import type { PermissionByRef } from '../db/repositories/permissions'
import type { PlaceRow } from '../db/repositories/places'
import type { TenantDb } from '../db/tenantDb'
import { HttpError } from '../errors/httpError'
import { checkedPermission } from './operatorPermissions'
import { failed, repeats, succeeded, type Outcome } from '../errors/outcomes'
import { passengerProperty, resolvePassengers } from '../db/passengerRefs'

/** The reference names a permission of another passenger: it is not moved (a new one needs its own reference). */
const otherPassengers = (property: string) =>
  new HttpError(
    409,
    errorCodes.validation,
    "The reference names another passenger's transportation permission",
    [{ property, error: 'other_passenger' }],
  )

/**
 * Creates transportation permissions of the tenant's passengers by the operator's references, or replaces whole
 * the permission with each reference (its periods and their usage too) when it is the same passenger's: one
 * outcome per item, the permission as written or its error (404 or 409 passenger_ended for its passenger,
 * `resolvePassengers`; 400 for what `checkedPermission` finds, or a reference an earlier item has; 409 for
 * another passenger's reference). Seven queries for the batch; call inside a transaction.
 */
export async function upsertPermissions(
  db: TenantDb,
  items: readonly PermissionItem[],
): Promise<Outcome<PermissionByRef>[]> {
  const repeated = repeats(items, (item) => item.externalRef, 'externalRef')
  const passengers = await resolvePassengers(db, items)
  const passengerIds = passengers.flatMap((passenger) => (passenger.ok ? [passenger.value.id] : []))
  const places = new Map<string, PlaceRow[]>()
  for (const place of await db.places.listForPassengers(passengerIds)) {
    const own = places.get(place.passenger_id) ?? []
    own.push(place)
    places.set(place.passenger_id, own)
  }
  const checked = items.map((item, index): Outcome<PermissionByRef> => {
    const passenger = passengers[index]!
    const refused = repeated[index]
    if (refused) return failed(refused)
    if (!passenger.ok) return passenger
    const id = passenger.value.id
    const record = checkedPermission(randomUUID(), id, item, places.get(id) ?? [])
    return record.ok ? succeeded({ ...record.value, externalRef: item.externalRef }) : record
  })
  const written = new Map(
    (await db.permissions.upsertByRef(checked.flatMap((outcome) => (outcome.ok ? [outcome.value] : [])))).map(
      (permission) => [permission.externalRef, permission],
    ),
  )
  return checked.map((outcome, index) => {
    if (!outcome.ok) return outcome
    const permission = written.get(outcome.value.externalRef)
    return permission ? succeeded(permission) : failed(otherPassengers(passengerProperty(items[index]!)))
  })
}
