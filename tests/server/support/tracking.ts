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

/** Makes `app` listen on a free loopback port; its origin. Polls sent there pass the poll front, as a browser's do. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  if (!address || typeof address !== 'object') throw new Error('Not listening')
  return `http://127.0.0.1:${address.port}`
}

/**
 * What a drivers' office's browser asks, over the network to a listening app (`listen`), so that a repeated
 * poll may be a replay of the poll front: no login, the tenant by its header.
 */
export function officePoll(
  origin: string,
  tenant: TenantId,
  link: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${origin}/api/track/${link}`, { headers: { 'x-tenant': tenant, ...headers } })
}
