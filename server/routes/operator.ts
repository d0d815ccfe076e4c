import { randomUUID } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { errorCodes } from '../../src/contract/common'
import { operatorEndpoints } from '../../src/contract/operator'
import type { KeyStore } from '../auth/accessTokens'
import { retryOnConflict } from '../db/conflicts'
import type { PermissionRecord } from '../db/repositories/permissions'
import { createPermission, replacePermission } from '../permissions/operatorPermissions'
import { toQuotaView } from '../permissions/quotaView'
import { isShownToPassenger } from '../domain/tripProjection'
import { HttpError } from '../plugins/errors'
import { newLinkToken, toTrackingLink } from '../tracking/links'
import { isOnDate, requestTimeZone } from '../trips/access'
import { appendOperatorEvent } from '../trips/operatorEvents'
import { registerEndpoint } from './registerEndpoint'

/** A written permission as the operator gets it back: with its passenger and what is left today. */
function writtenView(request: FastifyRequest, record: PermissionRecord) {
  const today = Temporal.Now.plainDateISO(requestTimeZone(request)).toString()
  return { ...toQuotaView(record, today), passengerId: record.passengerId }
}

/**
 * The operator integration API: a dispatch system, with its tenant's X-Api-Key, reports what happens to trips and
 * writes the passengers' transportation permissions.
 */
export function registerOperatorRoutes(app: FastifyInstance, keys: KeyStore): void {
  registerEndpoint(app, keys, operatorEndpoints.appendTripEvent, async ({ request, params, body }) => {
    const seq = await retryOnConflict(() =>
      request.db.transaction((db) => appendOperatorEvent(db, params.id, body, Temporal.Now.instant())),
    )
    return { tripId: params.id, seq }
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

  // A new link each call: the operator hands one to each office and revokes none (they end with the trip).
  registerEndpoint(
    app,
    keys,
    operatorEndpoints.createTrackingLink,
    async ({ request, operatorKey, params, body }) => {
      const timeZone = requestTimeZone(request)
      const trip = await request.db.trips.find(params.id)
      if (!trip || !isShownToPassenger(trip) || !isOnDate(trip, body.date, timeZone)) {
        throw new HttpError(404, errorCodes.notFound, 'Trip not found')
      }
      const row = await request.db.trackingLinks.create(newLinkToken(), trip.id, body.date, {
        operatorKeyId: operatorKey.id,
      })
      return toTrackingLink(row, trip, timeZone)
    },
  )
}
