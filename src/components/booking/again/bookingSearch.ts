/**
 * The booking screen's address: `again` and `on` name a trip to book again (its id and date), taken once and
 * then dropped. Validated in the entry chunk: plain checks, no Temporal.
 */
export interface BookingSearch {
  again?: string
  on?: string
}

export function validateBookingSearch(search: Record<string, unknown>): BookingSearch {
  const { again, on } = search
  return typeof again === 'string' && again && typeof on === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(on)
    ? { again, on }
    : {}
}
