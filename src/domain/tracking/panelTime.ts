import type { Trip, TripStatus } from '../../contract/trip'
import { countdownTarget } from './countdown'
import { panelStatus, type PanelTimeKind } from './panelStatus'

/**
 * The instant the panel's time names: the actual arrival once ended, else the one the countdown runs to (the
 * ETD or ETA, else the planned time, as the spec's countdown does). Null when there is none.
 */
export function panelTime(
  status: TripStatus,
  trip: Pick<Trip, 'startDateTime' | 'endDateTime'>,
): { kind: PanelTimeKind; at: string } | null {
  const kind = panelStatus(status).time
  if (kind === null) return null
  const at = kind === 'ended' ? status.ata : (countdownTarget(status, trip)?.toString() ?? null)
  return at === null ? null : { kind, at }
}
