import type { FastifyInstance } from 'fastify'
import type { TrackingLink } from '../../../src/contract/tracking'
import type { TripRef } from '../../../src/contract/tripCommands'
import type { TenantId } from '../../../tenants'
import { api } from './app'

/** Creates (or gets again) the user's tracking link of a trip; returns the raw response. */
export function createLink(
  app: FastifyInstance,
  tenant: TenantId,
  token: string,
  passengerId: string,
  trip: TripRef,
) {
  return api(app, tenant, token, {
    method: 'POST',
    url: '/api/trip/trackingLink',
    payload: { passengerId, tripId: trip.id, date: trip.date },
  })
}

/** The user's tracking link of a trip, which must be made. */
export async function linkOf(
  app: FastifyInstance,
  tenant: TenantId,
  token: string,
  passengerId: string,
  trip: TripRef,
): Promise<TrackingLink> {
  const response = await createLink(app, tenant, token, passengerId, trip)
  if (response.statusCode !== 200) throw new Error(`No link: ${response.body}`)
  return response.json()
}

/** What a drivers' office's browser asks: no login, the tenant's host. */
export function track(
  app: FastifyInstance,
  tenant: TenantId,
  link: string,
  headers: Record<string, string> = {},
) {
  return api(app, tenant, null, { url: `/api/track/${link}`, headers })
}
