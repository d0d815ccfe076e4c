import type { Trip } from '../../contract/trip'

/**
 * The status chip of a trip in the list (spec section 4, "Trip list chip"), plus the two states the table leaves
 * open, since every trip shows one: a car assigned but no pickup yet, and a drop-off with no recorded pickup.
 */
export type TripChip =
  'cancelled' | 'noShow' | 'done' | 'aboard' | 'droppedOff' | 'carAssigned' | 'waitingForCar'

type ChipFields = Pick<Trip, 'cancelledAt' | 'noShowTime' | 'pickupTime' | 'dropoffTime' | 'carName'>

/**
 * Cancellation and no-show win over everything else. 'done' needs pickup and dropoff, as the table says; a
 * drop-off alone is reported as what it is rather than as a completed trip.
 */
export function tripChip(trip: ChipFields): TripChip {
  if (trip.cancelledAt) return 'cancelled'
  if (trip.noShowTime) return 'noShow'
  if (trip.pickupTime) return trip.dropoffTime ? 'done' : 'aboard'
  if (trip.dropoffTime) return 'droppedOff'
  return trip.carName ? 'carAssigned' : 'waitingForCar'
}
