import type { BookingRequest, BookingResponse } from '../../contract/booking'
import type { Trip } from '../../contract/trip'
import type { SeriesBookingResponse } from '../../contract/series'
import { clockTime } from '../dateDisplay'

/**
 * Bookings awaiting the operator's approval, as this device made them (issue 37): the server shows a booking to
 * the passenger only once approved, so the trips page lists these from what the save answered until the pull
 * brings the trip, or its day has passed.
 */
export interface AwaitingBooking {
  tripId: string
  /** The trip's date in the tenant's zone, as the booking's answer names it. */
  date: string
  passengerId: string
  passengerName: string
  /** HH:mm of the booked time, the departure's or (`arrival`) the arrival's. */
  time: string
  arrival: boolean
  from: string
  to: string
}

/** The bookings a save made: one, or a series' rides (each at the first ride's wall-clock time). */
export function awaitingOf(
  request: BookingRequest,
  booked: BookingResponse | SeriesBookingResponse,
  timeZone: string,
): AwaitingBooking[] {
  const [passenger] = request.passengers
  const first = request.destinations[0]
  const last = request.destinations.at(-1)
  const instant = request.departureDateTime ?? request.arrivalDateTime
  if (!passenger || !first || !last || !instant) return []
  const rides = 'seriesId' in booked ? booked.booked : [booked]
  return rides.map(({ tripId, date }) => ({
    tripId,
    date,
    passengerId: passenger.id,
    passengerName: passenger.name,
    time: clockTime(instant, timeZone),
    arrival: request.type === 'arrival',
    from: first.alias ?? first.address,
    to: last.alias ?? last.address,
  }))
}

/** Those still awaiting: not yet among the trips pulled, and not of a day before today. */
export function stillAwaiting(
  bookings: readonly AwaitingBooking[],
  trips: readonly Pick<Trip, 'id' | 'date'>[],
  today: string,
): AwaitingBooking[] {
  const pulled = new Set(trips.map(({ id, date }) => `${id}/${date}`))
  return bookings.filter(({ tripId, date }) => date >= today && !pulled.has(`${tripId}/${date}`))
}
