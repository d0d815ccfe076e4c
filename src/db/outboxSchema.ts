import { z } from 'zod'
import { cancelTripsRequest, fieldError, id, reviewRequest } from '../contract'
import type { OutboxCommand } from './outboxTypes'

/** An outbox row as stored; rows that do not match (written by a newer version, or tampered with) are skipped. */
const common = {
  id: z.string().min(1),
  seq: z.number().int().positive(),
  createdAt: z.string(),
  status: z.enum(['pending', 'sending', 'acked', 'rejected']),
  attempts: z.number().int().min(0),
  lastError: z
    .object({ status: z.number().int(), code: z.string(), errors: z.array(fieldError).optional() })
    .nullable(),
  response: z.unknown(),
  dismissed: z.boolean(),
  nextAttemptAt: z.number().nullable().default(null),
  notified: z.boolean().default(false),
}

const storedCommand = z.discriminatedUnion('type', [
  z.object({
    ...common,
    type: z.literal('trip.cancel'),
    payload: cancelTripsRequest.extend({ passengerIds: z.array(id) }),
  }),
  z.object({
    ...common,
    type: z.literal('trip.review'),
    payload: reviewRequest.extend({ passengerId: id }),
  }),
])

/**
 * The payload is kept exactly as stored (the schemas trim text), so every replay of a command sends the same
 * body under the same Idempotency-Key.
 */
export function validCommands(rows: readonly unknown[]): OutboxCommand[] {
  return rows.flatMap((row) => {
    const parsed = storedCommand.safeParse(row)
    if (!parsed.success) return []
    return [{ ...parsed.data, payload: (row as OutboxCommand).payload } as OutboxCommand]
  })
}
