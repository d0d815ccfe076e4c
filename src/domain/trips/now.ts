import { Temporal } from 'temporal-polyfill'
import { tripStatusCodes } from '../../contract/codes'
import type { Trip } from '../../contract/trip'

type NowFields = Pick<
  Trip,
  | 'date'
  | 'startDateTime'
  | 'endDateTime'
  | 'cancelledAt'
  | 'noShowTime'
  | 'pickupTime'
  | 'dropoffTime'
  | 'status'
>

/** Where a trip stands at a moment: over, under way, or still to come (a cancelled one is over once its time has come). */
export type TripPhase = 'over' | 'underWay' | 'ahead'

/** The car is coming or the passenger is aboard, whatever the booked times say. */
const movingCodes: ReadonlySet<number> = new Set([
  tripStatusCodes.EnRoute,
  tripStatusCodes.CarWaiting,
  tripStatusCodes.Pickup,
])
const finalCodes: ReadonlySet<number> = new Set([
  tripStatusCodes.DropOff,
  tripStatusCodes.NoShow,
  tripStatusCodes.Cancelled,
])

/**
 * What happened to the trip decides first (a drop-off, a no-show, a pickup, the car's status), the booked times
 * only when nothing was reported: a late car is still under way after its booked end.
 */
export function tripPhase(trip: NowFields, now: Temporal.Instant): TripPhase {
  const start = Temporal.Instant.from(trip.startDateTime)
  const started = Temporal.Instant.compare(start, now) <= 0
  if (trip.cancelledAt) return started ? 'over' : 'ahead'
  if (trip.noShowTime || trip.dropoffTime) return 'over'
  const code = trip.status?.code
  if (trip.pickupTime || (code !== undefined && movingCodes.has(code))) return 'underWay'
  if (code !== undefined && finalCodes.has(code)) return 'over'
  if (!started) return 'ahead'
  return Temporal.Instant.compare(Temporal.Instant.from(trip.endDateTime), now) > 0 ? 'underWay' : 'over'
}

export interface NowInDay {
  /** The list position the "now" marker goes before: the first trip that is not over (the length when all are). */
  before: number
  /** The trip under way, else the next one that is not cancelled; null when none is left today. */
  focus: number | null
  /** Whether `focus` is under way rather than still to come. */
  underWay: boolean
}

/**
 * Where "now" falls in one day's list of trips (in start order), or null when the day is not today in the
 * tenant's time zone (`now` carries it).
 */
export function nowInDay(
  trips: readonly NowFields[],
  date: string,
  now: Temporal.ZonedDateTime,
): NowInDay | null {
  if (now.toPlainDate().toString() !== date) return null
  const instant = now.toInstant()
  const phases = trips.map((trip) => tripPhase(trip, instant))
  const firstLeft = phases.findIndex((phase) => phase !== 'over')
  const underWay = phases.indexOf('underWay')
  const next = trips.findIndex((trip, index) => phases[index] === 'ahead' && !trip.cancelledAt)
  const focus = underWay >= 0 ? underWay : next
  return {
    before: firstLeft >= 0 ? firstLeft : trips.length,
    focus: focus >= 0 ? focus : null,
    underWay: underWay >= 0,
  }
}
