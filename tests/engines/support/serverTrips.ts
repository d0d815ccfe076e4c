import { Temporal } from 'temporal-polyfill'
import { isFutureBooked, type ApiTrip } from '../../e2e/support/trips'
import type { RunningServer } from '../../e2e/support/server'
import type { EngineDriver } from './driver'

/**
 * The server's trips of the browser's signed-in user, asked from Node with its session cookie straight from
 * the API host, so that they can be read while the browser cannot reach it.
 */
export async function serverTrips(
  server: RunningServer,
  tenant: string,
  driver: EngineDriver,
): Promise<ApiTrip[]> {
  const cookie = (await driver.cookies()).map((each) => `${each.name}=${each.value}`).join('; ')
  const tokenAnswer = await fetch(`${server.origin}/api/auth/access_token`, {
    headers: { 'x-tenant': tenant, cookie },
  })
  const { accessToken } = (await tokenAnswer.json()) as { accessToken: string | null }
  if (!accessToken) throw new Error('No session')
  const headers = { 'x-tenant': tenant, authorization: `Bearer ${accessToken}` }
  const read = async <T>(path: string) =>
    (await (await fetch(`${server.origin}${path}`, { headers })).json()) as T
  const passengers = await read<{ id: string }[]>('/api/passenger')
  const lists = await Promise.all(
    passengers.map((passenger) => read<ApiTrip[]>(`/api/passenger/${passenger.id}/trips`)),
  )
  return lists.flat().sort((a, b) => a.startDateTime.localeCompare(b.startDateTime))
}

/** Booked trips from tomorrow on, which stay cancellable whatever the time of day the suite runs. */
export function futureOf(trips: readonly ApiTrip[]): ApiTrip[] {
  const today = Temporal.Now.plainDateISO('Europe/Helsinki').toString()
  return trips.filter((trip) => isFutureBooked(trip, today))
}
