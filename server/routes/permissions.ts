import type { FastifyInstance } from 'fastify'
import { endpoints } from '../../src/contract/endpoints'
import { validOn } from '../../src/domain/permissions/quota'
import type { KeyStore } from '../auth/accessTokens'
import { passengerQuotas } from '../permissions/passengerQuotas'
import { toQuotaView } from '../views/quotaViews'
import { grantedPassenger } from './passengers'
import { registerEndpoint } from './registerEndpoint'

/** A granted passenger's transportation permissions (quotas); any other passenger is a 404 as on every call. */
export function registerPermissionRoutes(app: FastifyInstance, keys: KeyStore): void {
  registerEndpoint(app, keys, endpoints.listTransportationPermissions, async ({ request, user, params }) => {
    const passenger = await grantedPassenger(request, user, params.id)
    return passengerQuotas(request, passenger.id)
  })

  registerEndpoint(app, keys, endpoints.listQuotas, async ({ request, user, params, query }) => {
    const passenger = await grantedPassenger(request, user, params.id)
    return validOn(await request.db.permissions.listForPassenger(passenger.id), query.date).map((record) =>
      toQuotaView(record, query.date),
    )
  })
}
