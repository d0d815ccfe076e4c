import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { PanelStatusKind } from '../../domain/tracking/panelStatus'

/** The tracking panel's status labels (spec section 4). */
export const panelLabels: Record<PanelStatusKind, MessageDescriptor> = {
  enRoute: msg({ id: 'trips.tracking.estimated_departure', message: 'Estimated departure' }),
  pickup: msg({ id: 'trips.tracking.estimated_arrival', message: 'Estimated arrival' }),
  dropOff: msg({ id: 'trips.tracking.trip_ended_at', message: 'Trip ended at' }),
  cancelled: msg({ id: 'trips.tracking.cancelled', message: 'Cancelled' }),
  noShow: msg({ id: 'trips.tracking.no_show', message: 'No-show' }),
  unknown: msg({ id: 'trips.tracking.unknown', message: 'Unknown' }),
}
