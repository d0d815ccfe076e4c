import type { FastifyRequest } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { toQuotaView } from '../views/quotaViews'

/** A passenger's transportation permissions with all their periods, the remaining quota today's (tenant time). */
export async function passengerQuotas(request: FastifyRequest, passengerId: string) {
  const today = Temporal.Now.plainDateISO(request.tenant.timeZone).toString()
  return (await request.db.permissions.listForPassenger(passengerId)).map((record) =>
    toQuotaView(record, today),
  )
}
