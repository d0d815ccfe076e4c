/**
 * The trips list's day navigation: only days that have trips can be chosen (spec section 2, Trips list), or
 * bookings not yet trips (docs/spec-differences.md).
 */

/** The distinct dates of the trips, in order. */
export function tripDates(trips: readonly { date: string }[]): string[] {
  return [...new Set(trips.map((trip) => trip.date))].sort()
}

/** Today when it has trips, else the next date that has, else today (an empty day). */
export function defaultTripDate(dates: readonly string[], today: string): string {
  return dates.find((date) => date >= today) ?? today
}

/** The nearest date with trips before the given one, or null. */
export function previousTripDate(dates: readonly string[], date: string): string | null {
  return dates.findLast((candidate) => candidate < date) ?? null
}

/** The nearest date with trips after the given one, or null. */
export function nextTripDate(dates: readonly string[], date: string): string | null {
  return dates.find((candidate) => candidate > date) ?? null
}
