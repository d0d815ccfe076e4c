import { tripStatusCodes } from '../../contract/codes'
import type { TripStatus } from '../../contract/trip'

/**
 * Whether the trip detail shows the tracking panel (spec section 4): on the track route or when the trip allows
 * ETA queries, and only for a status that exists and is neither Unknown (the code) nor Cancelled. The status is
 * the one tracking has: a trip not yet within 30 minutes of its start has none.
 */
export function showsTrackingPanel(context: {
  trackingRoute: boolean
  allowEtaQuery: boolean
  status: TripStatus | null
}): boolean {
  const { status } = context
  if (!context.trackingRoute && !context.allowEtaQuery) return false
  return (
    status !== null && status.code !== tripStatusCodes.Unknown && status.code !== tripStatusCodes.Cancelled
  )
}
