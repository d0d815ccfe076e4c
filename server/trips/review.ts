import type { Temporal } from 'temporal-polyfill'
import { errorCodes, type FieldError } from '../../src/contract/common'
import type { Trip } from '../../src/contract/trip'
import type { ReviewRequest, TripRef } from '../../src/contract/tripCommands'
import { isValidStars, reviewProblem } from '../../src/domain/trips/review'
import type { TenantDb } from '../db/tenantDb'
import { changedTrip, toTripView, type TripPassenger } from '../domain/tripView'
import { tellOperator } from '../outbox/operatorChanges'
import { HttpError } from '../errors/httpError'
import { userTrip } from './access'

export interface ReviewCommand {
  userId: string
  trip: TripRef
  comment: string
  driverStars: number
  experienceStars: number
  passengers: ReadonlyMap<string, TripPassenger>
  timeZone: string
  now: Temporal.Instant
}

/** Stars above the tenant's scale (4 for two themes) are a validation error, like any other bad field. */
export function starErrors(
  review: Pick<ReviewRequest, 'driverStars' | 'experienceStars'>,
  scale: 4 | 5,
): FieldError[] {
  return (['driverStars', 'experienceStars'] as const)
    .filter((property) => !isValidStars(review[property], scale))
    .map((property) => ({ property, error: 'too_big' }))
}

/**
 * Records the user's review of a completed trip, when the review rule allows it at this moment, and tells the
 * operator; call inside a transaction. 404 for a trip the user cannot see, 409 review_not_available with the
 * reason otherwise.
 */
export async function reviewTrip(db: TenantDb, command: ReviewCommand): Promise<Trip> {
  const trip = await db.trips.find(command.trip.id, { lock: true })
  const found = userTrip(trip, command.trip, command.passengers, command.timeZone)
  if (!found) {
    throw new HttpError(404, errorCodes.notFound, 'Trip not found', [
      { property: 'trip', error: 'not_found' },
    ])
  }
  const problem = reviewProblem(found.view, command.now)
  if (problem) {
    throw new HttpError(409, errorCodes.reviewNotAvailable, `The trip cannot be reviewed: ${problem}`, [
      { property: 'trip', error: problem },
    ])
  }
  const { comment, driverStars, experienceStars, userId } = command
  const next = await db.trips.append(
    found.trip,
    [{ type: 'reviewed', comment, driverStars, experienceStars, userId }],
    command.now,
  )
  await tellOperator(db, [
    {
      type: 'trip.reviewed',
      occurredAt: command.now,
      passengerId: next.passengerId,
      actorUserId: userId,
      data: { trip: changedTrip(next, command.timeZone), driverStars, experienceStars, comment },
    },
  ])
  return toTripView(next, found.passenger, command.timeZone)
}
