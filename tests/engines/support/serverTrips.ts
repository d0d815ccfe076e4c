import { Temporal } from 'temporal-polyfill'
import type { Page } from 'puppeteer-core'
import type { ApiTrip } from '../../e2e/support/trips'
import type { RunningServer } from '../../e2e/support/server'

/**
 * The server's trips of the page's signed-in user, asked from Node with the page's session cookie straight
 * from the API host, so that they can be read while the page cannot reach it.
 */
export async function serverTrips(server: RunningServer, tenant: string, page: Page): Promise<ApiTrip[]> {
  const cookies = await page.browserContext().cookies()
  const cookie = cookies.map((each) => `${each.name}=${each.value}`).join('; ')
  const tokenAnswer = await fetch(`${server.origin}/api/auth/access_token`, {
    headers: { 'x-tenant': tenant, cookie },
  })
  const { accessToken } = (await tokenAnswer.json()) as { accessToken: string | null }
  if (!accessToken) throw new Error('No session')
  const headers = { 'x-tenant': tenant, authorization: `Bearer ${accessToken}` }
  const passengers = (await (await fetch(`${server.origin}/api/passenger`, { headers })).json()) as {
    id: string
  }[]
  const lists = await Promise.all(
    passengers.map(
      async (passenger) =>
        (await (
          await fetch(`${server.origin}/api/passenger/${passenger.id}/trips`, { headers })
        ).json()) as ApiTrip[],
    ),
  )
  return lists.flat().sort((a, b) => a.startDateTime.localeCompare(b.startDateTime))
}

/** Booked trips from tomorrow on, which stay cancellable whatever the time of day the suite runs. */
export function futureOf(trips: readonly ApiTrip[]): ApiTrip[] {
  const today = Temporal.Now.plainDateISO('Europe/Helsinki').toString()
  return trips.filter(
    (trip) => trip.date > today && !trip.cancelledAt && !trip.pickupTime && !trip.noShowTime,
  )
}
