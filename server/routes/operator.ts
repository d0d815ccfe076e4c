import type { FastifyInstance } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { operatorEndpoints } from '../../src/contract/operator'
import type { KeyStore } from '../auth/accessTokens'
import { retryOnConflict } from '../db/conflicts'
import { appendOperatorEvent } from '../trips/operatorEvents'
import { registerEndpoint } from './registerEndpoint'

/** The operator integration API: a dispatch system, with its tenant's X-Api-Key, reports what happens to trips. */
export function registerOperatorRoutes(app: FastifyInstance, keys: KeyStore): void {
  registerEndpoint(app, keys, operatorEndpoints.appendTripEvent, async ({ request, params, body }) => {
    const seq = await retryOnConflict(() =>
      request.db.transaction((db) => appendOperatorEvent(db, params.id, body, Temporal.Now.instant())),
    )
    return { tripId: params.id, seq }
  })
}
