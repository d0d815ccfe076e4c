import { randomUUID } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { operatorEndpoints } from '../../src/contract/operator'
import type { KeyStore } from '../auth/accessTokens'
import { retryOnConflict } from '../db/conflicts'
import type { PermissionRecord } from '../db/repositories/permissions'
import { createPermission, replacePermission } from '../permissions/operatorPermissions'
import { toQuotaView } from '../permissions/quotaView'
import { requestTimeZone } from '../trips/access'
import { appendOperatorEvent } from '../trips/operatorEvents'
import { registerOperatorTrackingLinkRoutes } from './operatorTrackingLinks'
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

  registerOperatorTrackingLinkRoutes(app, keys)
}
