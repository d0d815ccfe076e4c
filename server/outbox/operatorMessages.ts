import { randomUUID } from 'node:crypto'
import type { Temporal } from 'temporal-polyfill'
import type { z } from 'zod'
import { operatorMessagesLimit, type operatorMessageRequest } from '../../src/contract/messages'
import { firstName } from '../../src/domain/tracking/passengerName'
import { getTenant } from '../../tenants'
import type { MessageRecord } from '../db/repositories/messages'
import type { TenantDb } from '../db/tenantDb'
import { enqueueNotification } from './enqueue'

/**
 * Writes the operator's message to a passenger's guardians at `now`, signed with the tenant's name unless it
 * names another; null when the tenant has no such passenger. The operator API and the demo simulator both. The
 * guardians' devices are told in the same transaction (`message`, saying whether it asks for a confirmation),
 * but `actorUserId`'s: a notice written for a user's own action (a guardian who joined) is no news to them.
 */
export async function sendOperatorMessage(
  db: TenantDb,
  passengerId: string,
  message: z.output<typeof operatorMessageRequest>,
  now: Temporal.Instant,
  actorUserId: string | null = null,
): Promise<MessageRecord | null> {
  const id = randomUUID()
  const operatorName = message.senderName ?? getTenant(db.tenant).name
  return db.transaction(async (trx) => {
    const written = await trx.messages.insert({
      id,
      passengerId,
      from: { operatorName },
      content: message.content,
      createdAt: now,
      confirmationRequested: message.requestConfirmation,
    })
    const passenger = written ? await trx.passengers.find(passengerId) : undefined
    if (!passenger) return null
    const data = {
      kind: 'message' as const,
      passengerId,
      firstName: firstName(passenger.name),
      messageId: id,
      operatorName,
      confirmationRequested: message.requestConfirmation,
    }
    await enqueueNotification(trx, { data, passengerId, actorUserId, now })
    return (await trx.messages.find(id)) ?? null
  })
}

/** A passenger's messages after the cursor, at most the limit, and where the next read goes on from. */
export async function operatorMessagesAfter(db: TenantDb, passengerId: string, after: string | null) {
  const rows = await db.messages.listForPassenger(passengerId, after, operatorMessagesLimit + 1)
  const records = rows.slice(0, operatorMessagesLimit)
  return { records, cursor: records.at(-1)?.seq ?? after, hasMore: rows.length > operatorMessagesLimit }
}
