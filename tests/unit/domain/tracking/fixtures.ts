import { Temporal } from 'temporal-polyfill'
import { tripStatusCodes, type TripStatus, type TripStatusCode } from '../../../../src/contract/trip'

/** The trips fixture's times: 10:00-10:30 Helsinki on 21.11.2026. */
export const start = '2026-11-21T10:00:00+02:00'
export const end = '2026-11-21T10:30:00+02:00'
export const plannedTrip = { startDateTime: start, endDateTime: end, pickupTime: null }

/** An instant `minutes` (and `seconds`) from the trip's start; negative is before it. */
export function fromStart(minutes: number, seconds = 0): Temporal.Instant {
  return Temporal.Instant.from(start).add({ minutes }).add({ seconds })
}

export const at = (minutes: number, seconds = 0) => fromStart(minutes, seconds).toString()

export function statusOf(code: TripStatusCode, overrides: Partial<TripStatus> = {}): TripStatus {
  return { code, eta: null, etd: null, ata: null, carLocation: null, ...overrides }
}

export { tripStatusCodes }
