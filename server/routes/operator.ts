import { randomUUID } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { errorCodes } from '../../src/contract/common'
import { awaitingBookingsMax, operatorEndpoints } from '../../src/contract/operator'
import type { KeyStore } from '../auth/accessTokens'
import type { PassengerErasureConfig } from '../config/retentionConfig'
import { retryOnConflict } from '../db/conflicts'
import type { PermissionRecord } from '../db/repositories/permissions'
import { zonedIso } from '../domain/tripView'
import { toOperatorTrip } from '../views/operatorTripViews'
import type { Geocoder } from '../geo/geocoder'
import { createPermission, replacePermission } from '../passengers/operatorPermissions'
import { HttpError } from '../errors/httpError'
import { toWrittenPermission } from '../views/quotaViews'
import { appendOperatorEvent } from '../trips/operatorEvents'
import { registerOperatorAccessRoutes } from './operatorAccess'
import { registerOperatorBulkRoute } from './operatorBulk'
import { registerOperatorChangesRoutes } from './operatorChanges'
import { registerOperatorLifecycleRoutes } from './operatorLifecycle'
import { registerOperatorPassengersRoutes } from './operatorPassengers'
import { registerOperatorTrackingLinkRoutes } from './operatorTrackingLinks'
import { registerOperatorWebhookRoutes } from './operatorWebhooks'
import { registerEndpoint } from './registerEndpoint'

/** A written permission as the operator gets it back: with its passenger and what is left today. */
function writtenView(request: FastifyRequest, record: PermissionRecord) {
  return toWrittenPermission(record, Temporal.Now.plainDateISO(request.tenant.timeZone).toString())
}

/**
 * The operator integration API: a dispatch system, with its tenant's X-Api-Key, reports what happens to trips and
 * writes the passengers, their places and transportation permissions.
 */
export function registerOperatorRoutes(
  app: FastifyInstance,
  keys: KeyStore,
  services: PassengerErasureConfig & { geocoder: Geocoder },
): void {
  registerEndpoint(app, keys, operatorEndpoints.appendTripEvent, async ({ request, params, body }) => {
    const seq = await retryOnConflict(() =>
      request.db.transaction((db) => appendOperatorEvent(db, params.id, body, Temporal.Now.instant())),
    )
    return { tripId: params.id, seq }
  })

  registerEndpoint(app, keys, operatorEndpoints.listAwaitingBookings, async ({ request }) => {
    const timeZone = request.tenant.timeZone
    const trips = await request.db.trips.listAwaiting(awaitingBookingsMax)
    return trips.map((trip) => ({
      tripId: trip.id,
      passengerId: trip.passengerId,
      date: trip.start.toZonedDateTimeISO(timeZone).toPlainDate().toString(),
      startDateTime: zonedIso(trip.start, timeZone),
      endDateTime: zonedIso(trip.end, timeZone),
      seriesId: trip.series?.id ?? null,
    }))
  })

  registerEndpoint(app, keys, operatorEndpoints.getTrip, async ({ request, params }) => {
    const trip = await request.db.trips.find(params.id)
    if (!trip) throw new HttpError(404, errorCodes.notFound, `Trip ${params.id} not found`)
    return toOperatorTrip(trip, request.tenant.timeZone)
  })

  registerEndpoint(app, keys, operatorEndpoints.getSeries, async ({ request, params }) => {
    const trips = await request.db.trips.listSeries(params.id)
    const series = trips[0]?.series
    if (!series) throw new HttpError(404, errorCodes.notFound, 'Series not found')
    const timeZone = request.tenant.timeZone
    return {
      ...series,
      passengerId: trips[0]!.passengerId,
      trips: trips.map((trip) => ({
        tripId: trip.id,
        date: trip.start.toZonedDateTimeISO(timeZone).toPlainDate().toString(),
        startDateTime: zonedIso(trip.start, timeZone),
        // A series is booked in the portal: every ride of it awaits, or had, the operator's decision.
        approval: trip.approval ?? 'approved',
        cancelled: trip.cancelledAt !== null,
      })),
    }
  })

  registerEndpoint(
    app,
    keys,
    operatorEndpoints.createTransportationPermission,
    async ({ request, params, body }) => {
      const record = await request.db.transaction((db) => createPermission(db, randomUUID(), params.id, body))
      return writtenView(request, record)
    },
  )

  registerEndpoint(
    app,
    keys,
    operatorEndpoints.updateTransportationPermission,
    async ({ request, params, body }) => {
      const record = await request.db.transaction((db) => replacePermission(db, params.id, body))
      return writtenView(request, record)
    },
  )

  registerOperatorTrackingLinkRoutes(app, keys)
  registerOperatorAccessRoutes(app, keys)
  registerOperatorLifecycleRoutes(app, keys, services)
  registerOperatorChangesRoutes(app, keys)
  registerOperatorWebhookRoutes(app, keys)
  registerOperatorPassengersRoutes(app, keys, services)
  registerOperatorBulkRoute(app, keys, services)
}
