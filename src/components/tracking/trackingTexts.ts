import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { PanelStatusKind, PanelTimeKind } from '../../domain/tracking/panelStatus'

/**
 * The tracking panel's plain status for each code (the spec's section 4 says 'Unknown' for all but five:
 * docs/spec-differences.md).
 */
export const panelLabels: Record<PanelStatusKind, MessageDescriptor> = {
  booked: msg({ id: 'trips.tracking.booked', message: 'Trip booked' }),
  routed: msg({ id: 'trips.tracking.routed', message: 'Trip planned' }),
  dispatching: msg({ id: 'trips.tracking.dispatching', message: 'Finding a car' }),
  dispatched: msg({ id: 'trips.tracking.dispatched', message: 'Car assigned' }),
  enRoute: msg({ id: 'trips.tracking.en_route', message: 'The car is on its way' }),
  carWaiting: msg({ id: 'trips.tracking.car_waiting', message: 'The car is waiting outside' }),
  pickup: msg({ id: 'trips.tracking.aboard', message: 'Passenger aboard' }),
  dropOff: msg({ id: 'trips.tracking.dropped_off', message: 'Passenger dropped off' }),
  cancelled: msg({ id: 'trips.tracking.cancelled', message: 'Cancelled' }),
  noShow: msg({ id: 'trips.tracking.no_show', message: 'No-show' }),
  unknown: msg({ id: 'trips.tracking.unknown', message: 'Unknown' }),
}

/** What the panel's time is (spec section 4's labels). */
export const panelTimeLabels: Record<PanelTimeKind, MessageDescriptor> = {
  departure: msg({ id: 'trips.tracking.estimated_departure', message: 'Estimated departure' }),
  arrival: msg({ id: 'trips.tracking.estimated_arrival', message: 'Estimated arrival' }),
  ended: msg({ id: 'trips.tracking.trip_ended_at', message: 'Trip ended at' }),
}
