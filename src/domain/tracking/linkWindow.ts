import { Temporal } from 'temporal-polyfill'

/** A tracking link opens this long before the trip's start, so an office can see the car coming. */
export const linkOpensMinutesBefore = 60
/** ...and works this long after the trip ends, so the office sees how it ended. */
export const linkGraceMinutes = 30
/**
 * However late the car (by its ETA) or the reported end, a link ends by this long after the planned end, plus the
 * grace: what a dispatch system reports cannot keep a trip's live car on show for days.
 */
export const linkMaxLateMinutes = 120

/**
 * A link whose trip's planned end is longer ago than this can never open again (its window ends by
 * `linkMaxLateMinutes` plus `linkGraceMinutes` after it), so it is deleted (server/retention/). Until then an
 * office that opens it hears that the trip has ended rather than that the link is unknown.
 */
export const linkKeptAfterPlannedEnd = Temporal.Duration.from({ hours: 24 })

/** What of a trip decides its tracking link's window: read from the trip as it is now, so a moved trip moves it. */
export interface LinkWindowTrip {
  start: Temporal.Instant
  /** The planned end. */
  end: Temporal.Instant
  /** Expected arrival: a late car keeps the link open past the planned end until it arrives. */
  eta: Temporal.Instant | null
  dropoffTime: Temporal.Instant | null
  cancelledAt: Temporal.Instant | null
  noShowTime: Temporal.Instant | null
}

export interface LinkWindow {
  validFrom: Temporal.Instant
  validUntil: Temporal.Instant
}

export type LinkPhase = 'notStarted' | 'open' | 'ended'

const later = (a: Temporal.Instant, b: Temporal.Instant) => (Temporal.Instant.compare(a, b) >= 0 ? a : b)
const earlier = (a: Temporal.Instant, b: Temporal.Instant) => (Temporal.Instant.compare(a, b) <= 0 ? a : b)

/** When a trip finished: its drop-off, cancellation or no-show (the earliest, when its log has more than one). */
export function finishedAt(
  trip: Pick<LinkWindowTrip, 'dropoffTime' | 'cancelledAt' | 'noShowTime'>,
): Temporal.Instant | null {
  return (
    [trip.dropoffTime, trip.cancelledAt, trip.noShowTime]
      .filter((instant): instant is Temporal.Instant => instant !== null)
      .sort(Temporal.Instant.compare)[0] ?? null
  )
}

/**
 * The window a trip's tracking link works in: from 60 minutes before the start until 30 minutes after the trip
 * ends. It ends when it finished (`finishedAt`); without that, at the planned end, or the ETA when that is later;
 * and never more than `linkMaxLateMinutes` after the planned end.
 */
export function linkWindow(trip: LinkWindowTrip): LinkWindow {
  const reported = finishedAt(trip) ?? (trip.eta ? later(trip.eta, trip.end) : trip.end)
  const end = earlier(reported, trip.end.add({ minutes: linkMaxLateMinutes }))
  return {
    validFrom: trip.start.subtract({ minutes: linkOpensMinutesBefore }),
    validUntil: end.add({ minutes: linkGraceMinutes }),
  }
}

/**
 * Where `now` is in a window, half-open [validFrom, validUntil). Ended wins: a trip cancelled long before its
 * start has a window that ends before it opens, and has ended, not yet to start.
 */
export function linkPhase(window: LinkWindow, now: Temporal.Instant): LinkPhase {
  if (Temporal.Instant.compare(now, window.validUntil) >= 0) return 'ended'
  if (Temporal.Instant.compare(now, window.validFrom) < 0) return 'notStarted'
  return 'open'
}
