import type { CancelTripsRequest, FieldError, ReviewRequest } from '../contract'

/**
 * The command outbox's row (design brief, "Writes are commands"). Kept with the database so the sync worker and
 * the service worker share it without importing the app; `src/app/commands.ts` re-exports it for the screens.
 */

export type CommandStatus = 'pending' | 'sending' | 'acked' | 'rejected'

/** Why the server refused a command: its HTTP status, the error code and field errors of the answer. */
export interface CommandError {
  status: number
  code: string
  errors?: FieldError[]
}

export interface CommandPayloads {
  /** `trips` and `reason` are sent; `passengerIds` lets the screens find the command per passenger. */
  'trip.cancel': CancelTripsRequest & { passengerIds: string[] }
  /** `passengerId` stays local, like `passengerIds` above. */
  'trip.review': ReviewRequest & { passengerId: string }
}

export type CommandType = keyof CommandPayloads

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
  /** A notice about the rejection has been shown (once, whichever tab saw it first). */
  notified: boolean
}

/** Not yet answered for good: still to be sent, or sent without a final answer. */
export function isWaiting(command: Pick<OutboxCommand, 'status'>): boolean {
  return command.status === 'pending' || command.status === 'sending'
}
