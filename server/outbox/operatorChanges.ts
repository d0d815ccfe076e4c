import { Temporal } from 'temporal-polyfill'
import type { ChangeData, ChangeType } from '../../src/contract/operatorChanges'
import type { TenantDb } from '../db/tenantDb'

/** A change as a feature tells it: the passenger and the user by id; the rest of its data as the contract says. */
export type ToldChange = {
  [T in ChangeType]: {
    type: T
    occurredAt: Temporal.Instant
    passengerId: string
    /** The user who made it. */
    actorUserId: string
    data: Omit<ChangeData<T>, 'passenger' | 'actor'>
  }
}[ChangeType]

/** What was written for one change. */
export interface ToldOperator {
  /** Its id to the operator (webhook-id). */
  changeId: string
  /**
   * For a cancellation whose receipt the guardian waits for (the dispatch system acknowledges, or the webhook
   * is on): when, unless received, the guardian is told to call `phone`. Null otherwise.
   */
  acknowledgeBy: Temporal.Instant | null
  phone: string | null
}

const tripOf = (change: ToldChange) =>
  'trip' in change.data ? (change.data.trip as { id: string; start: string }) : null

/**
 * Tells the operator what a guardian changed, in the transaction that changes it (`db` is that transaction's):
 * a row of the change feed for each, with the passenger's operator reference and the user's name filled in, and
 * a delivery to the tenant's webhook while it has one. A cancellation's guardian waits to hear it was received
 * when the tenant's dispatch system acknowledges or its webhook is on: then it is due by the tenant's minutes
 * before the pickup. Answers what was written, in the order told.
 */
export async function tellOperator(db: TenantDb, changes: readonly ToldChange[]): Promise<ToldOperator[]> {
  if (changes.length === 0) return []
  const repository = db.operatorChanges
  const { refs, names } = await repository.namesOf(
    [...new Set(changes.map((change) => change.passengerId))],
    [...new Set(changes.map((change) => change.actorUserId))],
  )
  const settings = await repository.dispatchSettings()
  const webhook = await repository.webhookEnabled()
  const tracked = settings.acknowledges || webhook
  const deadlineOf = (change: ToldChange) => {
    const trip = tripOf(change)
    if (change.type !== 'trip.cancelled' || !tracked || !trip) return null
    return Temporal.Instant.from(trip.start).subtract({ minutes: settings.acknowledgeByMinutes })
  }
  const written = changes.map((change) => ({
    type: change.type,
    occurredAt: change.occurredAt,
    passengerId: change.passengerId,
    tripId: tripOf(change)?.id ?? null,
    data: {
      passenger: { id: change.passengerId, ref: refs.get(change.passengerId) ?? null },
      actor: { userId: change.actorUserId, name: names.get(change.actorUserId) ?? '' },
      ...change.data,
    },
    acknowledgeBy: deadlineOf(change),
  }))
  const recorded = await repository.record(written, webhook)
  return recorded.map((row, index) => {
    const acknowledgeBy = written[index]!.acknowledgeBy
    return { changeId: row.changeId, acknowledgeBy, phone: acknowledgeBy ? settings.phone : null }
  })
}
