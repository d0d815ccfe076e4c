import { Temporal } from 'temporal-polyfill'
import { errorCodes } from '../../src/contract/common'
import { tripMaxDurationHours } from '../../src/contract/operator'
import { HttpError } from '../errors/httpError'
import type { TripProjectionError } from '../domain/tripProjection'

/**
 * An ISO time of an operator's event as an instant: 400 for one Temporal cannot read (say, ten fractional
 * digits) or outside the years 1900 to 2999 that the rest of the system handles.
 */
export function operatorInstant(iso: string, property: string): Temporal.Instant {
  try {
    const instant = Temporal.Instant.from(iso)
    const year = instant.toZonedDateTimeISO('UTC').year
    if (year >= 1900 && year <= 2999) return instant
  } catch {
    // reported below, like an out-of-range year
  }
  throw new HttpError(400, errorCodes.validation, `${property} is not a usable time`, [
    { property, error: 'invalid_date' },
  ])
}

export const instantOrNull = (iso: string | null, property: string) =>
  iso === null ? null : operatorInstant(iso, property)

/**
 * A trip's end, booked or moved, is after its start and at most `tripMaxDurationHours` later: its tracking links
 * work until a grace after it, and an end a day on would keep them open overnight.
 */
export function checkTripTimes(event: { start: Temporal.Instant; end: Temporal.Instant }): void {
  if (Temporal.Instant.compare(event.end, event.start) <= 0) {
    throw new HttpError(400, errorCodes.validation, 'The trip ends before or when it starts', [
      { property: 'end', error: 'before_start' },
    ])
  }
  if (Temporal.Instant.compare(event.end, event.start.add({ hours: tripMaxDurationHours })) > 0) {
    throw new HttpError(
      400,
      errorCodes.validation,
      `A trip ends at most ${tripMaxDurationHours} hours after it starts`,
      [{ property: 'end', error: 'too_long' }],
    )
  }
}

/** 409 trip_event_rejected: the trip's log cannot take the event, with the reason in `errors`. */
export function rejected(error: TripProjectionError): HttpError {
  return new HttpError(409, errorCodes.tripEventRejected, error.message, [
    { property: 'type', error: error.reason },
  ])
}
