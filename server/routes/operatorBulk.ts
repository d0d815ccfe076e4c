import type { FastifyInstance } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { bulkMaxBytes, operatorBulkEndpoints } from '../../src/contract/operatorBulk'
import type { KeyStore } from '../auth/accessTokens'
import { retryOnConflict } from '../db/conflicts'
import type { Geocoder } from '../geo/geocoder'
import { runBulk } from './bulkItems'
import { registerEndpoint } from './registerEndpoint'

/** The operator's bulk call: a nightly load of passengers, places, permissions and trip events in few requests. */
export function registerOperatorBulkRoute(
  app: FastifyInstance,
  keys: KeyStore,
  services: { geocoder: Geocoder },
): void {
  registerEndpoint(
    app,
    keys,
    operatorBulkEndpoints.bulk,
    async ({ request, body }) => {
      const now = Temporal.Now.instant()
      // A concurrent load booking the same trip, or taking the same reference, fails on a key: run again, it
      // then finds what the other wrote.
      const results = await retryOnConflict(() => runBulk(request.db, services.geocoder, body.items, now))
      return { results }
    },
    { bodyLimit: bulkMaxBytes },
  )
}
