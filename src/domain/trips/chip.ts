import type { Trip } from '../../contract/trip'

/** The status chip of a trip in the list (spec section 4, "Trip list chip"). */
export type TripChip = 'cancelled' | 'noShow' | 'done' | 'aboard' | 'waitingForCar'

type ChipFields = Pick<Trip, 'cancelledAt' | 'noShowTime' | 'pickupTime' | 'dropoffTime' | 'carName'>

/**
 * The chip of the spec's table; a trip with a car but not yet picked up has none. Cancellation and no-show
 * win over everything else; a drop-off without a recorded pickup still means the trip is done.
 */
export function tripChip(trip: ChipFields): TripChip | null {
  if (trip.cancelledAt) return 'cancelled'
  if (trip.noShowTime) return 'noShow'
  if (trip.dropoffTime) return 'done'
  if (trip.pickupTime) return 'aboard'
  if (!trip.carName) return 'waitingForCar'
  return null
}
