import { Temporal } from 'temporal-polyfill'
import type { BrowserContext, Page } from '@playwright/test'
import type { RunningServer } from './server'
import type { OperatorPermission } from '../../../src/contract/operatorPassengers'
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
  allowEtaQuery: boolean
  reviews: unknown[]
  status: { code: number; carLocation: { latitude: number; longitude: number } | null } | null
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

/**
 * The demo's trips today that are under way or start within 30 minutes and allow ETA queries: their detail
 * shows the tracking panel. Those whose car has a location come first.
 */
export async function trackedTrips(page: Page): Promise<ApiTrip[]> {
  const soon = Temporal.Now.instant().add({ minutes: 30 })
  const trips = (await serverTrips(page)).filter(
    (trip) =>
      trip.allowEtaQuery &&
      !trip.cancelledAt &&
      !trip.dropoffTime &&
      !trip.noShowTime &&
      Temporal.Instant.compare(Temporal.Instant.from(trip.startDateTime), soon) <= 0,
  )
  const located = (trip: ApiTrip) => (trip.status?.carLocation ? 0 : 1)
  return trips.sort((a, b) => located(a) - located(b))
}

/** A booked trip from tomorrow on (`today` YYYY-MM-DD), which stays cancellable whatever the time of day. */
export const isFutureBooked = (trip: ApiTrip, today: string): boolean =>
  trip.date > today && !trip.cancelledAt && !trip.pickupTime && !trip.noShowTime

/** Booked trips from tomorrow on, which stay cancellable whatever the time of day the suite runs. */
export async function futureTrips(page: Page, count: number): Promise<ApiTrip[]> {
  const today = await page.evaluate(() =>
    new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Helsinki' }).format(Date.now()),
  )
  const trips = (await serverTrips(page)).filter((trip) => isFutureBooked(trip, today))
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

/**
 * Books a trip for `passengerId` starting `minutes` from now through the operator API, as a dispatch system
 * would: from a school to a swimming hall in Turku, with ETA queries allowed. Its id, date and start.
 */
export async function bookTripSoon(
  server: RunningServer,
  tenant: string,
  passengerId: string,
  minutes: number,
): Promise<{ id: string; date: string; start: string }> {
  const id = `e2e-${crypto.randomUUID()}`
  const start = Temporal.Now.zonedDateTimeISO('Europe/Helsinki')
    .add({ minutes })
    .round({ smallestUnit: 'minute', roundingMode: 'ceil' })
  await operatorEvent(server, tenant, id, {
    type: 'booked',
    passengerId,
    start: start.toInstant().toString(),
    end: start.add({ minutes: 20 }).toInstant().toString(),
    startAddress: { alias: 'Koulu', address: 'Koulukatu 6, 20560 Turku', lat: 60.4449, lng: 22.2871 },
    endAddress: { alias: 'Uimahalli', address: 'Urheilukatu 28, 20530 Turku', lat: 60.4313, lng: 22.2602 },
    viaPoints: [],
    deductibleCents: null,
    note: null,
    allowEtaQuery: true,
    allowReview: true,
  })
  return { id, date: start.toPlainDate().toString(), start: start.toInstant().toString() }
}

/**
 * A trip of `passengerId` starting in 10 minutes, inside the fast polling window, booked, its car dispatched
 * (with a driver's phone, which a tracking link must not show) and sent on its way as a dispatch system
 * would: its detail shows the tracking panel at once. Its id, date and start.
 */
export async function tripUnderWay(
  server: RunningServer,
  tenant: string,
  passengerId: string,
): Promise<{ id: string; date: string; start: string }> {
  const trip = await bookTripSoon(server, tenant, passengerId, 10)
  const car = {
    name: 'Invataksi 5',
    registerNumber: 'IVA-505',
    phone: '+358 40 123 4567',
    driverName: 'Kari Kuski',
  }
  await operatorEvent(server, tenant, trip.id, { type: 'dispatched', car })
  await operatorEvent(server, tenant, trip.id, { type: 'enRoute', etd: trip.start })
  return trip
}

/** Appends an event to a trip through the operator integration API, as a dispatch system would. */
export async function operatorEvent(
  server: RunningServer,
  tenant: string,
  tripId: string,
  event: Record<string, unknown>,
): Promise<void> {
  await operatorCall(server, tenant, 'POST', `/trips/${tripId}/events`, event, 'Operator event failed')
}

/** A tracking link for a trip made through the operator API, as for a drivers' office the operator serves. */
export async function operatorTrackingLink(
  server: RunningServer,
  tenant: string,
  trip: { id: string; date: string },
): Promise<string> {
  const path = `/trips/${trip.id}/trackingLinks`
  const made = await operatorCall(server, tenant, 'POST', path, { date: trip.date }, 'Link not made')
  return `${server.tenantOrigin(tenant)}/track/${(made as { link: string }).link}`
}

/** A call of the operator integration API with the tenant's demo API key; its JSON answer. */
export async function operatorCall(
  server: RunningServer,
  tenant: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body: unknown,
  failure: string,
): Promise<unknown> {
  const headers: Record<string, string> = { 'x-tenant': tenant, 'x-api-key': `demo-operator-${tenant}` }
  if (method !== 'GET') headers['content-type'] = 'application/json'
  if (method === 'POST') headers['idempotency-key'] = crypto.randomUUID()
  const response = await fetch(`${server.origin}/api/operator${path}`, {
    method,
    headers,
    ...(method === 'GET' ? {} : { body: JSON.stringify(body) }),
  })
  if (!response.ok) throw new Error(`${failure}: ${response.status} ${await response.text()}`)
  return response.json()
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

/** A permission the operator API gave, with what it was given as, so that it can be written again. */
export interface GrantedPermission {
  id: string
  body: OperatorPermission
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
): Promise<GrantedPermission[]> {
  const token = await accessToken(page)
  const passengers = (await apiGet(page, '/api/passenger', token)).body as { id: string }[]
  const today = Temporal.Now.plainDateISO('Europe/Helsinki')
  const [startDate, endDate] = [today.subtract({ days: 1 }).toString(), today.add({ days: 60 }).toString()]
  const body = {
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
  } satisfies OperatorPermission
  const granted: GrantedPermission[] = []
  for (const passenger of passengers) {
    const path = `/passengers/${passenger.id}/transportationPermissions`
    const written = await operatorCall(server, tenant, 'POST', path, body, 'Permission not given')
    granted.push({ id: (written as { id: string }).id, body })
  }
  return granted
}

/** Reports every trip of a granted permission used, as the operator's system would after trips booked elsewhere. */
export async function useUpQuota(
  server: RunningServer,
  tenant: string,
  permission: GrantedPermission,
): Promise<void> {
  const periods = (permission.body.periods ?? []).map((period) => ({
    ...period,
    usedQuota: period.totalQuota,
  }))
  const path = `/transportationPermissions/${permission.id}`
  await operatorCall(server, tenant, 'PUT', path, { ...permission.body, periods }, 'Quota not used up')
}
