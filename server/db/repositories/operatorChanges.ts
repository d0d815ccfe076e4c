import { sql } from 'kysely'
import type { Temporal } from 'temporal-polyfill'
import type { AcknowledgementOutcome, ChangeType } from '../../../src/contract/operatorChanges'
import { jsonb } from '../json'
import type { OperatorChangesTable } from '../schema'
import type { ScopedDb } from '../tenantScope'

/** A change as it is written, in the transaction that makes it. */
export interface NewChange {
  type: ChangeType
  occurredAt: Temporal.Instant
  passengerId: string | null
  tripId: string | null
  /** The change's data as the contract tells it, references filled in. */
  data: unknown
  acknowledgeBy: Temporal.Instant | null
}

/** A feed position: the writing transaction's id and the change's, as text (both are 64-bit). */
export interface FeedPosition {
  txid: string
  id: string
}

export interface ChangeRow {
  id: string
  change_id: string
  txid: string
  type: string
  occurred_at: Temporal.Instant
  /** The trip it concerns, if any. */
  trip_id: string | null
  data: unknown
  acknowledge_by: Temporal.Instant | null
  ack_outcome: OperatorChangesTable['ack_outcome']
  ack_reason: string | null
  acknowledged_at: Temporal.Instant | null
  /** When the dispatch system acknowledged it or, where it does not acknowledge, the webhook delivered it. */
  received_at: Temporal.Instant | null
}

export interface DispatchSettingsRow {
  acknowledges: boolean
  acknowledgeByMinutes: number
  phone: string | null
}

/** A tenant without a row: its dispatch system does not acknowledge; 30 minutes; no number to call. */
export const defaultDispatchSettings: DispatchSettingsRow = {
  acknowledges: false,
  acknowledgeByMinutes: 30,
  phone: null,
}

const columns = [
  'id',
  'change_id',
  'txid',
  'type',
  'occurred_at',
  'trip_id',
  'data',
  'acknowledge_by',
  'ack_outcome',
  'ack_reason',
  'acknowledged_at',
  'received_at',
] as const

/**
 * The change feed's rows (migration 0026). The feed reads in (txid, id) order and only below the oldest
 * transaction still running, so every change is listed once, in the order the writing transactions began their
 * writes, and a change whose transaction is still open holds back those after it until it commits or fails.
 */
