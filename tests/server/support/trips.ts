import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import type { OperatorTripEvent } from '../../../src/contract/operator'
import type { TripRef } from '../../../src/contract/tripCommands'
import type { TenantId } from '../../../tenants'
import { demoOperatorKey } from '../../../server/demo/operatorKeys'
import type { Passenger } from '../../../src/contract/passenger'
import { api, testPort, tokenFor, type TestApp } from './app'

export const timeZone = 'Europe/Helsinki'

/** A stop named `name`, on a street of its own name in Espoo. */
export const address = (name: string) => ({
  alias: name,
  address: `${name}katu 1, 02100 Espoo`,
  lat: 60.2,
  lng: 24.65,
})
/** The car the tests' trips are dispatched with (with a driver's phone, which a tracking link must not show). */
export const car = {
  name: 'Taksi 12',
  registerNumber: 'KLT-412',
  phone: '+358 40 712 3412',
  driverName: 'Jari Mäkinen',
}

/** Posts an operator event with the tenant's demo key (or `key`); returns the raw response. */
export function operatorEvent(
  app: FastifyInstance,
  tenant: TenantId,
  tripId: string,
  event: OperatorTripEvent,
  options: { key?: string | null; headers?: Record<string, string> } = {},
) {
  const key = options.key === undefined ? demoOperatorKey(tenant) : options.key
  return app.inject({
    method: 'POST',
    url: `/api/operator/trips/${encodeURIComponent(tripId)}/events`,
    headers: {
      host: `${tenant}.localhost:${testPort}`,
      ...(key ? { 'x-api-key': key } : {}),
      ...options.headers,
    },
    payload: event,
  })
}

/** Operator events of a trip's progress, for `progress()`. */
export const progressEvents = {
  dispatched: { type: 'dispatched', car },
  pickedUp: { type: 'pickedUp', eta: null },
  droppedOff: { type: 'droppedOff' },
  noShow: { type: 'noShow' },
  cancelled: { type: 'cancelled', reason: 'Operaattori perui' },
} as const satisfies Record<string, OperatorTripEvent>

export interface BookOptions {
  passengerId: string
  /** Start, in Helsinki time. */
  start: Temporal.ZonedDateTime
  durationMinutes?: number
  allowReview?: boolean
  /** Events after the booking, in order. */
  then?: readonly (keyof typeof progressEvents)[]
}

/** Books a trip through the operator API (and moves it on); returns its reference. */
export async function bookTrip(
  app: FastifyInstance,
  tenant: TenantId,
  options: BookOptions,
): Promise<TripRef> {
  const id = `trip-${randomUUID()}`
  const end = options.start.add({ minutes: options.durationMinutes ?? 30 })
  const booked = await operatorEvent(app, tenant, id, {
    type: 'booked',
    at: options.start.subtract({ days: 3 }).toInstant().toString(),
    passengerId: options.passengerId,
    start: options.start.toString({ timeZoneName: 'never' }),
    end: end.toString({ timeZoneName: 'never' }),
    startAddress: address('Koti'),
    endAddress: address('Koulu'),
    allowReview: options.allowReview ?? true,
  })
  if (booked.statusCode !== 200) throw new Error(`Booking failed: ${booked.body}`)
  for (const step of options.then ?? []) {
    const response = await operatorEvent(app, tenant, id, progressEvents[step])
    if (response.statusCode !== 200) throw new Error(`${step} failed: ${response.body}`)
  }
  return { id, date: options.start.toPlainDate().toString() }
}

/** Now in Helsinki, moved by `minutes`. */
export function helsinkiIn(minutes: number): Temporal.ZonedDateTime {
  return Temporal.Now.zonedDateTimeISO(timeZone)
    .add({ minutes })
    .round({ smallestUnit: 'second', roundingMode: 'floor' })
}

/**
 * When a trip completed today started: 90 minutes ago, but never before today's midnight in Helsinki, since a
 * passenger's trips are read from today on; just after midnight it is midnight itself (its drop-off, not its
 * planned end, makes it completed).
 */
export function completedTodayStart(): Temporal.ZonedDateTime {
  const wanted = helsinkiIn(-90)
  const midnight = Temporal.Now.zonedDateTimeISO(timeZone).startOfDay()
  return Temporal.ZonedDateTime.compare(wanted, midnight) < 0 ? midnight : wanted
}

/** The demo guardian's token, their first passenger, and a trip of it starting in 5 minutes with a car on the way. */
export async function guardianWithTripSoon(app: FastifyInstance, tenant: TenantId) {
  const guardian = await tokenFor(app, tenant, 'guardian', 'demo-guardian-2026')
  const passenger = (await api(app, tenant, guardian, { url: '/api/passenger' })).json<Passenger[]>()[0]!
  const trip = await bookTrip(app, tenant, {
    passengerId: passenger.id,
    start: helsinkiIn(5),
    then: ['dispatched'],
  })
  return { guardian, passenger, trip }
}

/**
 * Takes a user's grant of a passenger away written past the app, as another instance would, and waits until
 * the app has heard its announcement.
 */
export async function withdrawGrant(test: TestApp, tenant: TenantId, userId: string, passengerId: string) {
  await test.db
    .deleteFrom('passenger_grants')
    .where('tenant_id', '=', tenant)
    .where('user_id', '=', userId)
    .where('passenger_id', '=', passengerId)
    .execute()
  await test.app.versionWatch.settled()
}
