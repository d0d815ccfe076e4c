import { randomUUID } from 'node:crypto'
import { Temporal } from 'temporal-polyfill'
import type { OperatorTripEvent } from '../../src/contract/operator'
import { isFinalStatus } from '../../src/domain/tracking/finalStatus'
import type { PlaceRow } from '../db/repositories/places'
import type { TenantDb } from '../db/tenantDb'
import { demoAccounts } from '../demo/accounts'
import type { TripProjection } from '../domain/tripProjection'
import { tripSeed } from './tripSteps'

/** A demo guardian always has a trip under way or starting within this, so tracking can be tried at any hour. */
export const guardianCover = Temporal.Duration.from({ minutes: 30 })

/** How far back a trip still counts as under way: one that started longer ago and is not over is stale. */
const underWayFor = Temporal.Duration.from({ hours: 12 })

/** Whether one of `trips` (a guardian's passengers') is under way, or starts within `guardianCover`, at `now`. */
export function isCovered(trips: readonly TripProjection[], now: Temporal.Instant): boolean {
  const until = now.add(guardianCover)
  return trips.some(
    (trip) => !isFinalStatus(trip.statusCode) && Temporal.Instant.compare(trip.start, until) <= 0,
  )
}

const addressOf = (place: PlaceRow) => ({
  alias: place.alias,
  address: place.address,
  lat: place.latitude,
  lng: place.longitude,
})

const byStart = (a: TripProjection, b: TripProjection) => Temporal.Instant.compare(a.start, b.start)

/** From where the passenger's last trip ended (home if that is none of their places) to their next place. */
function route(places: readonly PlaceRow[], lastTrip: TripProjection | undefined) {
  const ended = places.findIndex((place) => place.address === lastTrip?.endAddress.address)
  const from =
    ended >= 0
      ? ended
      : Math.max(
          0,
          places.findIndex((place) => place.is_home),
        )
  return { from: places[from]!, to: places[(from + 1) % places.length]! }
}

/** The trip booked for a guardian who has none near: starting in 10 to 25 minutes, lasting 18 to 27. */
function newTrip(
  passengerId: string,
  places: readonly PlaceRow[],
  lastTrip: TripProjection | undefined,
  now: Temporal.Instant,
  tripId: string,
) {
  const seed = tripSeed(tripId)
  const start = now.add({ minutes: 10 + (seed % 16) }).round({ smallestUnit: 'minute', roundingMode: 'ceil' })
  const end = start.add({ minutes: 18 + (seed % 10) })
  const { from, to } = route(places, lastTrip)
  return {
    type: 'booked',
    passengerId,
    start: start.toString(),
    end: end.toString(),
    startAddress: addressOf(from),
    endAddress: addressOf(to),
    startPlaceId: from.id,
    endPlaceId: to.id,
    viaPoints: [],
    deductibleCents: null,
    note: null,
    allowEtaQuery: true,
    allowReview: true,
  } satisfies OperatorTripEvent
}

export type AppendEvent = (tripId: string, event: OperatorTripEvent) => Promise<void>

/**
 * Books a trip, as the operator would (`append`), for the tenant's demo guardian when none of their passengers
 * has a trip under way or starting within `guardianCover`: on the passenger whose turn it is (by the minute)
 * among those free then, between their saved places. One at a time, and only while none is near, so the demo
 * gains at most a trip every half hour or so per tenant. Returns the new trip's id, or null.
 */
export async function keepGuardianBusy(
  db: TenantDb,
  now: Temporal.Instant,
  append: AppendEvent,
): Promise<string | null> {
  const guardian = await db.users.findByUserName(demoAccounts.guardian.userName)
  if (!guardian) return null
  const passengers = await db.passengers.listGranted(guardian.id)
  if (passengers.length === 0) return null
  const tripsOf = await Promise.all(
    passengers.map((passenger) =>
      db.trips.listForPassenger(passenger.id, now.subtract(underWayFor), now.add({ hours: 2 })),
    ),
  )
  if (isCovered(tripsOf.flat(), now)) return null
  const tripId = randomUUID()
  const turn = Math.floor(now.epochMilliseconds / 60_000) % passengers.length
  const order = passengers.map((_, index) => (turn + index) % passengers.length)
  // A passenger with a trip in the coming hour would ride twice at once.
  const free = order.find((index) => !tripsOf[index]!.some((trip) => !isFinalStatus(trip.statusCode))) ?? turn
  const passenger = passengers[free]!
  const places = (await db.places.listForPassenger(passenger.id)).filter((place) => place.latitude !== null)
  if (places.length < 2) return null
  const past = tripsOf[free]!.filter((trip) => Temporal.Instant.compare(trip.start, now) <= 0).sort(byStart)
  await append(tripId, newTrip(passenger.id, places, past.at(-1), now, tripId))
  return tripId
}
