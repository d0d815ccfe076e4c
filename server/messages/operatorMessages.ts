import { randomUUID } from 'node:crypto'
import type { Temporal } from 'temporal-polyfill'
import type { z } from 'zod'
import { operatorMessagesLimit, type operatorMessageRequest } from '../../src/contract/messages'
import { getTenant } from '../../tenants'
import type { MessageRecord } from '../db/repositories/messages'
import type { TenantDb } from '../db/tenantDb'

/**
 * Writes the operator's message to a passenger's guardians at `now`, signed with the tenant's name unless it
 * names another; null when the tenant has no such passenger. The operator API and the demo simulator both.
 */
export async function sendOperatorMessage(
  db: TenantDb,
  passengerId: string,
  message: z.output<typeof operatorMessageRequest>,
  now: Temporal.Instant,
): Promise<MessageRecord | null> {
  const id = randomUUID()
  return db.transaction(async (trx) => {
    const written = await trx.messages.insert({
      id,
      passengerId,
      from: { operatorName: message.senderName ?? getTenant(db.tenant).name },
      content: message.content,
      createdAt: now,
      confirmationRequested: message.requestConfirmation,
    })
    return written ? ((await trx.messages.find(id)) ?? null) : null
  })
}

/** A passenger's messages after the cursor, at most the limit, and where the next read goes on from. */
export async function operatorMessagesAfter(db: TenantDb, passengerId: string, after: string | null) {
  const rows = await db.messages.listForPassenger(passengerId, after, operatorMessagesLimit + 1)
  const records = rows.slice(0, operatorMessagesLimit)
  return { records, cursor: records.at(-1)?.seq ?? after, hasMore: rows.length > operatorMessagesLimit }
}
