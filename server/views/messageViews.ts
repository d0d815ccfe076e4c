import type { Message } from '../../src/contract/messages'
import type { MessageRecord } from '../db/repositories/messages'
import { zonedIso } from '../domain/tripView'

/** Who reads: a user (their own seen times) or the operator (when a guardian first saw its message). */
export type MessageReader = { userId: string } | 'operator'

/**
 * A message as the contract shows it, in the request's time zone. `operatorName` is the tenant's, whom a user's
 * message goes to. A user's own message has no seen time for them, and the operator sees seen times only of its
 * own messages: nobody else's reading of a guardian's message concerns it.
 */
export function toMessageView(
  record: MessageRecord,
  reader: MessageReader,
  operatorName: string,
  timeZone: string,
): Message {
  const { from } = record
  const fromOperator = from.kind === 'operator'
  const seenCounts =
    reader === 'operator' ? fromOperator : !(from.kind === 'user' && from.id === reader.userId)
  const at = (instant: MessageRecord['createdAt']) => zonedIso(instant, timeZone)
  return {
    id: record.id,
    passengerId: record.passengerId,
    from,
    to: fromOperator ? { kind: 'guardians' } : { kind: 'operator', name: operatorName },
    content: record.content,
    createdAt: at(record.createdAt),
    seenAt: seenCounts && record.seenAt ? at(record.seenAt) : null,
    confirmation: record.confirmationRequested
      ? {
          confirmedAt: record.confirmedAt && at(record.confirmedAt),
          confirmedBy: record.confirmedBy && { kind: 'user', ...record.confirmedBy },
        }
      : null,
  }
}
