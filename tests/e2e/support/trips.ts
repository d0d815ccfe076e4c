import { Temporal } from 'temporal-polyfill'
import type { BrowserContext, Page } from '@playwright/test'
import type { RunningServer } from './server'
import { accessToken, apiGet } from './portal'

export interface ApiTrip {
  id: string
  date: string
  passenger: { id: string; name: string }
  startDateTime: string
  carName: string | null
  pickupTime: string | null
  dropoffTime: string | null
  cancelledAt: string | null
  noShowTime: string | null
  allowReview: boolean
  reviews: unknown[]
}

/** Every trip of the signed-in user's passengers, as the server has them now. */
export async function serverTrips(page: Page): Promise<ApiTrip[]> {
  const token = await accessToken(page)
  const passengers = (await apiGet(page, '/api/passenger', token)).body as { id: string }[]
  const lists = await Promise.all(
    passengers.map(
      async (passenger) => (await apiGet(page, `/api/passenger/${passenger.id}/trips`, token)).body,
    ),
  )
  return (lists as ApiTrip[][]).flat().sort((a, b) => a.startDateTime.localeCompare(b.startDateTime))
}

/** Booked trips from tomorrow on, which stay cancellable whatever the time of day the suite runs. */
export async function futureTrips(page: Page, count: number): Promise<ApiTrip[]> {
  const today = await page.evaluate(() =>
    new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Helsinki' }).format(Date.now()),
  )
  const trips = (await serverTrips(page)).filter(
    (trip) => trip.date > today && !trip.cancelledAt && !trip.pickupTime && !trip.noShowTime,
  )
  if (trips.length < count) throw new Error(`Only ${trips.length} future trips`)
  return trips.slice(0, count)
}

/**
 * A trip the user can review: one the demo completed today or, in the hour after midnight when today has none
 * yet, the user's last trip of the list, completed now through the operator API (the last, so that it is none
 * of the trips `futureTrips` gives first).
 */
export async function reviewableTrip(page: Page, server: RunningServer, tenant: string): Promise<ApiTrip> {
  const trips = await serverTrips(page)
  const done = trips.find((trip) => trip.dropoffTime && trip.allowReview && trip.reviews.length === 0)
  if (done) return done
  const last = trips.findLast(
    (trip) => trip.allowReview && !trip.pickupTime && !trip.cancelledAt && !trip.noShowTime,
  )
  if (!last) throw new Error('No trip to complete for a review')
  await operatorEvent(server, tenant, last.id, { type: 'pickedUp' })
  await operatorEvent(server, tenant, last.id, { type: 'droppedOff' })
  return last
}

/** Appends an event to a trip through the operator integration API, as a dispatch system would. */
export async function operatorEvent(
  server: RunningServer,
  tenant: string,
  tripId: string,
  event: Record<string, unknown>,
): Promise<void> {
  const response = await fetch(`${server.origin}/api/operator/trips/${tripId}/events`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-tenant': tenant,
      'x-api-key': `demo-operator-${tenant}`,
    },
    body: JSON.stringify(event),
  })
  if (!response.ok) throw new Error(`Operator event failed: ${response.status} ${await response.text()}`)
}

/**
 * The server's view of one trip, asked from Node with the context's session cookie, so that no portal tab has
 * to be open (a tab would start the portal's own sync).
 */
export async function serverTripFromNode(
  server: RunningServer,
  tenant: string,
  context: BrowserContext,
  trip: { id: string; passenger: { id: string } },
): Promise<ApiTrip | undefined> {
  const cookies = await context.cookies(server.tenantOrigin(tenant))
  const headers = { 'x-tenant': tenant, cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') }
  const tokenAnswer = await fetch(`${server.origin}/api/auth/access_token`, { headers })
  const { accessToken } = (await tokenAnswer.json()) as { accessToken: string | null }
  const trips = await fetch(`${server.origin}/api/passenger/${trip.passenger.id}/trips`, {
    headers: { 'x-tenant': tenant, authorization: `Bearer ${accessToken}` },
  })
  return ((await trips.json()) as ApiTrip[]).find((candidate) => candidate.id === trip.id)
}

/**
 * Gives each of the signed-in user's passengers a transportation permission through the operator API, as the
 * transport operator's system would: trips anywhere, via points with no deviation limit, 20 trips from
 * yesterday for two months. A journey then does not depend on where the demo's places happen to lie.
 */
export async function grantViaPointPermission(
  page: Page,
  server: RunningServer,
  tenant: string,
  name: string,
): Promise<void> {
  const token = await accessToken(page)
  const passengers = (await apiGet(page, '/api/passenger', token)).body as { id: string }[]
  const today = Temporal.Now.plainDateISO('Europe/Helsinki')
  const [startDate, endDate] = [today.subtract({ days: 1 }).toString(), today.add({ days: 60 }).toString()]
  for (const passenger of passengers) {
    const response = await fetch(
      `${server.origin}/api/operator/passengers/${passenger.id}/transportationPermissions`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-tenant': tenant,
          'x-api-key': `demo-operator-${tenant}`,
        },
        body: JSON.stringify({
          name,
          decisionType: 'OTHER',
          tripDestinations: 3,
          allowViaPoints: true,
          startDate,
          endDate,
          periods: [
            {
              startDate,
              endDate,
              totalQuota: 20,
              usedQuota: 0,
              totalExpressQuota: 0,
              usedExpressQuota: 0,
              savedToNext: 0,
              borrowed: 0,
            },
          ],
        }),
      },
    )
    if (!response.ok) throw new Error(`Permission not given: ${response.status} ${await response.text()}`)
  }
}
