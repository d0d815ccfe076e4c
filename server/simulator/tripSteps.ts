import { Temporal } from 'temporal-polyfill'
import { tripStatusCodes } from '../../src/contract/trip'
import type { OperatorTripEvent } from '../../src/contract/operator'
import { cars } from '../demo/people'
import type { TripProjection } from '../domain/tripProjection'
import { alongRide, approachPoint, between, locationOf, type RideStop } from './route'

/** When each step of a simulated trip happens, relative to its booked start. */
export const stepTimes = {
  dispatched: Temporal.Duration.from({ minutes: -45 }),
  enRoute: Temporal.Duration.from({ minutes: -25 }),
  carWaiting: Temporal.Duration.from({ minutes: -2 }),
  pickedUp: Temporal.Duration.from({ minutes: 1 }),
  noShow: Temporal.Duration.from({ minutes: 5 }),
} as const

/** A pickup made late (a simulator that took over late) still gets a ride of at least this long. */
const shortestRide = Temporal.Duration.from({ minutes: 3 })

/** A number fixed by the trip's id (FNV-1a): its car, its no-show and where its car comes from. */
export function tripSeed(tripId: string): number {
  let hash = 0x811c9dc5
  for (const char of tripId) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0
  return hash
}

/** One trip in eight: the car waits and nobody comes. */
export const isNoShow = (tripId: string) => tripSeed(tripId) % 8 === 0

const reached = (now: Temporal.Instant, start: Temporal.Instant, offset: Temporal.Duration) =>
  Temporal.Instant.compare(now, start.add(offset)) >= 0

const later = (a: Temporal.Instant, b: Temporal.Instant) => (Temporal.Instant.compare(a, b) >= 0 ? a : b)

const iso = (instant: Temporal.Instant) => instant.toString()

/** The car's position on its way to the pickup, which it reaches when it starts waiting. */
function approaching(trip: TripProjection, now: Temporal.Instant): OperatorTripEvent | null {
  const pickup = locationOf(trip.startAddress)
  if (!pickup) return null
  const from = trip.start.add(stepTimes.enRoute)
  const span = from.until(trip.start.add(stepTimes.carWaiting)).total('seconds')
  const share = from.until(now).total('seconds') / span
  const location = between(approachPoint(pickup, tripSeed(trip.id)), pickup, share)
  return { type: 'position', location, eta: null, etd: iso(trip.start) }
}

/** The car's position on the ride from the pickup through the via points to the drop-off. */
function riding(
  trip: TripProjection,
  now: Temporal.Instant,
  arrival: Temporal.Instant,
): OperatorTripEvent | null {
  const pickedUpAt = trip.pickupTime ?? trip.start
  const points = [
    { address: trip.startAddress, waitMinutes: 0 },
    ...trip.viaPoints.map((via) => ({ address: via.address, waitMinutes: via.waitMinutes })),
    { address: trip.endAddress, waitMinutes: 0 },
  ]
  const stops: RideStop[] = []
  for (const point of points) {
    const location = locationOf(point.address)
    if (location) stops.push({ location, waitMinutes: point.waitMinutes })
  }
  if (stops.length === 0) return null
  const ride = pickedUpAt.until(arrival).total('minutes')
  const location = alongRide(stops, ride, pickedUpAt.until(now).total('minutes'))
  return { type: 'position', location, eta: iso(arrival), etd: null }
}

/**
 * What a dispatch system would report about `trip` at `now`, or null when nothing is due: the next step of its
 * day when that step's time has come (dispatched 45 minutes before the start, en route 25, car waiting 2, then
 * a pickup a minute after the start or, for a no-show trip, a no-show after 5, and the drop-off at the ETA), else
 * the car's position while it drives. A step is a status event; positions come only between them.
 */
export function dueEvent(trip: TripProjection, now: Temporal.Instant): OperatorTripEvent | null {
  const { start } = trip
  switch (trip.statusCode) {
    case tripStatusCodes.Booked:
    case tripStatusCodes.Routed:
    case tripStatusCodes.Dispatching:
      if (!reached(now, start, stepTimes.dispatched)) return null
      return { type: 'dispatched', car: cars[tripSeed(trip.id) % cars.length]! }
    case tripStatusCodes.Dispatched:
      return reached(now, start, stepTimes.enRoute) ? { type: 'enRoute', etd: iso(start) } : null
    case tripStatusCodes.EnRoute:
      return reached(now, start, stepTimes.carWaiting) ? { type: 'carWaiting' } : approaching(trip, now)
    case tripStatusCodes.CarWaiting: {
      if (isNoShow(trip.id)) return reached(now, start, stepTimes.noShow) ? { type: 'noShow' } : null
      if (!reached(now, start, stepTimes.pickedUp)) return null
      return { type: 'pickedUp', eta: iso(later(trip.end, now.add(shortestRide))) }
    }
    case tripStatusCodes.Pickup: {
      const arrival = trip.eta ?? trip.end
      return Temporal.Instant.compare(now, arrival) >= 0 ? { type: 'droppedOff' } : riding(trip, now, arrival)
    }
    default:
      return null
  }
}
