import type { Temporal } from 'temporal-polyfill'
import { errorCodes } from '../../src/contract/common'
import type { PassengerRow } from '../db/repositories/passengers'
import type { TenantDb } from '../db/tenantDb'
import { HttpError } from '../errors/httpError'
import { appendOperatorEvent } from './operatorEvents'

export interface PassengerEndCommand {
  /** Why: the end's, and each cancelled trip's. */
  reason: string
  /** Days from the end to the erasure of the passenger's personal data (server/retention/passengerErasure.ts). */
  eraseAfterDays: number
  now: Temporal.Instant
}

/** A passenger's end as it stands: when, when its personal data goes, and how many trips the end cancelled. */
export interface PassengerEndState {
  id: string
  endedAt: Temporal.Instant
  eraseAfter: Temporal.Instant
  cancelledTrips: number
}

function stateOf(passenger: PassengerRow, cancelledTrips: number): PassengerEndState {
  const { ended_at: endedAt, erase_after: eraseAfter } = passenger
  if (!endedAt || !eraseAfter) throw new Error(`Passenger ${passenger.id} has not ended`)
  return { id: passenger.id, endedAt, eraseAfter, cancelledTrips }
}

/**
 * Ends a passenger of the tenant (404 for any other); call inside a transaction. With its row locked (a booking
 * waits, then sees it ended): its trips still to come are cancelled through the trip log, as the operator's own
 * cancellations, so that their projections, read versions and the guardians' notices follow as for any; then the
 * guardians lose it, with every other way to it, its trips' tracking links are revoked and its end is recorded,
 * its erasure due `eraseAfterDays` on. An ended passenger is left as it is and answered as its end stands.
 */
export async function endPassenger(
  db: TenantDb,
  passengerId: string,
  command: PassengerEndCommand,
): Promise<PassengerEndState> {
  const life = db.passengerLife
  const passenger = await life.findLocked(passengerId, 'update')
  if (!passenger) throw new HttpError(404, errorCodes.notFound, 'No such passenger in this tenant')
  if (passenger.ended_at) return stateOf(passenger, await life.countCancelledAtEnd(passenger))
  const { reason, now } = command
  // Before the cancellations, which queue the guardians' notices of them: those go out, the rest does not.
  await life.dropQueuedNotifications(passengerId)
  const tripIds = await life.cancellableTripIds(passengerId, now)
  for (const tripId of tripIds) {
    await appendOperatorEvent(db, tripId, { type: 'cancelled', reason }, now)
  }
  // After them: the notices were queued for the guardians it had, by the choices they had made.
  await life.revokeTrackingLinks(passengerId, now)
  await life.removeAccess(passengerId)
  const ended = await life.end(passengerId, {
    at: now,
    reason,
    eraseAfter: now.add({ hours: 24 * command.eraseAfterDays }),
  })
  return stateOf(ended, tripIds.length)
}
