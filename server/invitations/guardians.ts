import type { TenantDb } from '../db/tenantDb'

/**
 * Takes a passenger away from a user (a custody change): false when the user does not hold it. Every read of the
 * user's, on every instance, checks the grant or the version its removal bumps (server/reads/), so the next one
 * no longer shows the passenger; the user's switches and queued notifications about it go in the same
 * transaction, so nothing more about it reaches their devices.
 */
export async function removeGuardian(db: TenantDb, passengerId: string, userId: string): Promise<boolean> {
  return db.transaction((trx) => trx.passengers.withdrawGrant(userId, passengerId))
}
