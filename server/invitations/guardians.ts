import { Temporal } from 'temporal-polyfill'
import type { TenantDb } from '../db/tenantDb'
import { tellOperator } from '../outbox/operatorChanges'

/**
 * Takes a passenger away from a user (a custody change): false when the user does not hold it. Every read of the
 * user's, on every instance, checks the grant or the version its removal bumps (server/reads/), so the next one
 * no longer shows the passenger; the user's switches and queued notifications about it go in the same
 * transaction, so nothing more about it reaches their devices. The feed tells it as `passenger.removed`, the user
 * who lost the passenger as its actor: the call may come from the operator's register, and its dispatch system
 * must stop taking that user's word for the passenger.
 */
export async function removeGuardian(db: TenantDb, passengerId: string, userId: string): Promise<boolean> {
  return db.transaction(async (trx) => {
    if (!(await trx.passengers.withdrawGrant(userId, passengerId))) return false
    await tellOperator(trx, [
      {
        type: 'passenger.removed',
        occurredAt: Temporal.Now.instant(),
        passengerId,
        actorUserId: userId,
        data: {},
      },
    ])
    return true
  })
}
