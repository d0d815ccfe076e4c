import type { Temporal } from 'temporal-polyfill'
import type { ChangeData } from '../../src/contract/operatorChanges'
import type { TenantDb } from '../db/tenantDb'
import { tellOperator } from '../outbox/operatorChanges'

/**
 * Tells the operator of each passenger a user has just been granted, one change each, and how; call in the
 * transaction that grants them, with only the grants that are new (one held before is no change).
 */
export async function tellPassengersAdded(
  db: TenantDb,
  userId: string,
  passengerIds: readonly string[],
  by: ChangeData<'passenger.added'>['by'],
  at: Temporal.Instant,
): Promise<void> {
  await tellOperator(
    db,
    passengerIds.map((passengerId) => ({
      type: 'passenger.added',
      occurredAt: at,
      passengerId,
      actorUserId: userId,
      data: { by },
    })),
  )
}
