import { sql } from 'kysely'
import type { Temporal } from 'temporal-polyfill'
import type { WebhookDeliveriesTable } from '../schema'
import type { ScopedDb } from '../tenantScope'
import type { FeedPosition } from './operatorChanges'

export interface WebhookRow {
  url: string
  enabled: boolean
  secret: string
  previous_secret: string | null
  previous_secret_until: Temporal.Instant | null
  created_at: Temporal.Instant
  updated_at: Temporal.Instant
}

export type DeliveryState = WebhookDeliveriesTable['state']['__select__']

/** One change's delivery as the log lists it, with its change's place in the feed. */
export interface DeliveryRow {
  change_id: string
  type: string
  txid: string
  id: string
  state: DeliveryState
  attempts: number
  last_attempt_at: Temporal.Instant | null
  last_status: number | null
  last_error: string | null
  next_attempt_at: Temporal.Instant
  delivered_at: Temporal.Instant | null
  created_at: Temporal.Instant
}

const endpointColumns = [
  'url',
  'enabled',
  'secret',
  'previous_secret',
  'previous_secret_until',
  'created_at',
  'updated_at',
] as const

/** Below the oldest transaction still running, as the feed reads (operatorChanges.ts), so a page skips none. */
const visible = sql<boolean>`c.txid < pg_snapshot_xmin(pg_current_snapshot())`
const afterPosition = (position: FeedPosition) =>
  sql<boolean>`(c.txid, c.id) > (${position.txid}::xid8, ${position.id}::bigint)`

/**
 * The tenant's webhook (migration 0026): its endpoint and secrets, the delivery log, and replays. What the
 * senders do with the outbox across tenants is server/db/webhookOutbox.ts.
 */
export function webhooksRepository(db: ScopedDb) {
  const changesOf = () => db.selectFrom('operator_changes as c').select('c.id as change_id')
  type Changes = ReturnType<typeof changesOf>

  /**
   * Queues the changes `which` picks again, or for the first time (a change made while the webhook was off or
   * before it was set), each due now (the database's now, so that its announcement goes out) and with its
   * tries counted afresh. Answers how many.
   */
  async function requeue(which: (changes: Changes) => Changes): Promise<number> {
    const result = await db
      .insertInto('webhook_deliveries')
      .columns(['change_id'])
      .expression(which(changesOf()))
      .onConflict((conflict) =>
        conflict.columns(['change_id']).doUpdateSet({
          state: 'pending',
          attempts: 0,
          next_attempt_at: sql<Temporal.Instant>`now()`,
          delivered_at: null,
        }),
      )
      .executeTakeFirst()
    return Number(result.numInsertedOrUpdatedRows ?? 0n)
  }

  return {
    async endpoint(): Promise<WebhookRow | undefined> {
      return db.selectFrom('webhook_endpoints').select(endpointColumns).executeTakeFirst()
    },

    /** Sets the tenant's first webhook with `secret`; undefined when it has one already. */
    async create(
      settings: { url: string; enabled: boolean },
      secret: string,
      now: Temporal.Instant,
    ): Promise<WebhookRow | undefined> {
      return db
        .insertInto('webhook_endpoints')
        .values({ ...settings, secret, created_at: now, updated_at: now })
        .onConflict((conflict) => conflict.columns([]).doNothing())
        .returning(endpointColumns)
        .executeTakeFirst()
    },

    /** Changes the webhook's endpoint; its secrets stay. */
    async update(settings: { url: string; enabled: boolean }, now: Temporal.Instant): Promise<WebhookRow> {
      return db
        .updateTable('webhook_endpoints')
        .set({ ...settings, updated_at: now })
        .returning(endpointColumns)
        .executeTakeFirstOrThrow()
    },

    /**
     * Signs with `secret` from now on, and with the one before it until `previousUntil` (null: not at all). A
     * secret older than that stops signing: two sign at most.
     */
    async rotate(
      secret: string,
      previousUntil: Temporal.Instant | null,
      now: Temporal.Instant,
    ): Promise<WebhookRow | undefined> {
      return db
        .updateTable('webhook_endpoints')
        .set((eb) => ({
          secret,
          previous_secret: previousUntil ? eb.ref('secret') : null,
          previous_secret_until: previousUntil,
          updated_at: now,
        }))
        .returning(endpointColumns)
        .executeTakeFirst()
    },

    /** The webhook and its secrets go with its pending deliveries; the log of those sent stays. */
    async remove(): Promise<boolean> {
      await db.deleteFrom('webhook_deliveries').where('state', '=', 'pending').execute()
      const result = await db.deleteFrom('webhook_endpoints').executeTakeFirst()
      return result.numDeletedRows > 0n
    },

    /** Up to `limit` deliveries after `after` in feed order, of `state` (null: any). */
    async deliveries(
      after: FeedPosition | null,
      limit: number,
      state: DeliveryState | null,
    ): Promise<DeliveryRow[]> {
      return db
        .selectFrom('webhook_deliveries as d')
        .innerJoin('operator_changes as c', 'c.id', 'd.change_id')
        .select([
          'c.change_id',
          'c.type',
          'c.txid',
          'c.id',
          'd.state',
          'd.attempts',
          'd.last_attempt_at',
          'd.last_status',
          'd.last_error',
          'd.next_attempt_at',
          'd.delivered_at',
          'd.created_at',
        ])
        .$if(after !== null, (query) => query.where(afterPosition(after!)))
        .where(visible)
        .$if(state !== null, (query) => query.where('d.state', '=', state!))
        .orderBy('c.txid')
        .orderBy('c.id')
        .limit(limit)
        .execute()
    },

    /** Queues every change after `after` in the feed again. */
    replayAfter: (after: FeedPosition) => requeue((changes) => changes.where(afterPosition(after))),

    /** Queues the changes of these ids (webhook-ids) again; ids the feed no longer keeps are passed over. */
    replayChanges: (changeIds: readonly string[]) =>
      requeue((changes) => changes.where('c.change_id', 'in', changeIds)),
  }
}

export type WebhooksRepository = ReturnType<typeof webhooksRepository>
