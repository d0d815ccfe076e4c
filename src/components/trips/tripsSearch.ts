const monthLengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

/**
 * A real calendar date as YYYY-MM-DD. Route search validation runs in the entry chunk, so this is plain
 * arithmetic rather than Temporal, which stays in the screens' chunks.
 */
function isoDateParam(value: unknown): string | undefined {
  const match = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null
  if (!match) return undefined
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number]
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  const length = month === 2 && leap ? 29 : monthLengths[month - 1]
  return length !== undefined && day >= 1 && day <= length ? (value as string) : undefined
}

/** The trips list's state in its URL: the chosen day and passenger (absent: the default day, everyone). */
export interface TripsSearch {
  date?: string
  passenger?: string
}

export function validateTripsSearch(search: Record<string, unknown>): TripsSearch {
  const date = isoDateParam(search.date)
  const passenger = typeof search.passenger === 'string' && search.passenger ? search.passenger : undefined
  return { ...(date ? { date } : {}), ...(passenger ? { passenger } : {}) }
}
