import { t } from '@lingui/core/macro'
import type { Notice } from '../../../machines/notices/notices.machine'
import type { TripRef } from '../../contract'
import type { TripMilestone } from '../../db/tripMilestones'

/**
 * The notices the platform raises by itself (spec section 4, Notices), translated in the user's language.
 * Loaded with the user session.
 */

export function tripPath(trip: TripRef): string {
  return `/trips/${encodeURIComponent(trip.id)}/${trip.date}`
}

export function openTrip(trip: TripRef) {
  return { label: t({ id: 'notice.open_trip', message: 'Open trip' }), to: tripPath(trip) }
}

/** A pickup or drop-off a pull newly showed; the drop-off asks to rate the trip when it can be rated. */
export function milestoneNotice({ kind, trip }: TripMilestone): Notice {
  const name = trip.passenger.name
  // A pull and the trip detail's tracking may both see it: the queue tells it once.
  const key = `${kind}:${trip.id}:${trip.date}`
  if (kind === 'pickup') {
    return {
      key,
      message: t({ id: 'notice.passenger_picked_up', message: `Passenger picked up: ${name}` }),
      severity: 'info',
      action: openTrip(trip),
    }
  }
  if (!trip.allowReview) {
    return {
      key,
      message: t({ id: 'notice.passenger_dropped_off', message: `Passenger dropped off: ${name}` }),
      severity: 'info',
      action: openTrip(trip),
    }
  }
  return {
    message: t({
      id: 'notice.passenger_dropped_off_rate',
      message: `Passenger dropped off: ${name}. Would you like to rate the trip?`,
    }),
    key,
    severity: 'info',
    action: { label: t({ id: 'notice.rate_trip', message: 'Rate the trip' }), to: tripPath(trip) },
  }
}
