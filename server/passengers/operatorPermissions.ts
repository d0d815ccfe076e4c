import type { z } from 'zod'
import { errorCodes, type FieldError } from '../../src/contract/common'
import type { operatorPermission } from '../../src/contract/operatorPassengers'
import type { PlaceGroup } from '../../src/contract/permissions'
import { permissionDateProblems } from '../../src/domain/permissions/quota'
import type { PermissionRecord } from '../db/repositories/permissions'
import type { PlaceRow } from '../db/repositories/places'
import type { TenantDb } from '../db/tenantDb'
import { HttpError } from '../errors/httpError'
import { noSuchPassenger, passengerEnded } from '../errors/passengerErrors'
import { failed, succeeded, type Outcome } from '../errors/outcomes'

type OperatorPermission = z.output<typeof operatorPermission>

/** The place groups with the passenger's places by id, each place named that is not the passenger's an error. */
function placeGroups(
  groups: OperatorPermission['placeGroups'],
  places: readonly PlaceRow[],
  errors: FieldError[],
): PlaceGroup[] {
  const ids = new Set(places.map((place) => place.id))
  const byRef = new Map(places.map((place) => [place.external_ref, place.id]))
  return groups.map((group, groupIndex) => {
    const [property, named, find] = group.placeRefs
      ? (['placeRefs', group.placeRefs, (ref: string) => byRef.get(ref)] as const)
      : (['placeIds', group.placeIds ?? [], (id: string) => (ids.has(id) ? id : undefined)] as const)
    const placeIds = named.flatMap((name, placeIndex) => {
      const id = find(name)
      if (id === undefined) {
        errors.push({ property: `placeGroups.${groupIndex}.${property}.${placeIndex}`, error: 'not_found' })
      }
      return id === undefined ? [] : [id]
    })
    return { name: group.name, placeIds }
  })
}

/**
 * An operator's permission as stored, or what the schema cannot see in it: dates in order (periods inside the
 * permission, none overlapping) and place groups naming only the passenger's own `places` (by id or by the
 * operator's reference), as 400 validation_failed with each problem in `errors`.
 */
export function checkedPermission(
  id: string,
  passengerId: string,
  permission: OperatorPermission,
  places: readonly PlaceRow[],
): Outcome<PermissionRecord> {
  const errors: FieldError[] = permissionDateProblems(permission).map(([property, error]) => ({
    property,
    error,
  }))
  const groups = placeGroups(permission.placeGroups, places, errors)
  if (errors.length > 0) {
    return failed(
      new HttpError(400, errorCodes.validation, 'The transportation permission is not valid', errors),
    )
  }
  return succeeded({
    id,
    passengerId,
    name: permission.name,
    decisionType: permission.decisionType,
    note: permission.note,
    expressQuotaTimeLimit: permission.expressQuotaTimeLimit,
    tripDestinations: permission.tripDestinations,
    allowViaPoints: permission.allowViaPoints,
    viaPointMaxDeviation: permission.viaPointMaxDeviation,
    extras: permission.extras,
    startDate: permission.startDate,
    endDate: permission.endDate,
    periods: permission.periods,
    placeGroups: groups,
    allowedArea: permission.allowedArea,
  })
}

/** The permission checked for a passenger of the tenant, or its error thrown. */
async function checked(
  db: TenantDb,
  id: string,
  passengerId: string,
  permission: OperatorPermission,
): Promise<PermissionRecord> {
  const outcome = checkedPermission(
    id,
    passengerId,
    permission,
    await db.places.listForPassenger(passengerId),
  )
  if (!outcome.ok) throw outcome.error
  return outcome.value
}

/**
 * Creates a permission for a passenger of the tenant (404 for any other, 409 passenger_ended for one the operator
 * ended); call inside a transaction.
 */
export async function createPermission(
  db: TenantDb,
  id: string,
  passengerId: string,
  permission: OperatorPermission,
): Promise<PermissionRecord> {
  // Locked until the permission commits, so that the passenger's end cannot slip past it.
  const passenger = await db.passengerLife.findLocked(passengerId, 'keyShare')
  if (!passenger) throw noSuchPassenger()
  if (passenger.ended_at) throw passengerEnded('id')
  const record = await checked(db, id, passengerId, permission)
  await db.permissions.insertMany([record])
  return record
}

/**
 * Replaces a permission of the tenant whole, for the same passenger (404 for any other, 409 passenger_ended for one
 * the operator ended: its permissions stay as they were, records of what it had); call in a transaction.
 */
export async function replacePermission(
  db: TenantDb,
  id: string,
  permission: OperatorPermission,
): Promise<PermissionRecord> {
  const notFound = () => new HttpError(404, errorCodes.notFound, `Transportation permission ${id} not found`)
  const current = await db.permissions.find(id)
  if (!current) throw notFound()
  // Locked until the replacement commits, so that the passenger's end cannot slip past it.
  if ((await db.passengerLife.findLocked(current.passengerId, 'keyShare'))?.ended_at)
    throw passengerEnded('id')
  const record = await checked(db, id, current.passengerId, permission)
  if (!(await db.permissions.replace(record))) throw notFound()
  return record
}
