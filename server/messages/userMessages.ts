import { randomUUID } from 'node:crypto'
import type { Temporal } from 'temporal-polyfill'
import { errorCodes } from '../../src/contract/common'
import { messagePageSize } from '../../src/contract/messages'
import type { MessageRecord } from '../db/repositories/messages'
import type { TenantDb } from '../db/tenantDb'
import { HttpError } from '../errors/httpError'
import { tellOperator } from '../outbox/operatorChanges'

export interface UserMessagePage {
  records: MessageRecord[]
  page: number
  totalPages: number
  hasPreviousPage: boolean
  unseenCount: number
}

/**
 * A page of the user's messages, numbered from 1 (the oldest) in the order they arrived; the last page when none
 * is asked for. There is always a page 1, empty without messages; a page past the last is empty.
 */
export async function userMessagePage(
  db: TenantDb,
  userId: string,
  requested: number | undefined,
): Promise<UserMessagePage> {
  const { total, unseen } = await db.messages.countForUser(userId)
  const totalPages = Math.max(1, Math.ceil(total / messagePageSize))
  const page = requested ?? totalPages
  const records =
    page > totalPages
      ? []
      : await db.messages.pageForUser(userId, (page - 1) * messagePageSize, messagePageSize)
  return { records, page, totalPages, hasPreviousPage: page > 1, unseenCount: unseen }
}

const messageNotFound = () => new HttpError(404, errorCodes.notFound, 'Message not found')

/**
 * Writes the user's message about their passenger at `now` and tells the operator; null when the passenger is not
 * granted to them.
 */
export async function sendUserMessage(
  db: TenantDb,
  userId: string,
  message: { passengerId: string; content: string },
  now: Temporal.Instant,
): Promise<MessageRecord | null> {
  const id = randomUUID()
  return db.transaction(async (trx) => {
    if (!(await trx.passengers.findGranted(userId, message.passengerId))) return null
    await trx.messages.insert({
      id,
      passengerId: message.passengerId,
      from: { userId },
      content: message.content,
      createdAt: now,
      confirmationRequested: false,
    })
    await tellOperator(trx, [
      {
        type: 'message.sent',
        occurredAt: now,
        passengerId: message.passengerId,
        actorUserId: userId,
        data: { message: { id, content: message.content } },
      },
    ])
    return (await trx.messages.findForUser(userId, id)) ?? null
  })
}

/**
 * Marks another's message of the user's passengers seen by the user, or confirms it (which also marks it seen)
 * when it asks for a confirmation. Done before, it is no change: the first seen time and confirmation stand.
 * 404 for a message the user may not read; 409 for their own, or a confirmation nobody asked for.
 */
export async function actOnMessage(
  db: TenantDb,
  userId: string,
  messageId: string,
  action: 'seen' | 'confirm',
  now: Temporal.Instant,
): Promise<MessageRecord> {
  return db.transaction(async (trx) => {
    const found = await trx.messages.findForUser(userId, messageId)
    if (!found) throw messageNotFound()
    if (found.from.kind === 'user' && found.from.id === userId) {
      throw new HttpError(409, errorCodes.ownMessage, 'Only messages from others can be seen or confirmed')
    }
    if (action === 'confirm') {
      if (!found.confirmationRequested) {
        throw new HttpError(409, errorCodes.confirmationNotRequested, 'The message asks for no confirmation')
      }
      // The first confirmation is the change the operator hears of; one after it changes nothing.
      if (await trx.messages.confirm(messageId, userId, now))
        await tellOperator(trx, [
          {
            type: 'message.confirmed',
            occurredAt: now,
            passengerId: found.passengerId,
            actorUserId: userId,
            data: { message: { id: messageId } },
          },
        ])
    }
    await trx.messages.markSeen(messageId, userId, now)
    const updated = await trx.messages.findForUser(userId, messageId)
    if (!updated) throw messageNotFound()
    return updated
  })
}
