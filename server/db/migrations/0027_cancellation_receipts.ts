import { sql, type Kysely } from 'kysely'

/**
 * A cancellation made in the portal waits for the transport service's receipt (the `cancelled` and
 * `cancelReceipt` trip events): when its user is told to call, and whom; then the answer, received or refused,
 * when, and why it was refused. Kept on the trips projection beside `cancelled_at`, so that the trip's view shows
 * it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('trips')
    .addColumn('cancel_acknowledge_by', 'timestamptz')
    .addColumn('cancel_phone', 'text')
    .addColumn('cancel_receipt', 'text', (col) => col.check(sql`cancel_receipt in ('received', 'refused')`))
    .addColumn('cancel_receipt_at', 'timestamptz')
    .addColumn('cancel_refusal_reason', 'text')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('trips')
    .dropColumn('cancel_acknowledge_by')
    .dropColumn('cancel_phone')
    .dropColumn('cancel_receipt')
    .dropColumn('cancel_receipt_at')
    .dropColumn('cancel_refusal_reason')
    .execute()
}
