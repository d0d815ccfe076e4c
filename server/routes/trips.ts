import type { FastifyInstance } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { errorCodes } from '../../src/contract/common'
import { followingTripsMax } from '../../src/contract/tripCommands'
import { endpoints, tripDatesMaxDays } from '../../src/contract/endpoints'
import type { KeyStore } from '../auth/accessTokens'
import { retryOnConflict } from '../db/conflicts'
import { grantedPassengerTags } from '../db/repositories/readVersions'
import { toTripView, withPassenger } from '../domain/tripView'
import { HttpError } from '../errors/httpError'
import { grantedPassengers, grantedTrip, toTripPassenger } from '../trips/access'
import { cancelTrips } from '../trips/cancel'
import { reviewTrip, starErrors } from '../trips/review'
import { polled, registerEndpoint } from './registerEndpoint'

/**
 * Cancel, review and status of trips. Commands may arrive long after the user made them (the portal's outbox
 * replays them when back online), so every rule is judged again now, on the trip as it is in the database.
 */
export function registerTripRoutes(app: FastifyInstance, keys: KeyStore): void {
  registerEndpoint(app, keys, endpoints.cancelTrips, async ({ request, user, body }) => {
    const timeZone = request.tenant.timeZone
    const passengers = await grantedPassengers(request.db, user.id)
    const { trips, reason, reasonCode, source, following } = body
    if (following && trips.length > followingTripsMax)
      throw new HttpError(
        400,
        errorCodes.validation,
        'The following trips are those of a trip and its return',
        [{ property: 'trips', error: 'invalid_value' }],
      )
    const command = { userId: user.id, trips, reason, reasonCode, source, following, passengers, timeZone }
    const outcome = await retryOnConflict(() =>
      request.db.transaction((db) => cancelTrips(db, { ...command, now: Temporal.Now.instant() })),
    )
    if (outcome.cancelled.length === 0) {
      throw new HttpError(
        409,
        errorCodes.tripNotCancellable,
        'None of the trips can be cancelled any more',
        outcome.problems,
      )
    }
    return outcome.cancelled
  })

  // The cancel wizard's dates past the two weeks it has: a series' rides there are found here (online only).
  registerEndpoint(app, keys, endpoints.listTripsInDates, async ({ request, user, params, query }) => {
    const timeZone = request.tenant.timeZone
    const from = Temporal.PlainDate.from(query.from)
    const to = Temporal.PlainDate.from(query.to)
    const today = Temporal.Now.zonedDateTimeISO(timeZone).toPlainDate()
    const wrong = (property: 'from' | 'to', message: string) =>
      new HttpError(400, errorCodes.validation, message, [{ property, error: 'invalid_value' }])
    if (Temporal.PlainDate.compare(from, today) < 0)
      throw wrong('from', 'The dates start today at the earliest')
    if (Temporal.PlainDate.compare(to, from) < 0) throw wrong('to', 'The dates end on or after their start')
    if (from.until(to).days > tripDatesMaxDays)
      throw wrong('to', `The dates span ${tripDatesMaxDays} days at most`)
    const found = await request.db.trips.grantedPassengerTrips(
      user.id,
      params.id,
      from.toZonedDateTime(timeZone).toInstant(),
      to.add({ days: 1 }).toZonedDateTime(timeZone).toInstant(),
      timeZone,
    )
    if (!found) throw new HttpError(404, errorCodes.notFound, 'Passenger not found')
    return found.trips.map((trip) => withPassenger(trip, found.passenger))
  })

  registerEndpoint(app, keys, endpoints.reviewTrip, async ({ request, user, body }) => {
    const errors = starErrors(body, request.tenant.config.starScale)
    if (errors.length > 0) {
      throw new HttpError(400, errorCodes.validation, "Stars go up to the tenant's scale", errors)
    }
    const timeZone = request.tenant.timeZone
    const passengers = await grantedPassengers(request.db, user.id)
    const command = { ...body, userId: user.id, passengers, timeZone }
    return retryOnConflict(() =>
      request.db.transaction((db) => reviewTrip(db, { ...command, now: Temporal.Now.instant() })),
    )
  })

  // Polled every 10 s by every open trip detail: the grant and the version of the passenger and its trips, as
  // the database last announced them (no query while nothing changed), and the answer with its ETag built once
  // per version (server/reads/).
  registerEndpoint(
    app,
    keys,
    endpoints.tripStatus,
    async ({ request, user, body, replayable }) => {
      const notFound = () => new HttpError(404, errorCodes.notFound, 'Trip not found')
      const version = await request.db.readVersions.grantedPassenger(user.id, body.passengerId, {
        announced: true,
      })
      if (version === undefined) throw notFound()
      replayable({ tags: grantedPassengerTags(user.id, body.passengerId) })
      const timeZone = request.tenant.timeZone
      const key = `status\u0000${request.tenant.id}\u0000${body.passengerId}\u0000${body.tripId}\u0000${body.date}\u0000${timeZone}`
      return request.server.answerCache.answer(key, version, async () => {
        const found = await grantedTrip(request.db, user.id, body, timeZone)
        if (!found) throw notFound()
        return toTripView(found.trip, toTripPassenger(found.passenger), timeZone)
      })
    },
    polled,
  )
}
