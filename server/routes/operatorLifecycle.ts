import type { FastifyInstance } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { operatorLifecycleEndpoints } from '../../src/contract/operatorLifecycle'
import type { KeyStore } from '../auth/accessTokens'
import type { PassengerErasureConfig } from '../config/retentionConfig'
import { retryOnConflict } from '../db/conflicts'
import { zonedIso } from '../domain/tripView'
import { endPassenger } from '../trips/passengerEnd'
import { registerEndpoint } from './registerEndpoint'

/**
 * A passenger's end of life in the operator API (the tenant's X-Api-Key): the end, which the retention's erasure
 * follows (server/retention/passengerErasure.ts).
 */
export function registerOperatorLifecycleRoutes(
  app: FastifyInstance,
  keys: KeyStore,
  config: PassengerErasureConfig,
): void {
  registerEndpoint(app, keys, operatorLifecycleEndpoints.endPassenger, async ({ request, params, body }) => {
    const eraseAfterDays = body.eraseAfterDays ?? config.passengerErasureDays
    // Its trips are locked one by one: a trip's writer that came between makes the whole end run again.
    const end = await retryOnConflict(() =>
      request.db.transaction((db) =>
        endPassenger(db, params.id, { reason: body.reason, eraseAfterDays, now: Temporal.Now.instant() }),
      ),
    )
    const timeZone = request.tenant.timeZone
    return {
      id: end.id,
      endedAt: zonedIso(end.endedAt, timeZone),
      eraseAfter: zonedIso(end.eraseAfter, timeZone),
      cancelledTrips: end.cancelledTrips,
    }
  })
}
