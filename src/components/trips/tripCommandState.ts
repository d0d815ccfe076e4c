import type { CommandError, CommandType, OutboxCommand } from '../../app/commands'
import type { Trip } from '../../contract/trip'

/** How a trip's latest command of one kind shows on screen. */
export type CommandView<T extends CommandType = CommandType> =
  | { kind: 'pending'; command: OutboxCommand<T> }
  | { kind: 'rejected'; command: OutboxCommand<T>; error: CommandError }
  | null

const unknownError: CommandError = { status: 0, code: 'unknown' }

function viewOf<T extends CommandType>(command: OutboxCommand<T> | null, confirmed: boolean): CommandView<T> {
  if (!command) return null
  if (command.status === 'rejected') {
    return command.dismissed ? null : { kind: 'rejected', command, error: command.lastError ?? unknownError }
  }
  // An acknowledged command stays pending until the local trip shows its effect (the answer or a pull).
  return confirmed ? null : { kind: 'pending', command }
}

/**
 * A cancellation is pending until the trip has `cancelledAt`; a rejection shows until dismissed. An
 * acknowledged cancellation whose answer leaves this trip out (a wizard's partial result) did not cancel it.
 */
export function cancelView(
  trip: Pick<Trip, 'id' | 'date' | 'cancelledAt'>,
  command: OutboxCommand<'trip.cancel'> | null,
): CommandView<'trip.cancel'> {
  if (command?.status === 'acked' && !answerIncludes(command.response, trip)) return null
  return viewOf(command, trip.cancelledAt !== null)
}

function answerIncludes(response: unknown, trip: Pick<Trip, 'id' | 'date'>): boolean {
  if (!Array.isArray(response)) return true
  return response.some(
    (entry: Partial<Pick<Trip, 'id' | 'date'>> | null) => entry?.id === trip.id && entry.date === trip.date,
  )
}

/** A review is pending until the trip carries a review; a rejection shows until dismissed. */
export function reviewView(
  trip: Pick<Trip, 'reviews'>,
  command: OutboxCommand<'trip.review'> | null,
): CommandView<'trip.review'> {
  return viewOf(command, trip.reviews.length > 0)
}
