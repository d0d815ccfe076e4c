import type { Trip } from '../../contract/trip'

/** The status chips of a trip in the list: the five rows of spec section 4, "Trip list chip". */
export type TripChip = 'aboard' | 'done' | 'cancelled' | 'waitingForCar' | 'noShow'

type ChipFields = Pick<Trip, 'cancelledAt' | 'noShowTime' | 'pickupTime' | 'dropoffTime' | 'carName'>

/**
 * The row of the table the trip matches, or null when none does (a car named but no pickup yet; a drop-off with
 * no recorded pickup): the card shows the car's name, and the table has no chip for them. Where two rows match,
 * a cancellation, then a no-show, is what happened to the trip.
 */
export function tripChip(trip: ChipFields): TripChip | null {
  if (trip.cancelledAt) return 'cancelled'
  if (trip.noShowTime) return 'noShow'
  if (trip.pickupTime) return trip.dropoffTime ? 'done' : 'aboard'
  if (!trip.carName && !trip.dropoffTime) return 'waitingForCar'
  return null
}
