import type { FastifyInstance } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { errorCodes } from '../../src/contract/common'
import { followingTripsMax } from '../../src/contract/tripCommands'
import { endpoints } from '../../src/contract/endpoints'
import type { KeyStore } from '../auth/accessTokens'
import { retryOnConflict } from '../db/conflicts'
import { grantedPassengerTags } from '../db/repositories/readVersions'
import { toTripView } from '../domain/tripView'
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
