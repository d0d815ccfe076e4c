import type { CommandPayloads, CommandType } from './catalogue'
import type { CommandError, CommandStatus } from './definition'

/**
 * A command as the outbox keeps it (design brief, "Writes are commands"), read by the page, the sync worker
 * and the service worker alike.
 */
export interface OutboxCommand<T extends CommandType = CommandType> {
  /** UUID, sent as Idempotency-Key. */
  id: string
  /** Per device (per local database), the replay order. */
  seq: number
  type: T
  payload: CommandPayloads[T]
  /** ISO instant. */
  createdAt: string
  status: CommandStatus
  /** Requests sent so far; the backoff grows with it. */
  attempts: number
  /** The last refusal (rejected) or the last transient failure (pending, to be retried). */
  lastError: CommandError | null
  /** The server's answer once acked (Trip[] for a cancel, Trip for a review). */
  response: unknown
  /** The user has seen a rejection. */
  dismissed: boolean
  /** Epoch milliseconds before which a failed command is not retried (backoff); null to send at once. */
  nextAttemptAt: number | null
  /**
   * Epoch milliseconds of its first request, which may have reached the server; null until it is sent. A command
   * is not sent again once the server may have forgotten its key (workers/outbox/replayRows.ts).
   */
  firstSentAt: number | null
  /** A notice about the rejection has been shown (once, whichever tab saw it first). */
  notified: boolean
}

/** Not yet answered for good: still to be sent, or sent without a final answer. */
export function isWaiting(command: Pick<OutboxCommand, 'status'>): boolean {
  return command.status === 'pending' || command.status === 'sending'
}

/** Still to change what a trip shows: waiting to be sent or answered, or refused and not yet read. */
export function isUnsettled(command: Pick<OutboxCommand, 'status' | 'dismissed'>): boolean {
  return isWaiting(command) || (command.status === 'rejected' && !command.dismissed)
}
