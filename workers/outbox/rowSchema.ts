import { z } from 'zod'
import * as contract from '../../src/contract/commandPayloads'
import { catalogue } from '../../src/commands/catalogue'
import type { OutboxCommand } from '../../src/commands/outboxCommand'

/**
 * An outbox row as stored. A row that does not match (half-formed, tampered with, or written by another version)
 * is never sent: the replayer refuses it (workers/outbox/replayRows.ts).
 */
const common = {
  id: z.string().min(1),
  seq: z.number().int().positive(),
  // An instant: the replay reckons from it (resendDeadline) and prunes by it.
  createdAt: contract.isoDateTime,
  status: z.enum(['pending', 'sending', 'acked', 'rejected']),
  attempts: z.number().int().min(0),
  lastError: z
    .object({ status: z.number().int(), code: z.string(), errors: z.array(contract.fieldError).optional() })
    .nullable(),
  response: z.unknown(),
  dismissed: z.boolean(),
  nextAttemptAt: z.number().nullable().default(null),
  firstSentAt: z.number().nullable().default(null),
  notified: z.boolean().default(false),
}

/** One row schema per command of the catalogue, told apart by `type`. */
const rows = Object.values(catalogue).map((command) =>
  z.object({ ...common, type: z.literal(command.type), payload: command.payload(contract) }),
)
const storedCommand = z.discriminatedUnion('type', rows as [(typeof rows)[number], ...typeof rows])

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