export function operatorChangesRepository(db: ScopedDb) {
  return {
    /** Whether the tenant's webhook is there and sending: then changes are delivered to it, and count as received. */
    webhookEnabled: async (): Promise<boolean> =>
      (await db
        .selectFrom('webhook_endpoints')
        .select('enabled')
        .where('enabled', '=', true)
        .executeTakeFirst()) !== undefined,

    /**
     * Writes the changes, and a delivery of each to the tenant's webhook when `webhook` (it is enabled, as the
     * caller read it in the same transaction): so a change is told exactly when what it tells commits.
     */
    async record(
      changes: readonly NewChange[],
      webhook: boolean,
    ): Promise<{ id: string; changeId: string }[]> {
      if (changes.length === 0) return []
      const rows = await db
        .insertInto('operator_changes')
        .values(
          changes.map((change) => ({
            type: change.type,
            occurred_at: change.occurredAt,
            passenger_id: change.passengerId,
            trip_id: change.tripId,
            data: jsonb(change.data),
            acknowledge_by: change.acknowledgeBy,
          })),
        )
        .returning(['id', 'change_id'])
        .execute()
      if (webhook)
        await db
          .insertInto('webhook_deliveries')
          .values(rows.map((row) => ({ change_id: row.id })))
          .execute()
      return rows.map((row) => ({ id: row.id, changeId: row.change_id }))
    },

    /** The operator's references of passengers, and users' names, by id: what every change names them by. */
    async namesOf(
      passengerIds: readonly string[],
      userIds: readonly string[],
    ): Promise<{ refs: Map<string, string | null>; names: Map<string, string> }> {
      const [passengers, users] = await Promise.all([
        passengerIds.length === 0
          ? []
          : db
              .selectFrom('passengers')
              .select(['id', 'external_ref'])
              .where('id', 'in', passengerIds)
              .execute(),
        userIds.length === 0
          ? []
          : db.selectFrom('users').select(['id', 'name']).where('id', 'in', userIds).execute(),
      ])
      return {
        refs: new Map(passengers.map((row) => [row.id, row.external_ref])),
        names: new Map(users.map((row) => [row.id, row.name])),
      }
    },

    /** Up to `limit` changes after `after` that every reader can see in order, of `types` (null: all). */
    async page(
      after: FeedPosition | null,
      limit: number,
      types: readonly string[] | null,
    ): Promise<ChangeRow[]> {
      return db
        .selectFrom('operator_changes')
        .select(columns)
        .$if(after !== null, (query) =>
          query.where(sql<boolean>`(txid, id) > (${after!.txid}::xid8, ${after!.id}::bigint)`),
        )
        .where(sql<boolean>`txid < pg_snapshot_xmin(pg_current_snapshot())`)
        .$if(types !== null, (query) => query.where('type', 'in', types!))
        .orderBy('txid')
        .orderBy('id')
        .limit(limit)
        .execute()
    },

    /** Where retention has removed the feed up to; null while it has removed nothing. */
    async horizon(): Promise<FeedPosition | null> {
      return (
        (await db.selectFrom('operator_change_horizons').select(['txid', 'id']).executeTakeFirst()) ?? null
      )
    },

    async find(changeId: string): Promise<ChangeRow | undefined> {
      return db
        .selectFrom('operator_changes')
        .select(columns)
        .where('change_id', '=', changeId)
        .executeTakeFirst()
    },

    /**
     * Records the dispatch system's acknowledgement of a change not yet acknowledged; answers the row as it is
     * then (acknowledged before, or now), undefined for no such change.
     */
    async acknowledge(
      changeId: string,
      outcome: AcknowledgementOutcome,
      reason: string | null,
      at: Temporal.Instant,
    ): Promise<ChangeRow | undefined> {
      const updated = await db
        .updateTable('operator_changes')
        .set({ ack_outcome: outcome, ack_reason: reason, acknowledged_at: at, received_at: at })
        .where('change_id', '=', changeId)
        .where('acknowledged_at', 'is', null)
        .returning(columns)
        .executeTakeFirst()
      return updated ?? this.find(changeId)
    },

    /**
     * Records that a change reached the dispatch system at `at` (its webhook delivered it, where dispatch does
     * not acknowledge), unless it had already: answers the row when it is received now, else undefined.
     */
    async received(changeId: string, at: Temporal.Instant): Promise<ChangeRow | undefined> {
      return db
        .updateTable('operator_changes')
        .set({ received_at: at })
        .where('change_id', '=', changeId)
        .where('received_at', 'is', null)
        .returning(columns)
        .executeTakeFirst()
    },

    /**
     * Changes whose guardian waits to hear they were received (they have a deadline) and that are not yet,
     * made before `occurredBefore`, oldest first: through the index on unreceived changes.
     */
    async awaitingReceipt(occurredBefore: Temporal.Instant, limit: number): Promise<ChangeRow[]> {
      return db
        .selectFrom('operator_changes')
        .select(columns)
        .where('received_at', 'is', null)
        .where('acknowledge_by', 'is not', null)
        .where('occurred_at', '<=', occurredBefore)
        .orderBy('acknowledge_by')
        .limit(limit)
        .execute()
    },

    /**
     * Takes up to `limit` cancellations whose deadline has passed at `now` unreceived and whose guardians have not
     * been told so, marking them told: rows another instance is taking are skipped, so each is taken once.
     */
    async takeOverdue(now: Temporal.Instant, limit: number): Promise<{ trip_id: string | null }[]> {
      return db
        .updateTable('operator_changes')
        .set({ overdue_told_at: now })
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('operator_changes')
            .select('id')
            .where('type', '=', 'trip.cancelled')
            .where('received_at', 'is', null)
            .where('acknowledge_by', '<=', now)
            .where('overdue_told_at', 'is', null)
            .limit(limit)
            .forUpdate()
            .skipLocked(),
        )
        .returning('trip_id')
        .execute()
    },

    async dispatchSettings(): Promise<DispatchSettingsRow> {
      const row = await db
        .selectFrom('dispatch_settings')
        .select(['acknowledges', 'acknowledge_by_minutes', 'phone'])
        .executeTakeFirst()
      return row
        ? {
            acknowledges: row.acknowledges,
            acknowledgeByMinutes: row.acknowledge_by_minutes,
            phone: row.phone,
          }
        : defaultDispatchSettings
    },

    async setDispatchSettings(settings: DispatchSettingsRow, now: Temporal.Instant): Promise<void> {
      const values = {
        acknowledges: settings.acknowledges,
        acknowledge_by_minutes: settings.acknowledgeByMinutes,
        phone: settings.phone,
        updated_at: now,
      }
      await db
        .insertInto('dispatch_settings')
        .values(values)
        .onConflict((conflict) => conflict.columns([]).doUpdateSet(values))
        .execute()
    },
  }
}

export type OperatorChangesRepository = ReturnType<typeof operatorChangesRepository>
