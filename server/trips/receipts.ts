import { Temporal } from 'temporal-polyfill'
import type { AcknowledgementOutcome } from '../../src/contract/operatorChanges'
import type { TenantId } from '../../tenants'
import { retryOnConflict } from '../db/conflicts'
import type { ChangeRow } from '../db/repositories/operatorChanges'
import type { Db } from '../db/schema'
import { tenantDb, type TenantDb } from '../db/tenantDb'
import { notifyTripEvent } from '../outbox/tripNotifications'

/** How a change reached the dispatch system: acknowledged by it, or delivered where it does not acknowledge. */
export type ChangeReceipt =
  | { kind: 'acknowledged'; outcome: AcknowledgementOutcome; reason: string | null; at: Temporal.Instant }
  | { kind: 'delivered'; at: Temporal.Instant }

/**
 * Records that a change reached the dispatch system, in one transaction: on the change, and for a cancellation
 * on its trip too, whose guardian then sees when it was received or that it was refused. Only the first receipt
 * counts: the same acknowledgement again, or a delivery after any receipt, adds nothing. Answers the change as it
 * is then, which tells an acknowledgement the outcome recorded first; undefined for no such change (or, for a
 * delivery, one received before).
 */
export async function recordReceipt(
  db: TenantDb,
  changeId: string,
  receipt: ChangeReceipt,
): Promise<ChangeRow | undefined> {
  return retryOnConflict(() =>
    db.transaction(async (trx) => {
      const changes = trx.operatorChanges
      const row =
        receipt.kind === 'acknowledged'
          ? await changes.acknowledge(changeId, receipt.outcome, receipt.reason, receipt.at)
          : await changes.received(changeId, receipt.at)
      if (row?.type === 'trip.cancelled' && row.trip_id) await answerCancellation(trx, row.trip_id, row)
      return row
    }),
  )
}

/** The change's receipt on its cancelled trip, unless the trip has one (the receipt's log takes one answer). */
async function answerCancellation(db: TenantDb, tripId: string, row: ChangeRow): Promise<void> {
  const trip = await db.trips.find(tripId, { lock: true })
  if (!trip || trip.cancelledByUserId === null || trip.cancelReceipt || !row.received_at) return
  const outcome = row.ack_outcome === 'refused' ? 'refused' : 'received'
  const data = {
    type: 'cancelReceipt',
    outcome,
    answeredAt: row.received_at,
    reason: row.ack_reason,
  } as const
  const at = Temporal.Now.instant()
  const next = await db.trips.append(trip, [data], at)
  // A refusal means the car comes: its guardians are pushed it, in the receipt's transaction.
  await notifyTripEvent(db, { before: trip, after: next, event: { ...data, seq: next.version, at } })
}

/** What the webhook sender tells of a change it delivered. */
export interface DeliveredChange {
  changeId: string
  deliveredAt: Temporal.Instant
}

/**
 * The webhook sender's hook for a delivered change: where the tenant's dispatch system does not acknowledge, the
 * delivery is its receipt (`recordReceipt`); where it does, only its acknowledgement counts.
 */
export function receiptOnDelivery(db: Db) {
  return async (tenant: TenantId, delivered: DeliveredChange): Promise<void> => {
    const scoped = tenantDb(db, tenant)
    if ((await scoped.operatorChanges.dispatchSettings()).acknowledges) return
    await recordReceipt(scoped, delivered.changeId, { kind: 'delivered', at: delivered.deliveredAt })
  }
}
