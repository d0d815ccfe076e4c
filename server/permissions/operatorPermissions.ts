import type { z } from 'zod'
import { errorCodes, type FieldError } from '../../src/contract/common'
import type { operatorPermission } from '../../src/contract/operator'
import { permissionDateProblems } from '../../src/domain/permissions/quota'
import type { PermissionRecord } from '../db/repositories/permissions'
import type { TenantDb } from '../db/tenantDb'
import { HttpError } from '../errors/httpError'
import { passengerEnded } from '../errors/passengerErrors'

type OperatorPermission = z.output<typeof operatorPermission>

/**
 * What the schema cannot see in an operator's permission: dates in order (periods inside the permission, none
 * overlapping) and place groups naming only the passenger's own places. 400 validation_failed, with each
 * problem in `errors`.
 */
async function problems(db: TenantDb, passengerId: string, permission: OperatorPermission) {
  const errors: FieldError[] = permissionDateProblems(permission).map(([property, error]) => ({
    property,
    error,
  }))
  const own = new Set((await db.places.listForPassenger(passengerId)).map((place) => place.id))
  permission.placeGroups.forEach((group, groupIndex) =>
    group.placeIds.forEach((placeId, placeIndex) => {
      if (!own.has(placeId))
        errors.push({ property: `placeGroups.${groupIndex}.placeIds.${placeIndex}`, error: 'not_found' })
    }),
  )
  return errors
}

async function checked(
  db: TenantDb,
  id: string,
  passengerId: string,
  permission: OperatorPermission,
): Promise<PermissionRecord> {
  const errors = await problems(db, passengerId, permission)
  if (errors.length > 0)
    throw new HttpError(400, errorCodes.validation, 'The transportation permission is not valid', errors)
  return { ...permission, id, passengerId }
}

/**
 * Creates a permission for a passenger of the tenant (404 for any other, 409 passenger_ended for one ended, whose
 * end waits for this); call inside a transaction.
 */
export async function createPermission(
  db: TenantDb,
  id: string,
  passengerId: string,
  permission: OperatorPermission,
): Promise<PermissionRecord> {
  const passenger = await db.passengerLife.findLocked(passengerId, 'keyShare')
  if (!passenger) throw new HttpError(404, errorCodes.notFound, 'No such passenger in this tenant')
  if (passenger.ended_at) throw passengerEnded('id')
  const record = await checked(db, id, passengerId, permission)
  await db.permissions.insertMany([record])
  return record
}

/** Replaces a permission of the tenant whole, for the same passenger (404 for any other); call in a transaction. */
export async function replacePermission(
  db: TenantDb,
  id: string,
  permission: OperatorPermission,
): Promise<PermissionRecord> {
  const notFound = () => new HttpError(404, errorCodes.notFound, `Transportation permission ${id} not found`)
  const current = await db.permissions.find(id)
  if (!current) throw notFound()
  const record = await checked(db, id, current.passengerId, permission)
  if (!(await db.permissions.replace(record))) throw notFound()
  return record
}
