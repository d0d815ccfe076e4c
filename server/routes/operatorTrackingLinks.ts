import type { FastifyInstance } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { operatorEndpoints } from '../../src/contract/operator'
import type { KeyStore } from '../auth/accessTokens'
import type { TenantDb } from '../db/tenantDb'
import { isShownToPassenger, type TripProjection } from '../domain/tripProjection'
import { linkNotFound, newLinkToken, toTrackingLink, tripNotFound } from '../tracking/links'
import { isOnDate } from '../trips/access'
import { registerEndpoint } from './registerEndpoint'

/** A trip of the tenant that its passenger sees, on `date`; else 404. `lock` keeps its row until the transaction ends. */
async function tripOnDate(
  db: TenantDb,
  tripId: string,
  date: string,
  timeZone: string,
  options: { lock?: boolean } = {},
): Promise<TripProjection> {
  const trip = await db.trips.find(tripId, options)
  if (!trip || !isShownToPassenger(trip) || !isOnDate(trip, date, timeZone)) throw tripNotFound()
  return trip
}

/**
 * The operator's tracking links (operator API, the tenant's X-Api-Key): one per trip, given again to every call
 * (a link's window is its trip's, so a new one would last no longer), listed and revoked by any of the tenant's
 * keys. Revoking a key revokes the links it made (migration 0014).
 */
export function registerOperatorTrackingLinkRoutes(app: FastifyInstance, keys: KeyStore): void {
  registerEndpoint(
    app,
    keys,
    operatorEndpoints.createTrackingLink,
    async ({ request, operatorKey, params, body }) => {
      const timeZone = request.tenant.timeZone
      return request.db.transaction(async (db) => {
        // With the trip's row locked, two calls at once get the same link.
        const trip = await tripOnDate(db, params.id, body.date, timeZone, { lock: true })
        const current = (await db.trackingLinks.listOf(trip.id, body.date, 'operator')).at(-1)
        const row =
          current ??
          (await db.trackingLinks.create(newLinkToken(), trip.id, body.date, {
            operatorKeyId: operatorKey.id,
          }))
        return toTrackingLink(row, trip, timeZone)
      })
    },
  )

  registerEndpoint(app, keys, operatorEndpoints.listTrackingLinks, async ({ request, params, query }) => {
    const timeZone = request.tenant.timeZone
    const trip = await tripOnDate(request.db, params.id, query.date, timeZone)
    const rows = await request.db.trackingLinks.listOf(trip.id, query.date, 'operator')
    return rows.map((row) => toTrackingLink(row, trip, timeZone))
  })

  registerEndpoint(app, keys, operatorEndpoints.revokeTrackingLink, async ({ request, params }) => {
    if (!(await request.db.trackingLinks.revoke(params.link, 'operator', Temporal.Now.instant()))) {
      throw linkNotFound()
    }
    return null
  })
}
