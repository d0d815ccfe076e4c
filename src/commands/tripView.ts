import type { TripRef } from '../contract'
import { commandOf, type CommandType } from './catalogue'
import { localRefusalCodes, type CommandError, type ShownTrip } from './definition'
import { isWaiting, type OutboxCommand } from './outboxCommand'

/**
 * The screens' overlay of the outbox on the read models: which commands touch a trip, and whether one shows
 * as pending or refused. Pending lasts until the local trip shows the command done (the catalogue's rule).
 */

export interface TripCommands {
  cancel: OutboxCommand<'trip.cancel'> | null
  review: OutboxCommand<'trip.review'> | null
}

const sameTrip = (a: TripRef, b: TripRef) => a.id === b.id && a.date === b.date

/**
 * The trips a stored command touches, as its definition reads them. Rows are read as stored, without the
 * contract's schemas: one the replayer refused as invalid cannot be read, and touches none.
 */
export function tripsOfCommand(command: OutboxCommand): TripRef[] {
  if (command.lastError?.code === localRefusalCodes.invalid) return []
  return commandOf(command.type).trips(command.payload)
}

function touches(command: OutboxCommand, trip: TripRef): boolean {
  return tripsOfCommand(command).some((ref) => sameTrip(ref, trip))
}

function latestOf<T extends CommandType>(
  shown: readonly OutboxCommand[],
  type: T,
  trip: TripRef,
): OutboxCommand<T> | null {
  const found = shown.find((command) => command.type === type && touches(command, trip))
  return (found as OutboxCommand<T> | undefined) ?? null
}

/** The latest cancel and review touching the trip, among those still worth showing: a dismissed rejection is not. */
export function tripCommandsOf(commands: readonly OutboxCommand[], trip: TripRef): TripCommands {
  const shown = commands
    .filter((command) => !(command.status === 'rejected' && command.dismissed))
    .sort((a, b) => b.seq - a.seq)
  return { cancel: latestOf(shown, 'trip.cancel', trip), review: latestOf(shown, 'trip.review', trip) }
}

/** The trips that commands of this type wait to change (sent or not, not yet answered). */
export function waitingTripsOf(commands: readonly OutboxCommand[], type: CommandType): TripRef[] {
  return commands.filter((command) => command.type === type && isWaiting(command)).flatMap(tripsOfCommand)
}

/** How a trip's latest command of one kind shows on screen. */
export type CommandView<T extends CommandType = CommandType> =
  | { kind: 'pending'; command: OutboxCommand<T> }
  | { kind: 'rejected'; command: OutboxCommand<T>; error: CommandError }
  | null

const unknownError: CommandError = { status: 0, code: 'unknown' }

/**
 * A rejection shows until dismissed; any other command, acknowledged or not, is pending until the local trip
 * shows it done (the answer applied, or a pull).
 */
export function commandView<T extends CommandType>(
  trip: ShownTrip,
  command: OutboxCommand<T> | null,
): CommandView<T> {
  if (!command) return null
  if (command.status === 'rejected') {
    return command.dismissed ? null : { kind: 'rejected', command, error: command.lastError ?? unknownError }
  }
  return commandOf(command.type).done(trip, command) ? null : { kind: 'pending', command }
}
