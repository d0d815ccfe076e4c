import { tripStatusCodes, type TripStatusCode } from '../../contract/codes'

/** Final statuses: tracking stops and nothing can change the trip any more (spec section 4, Tracking). */
export const finalStatusCodes: ReadonlySet<TripStatusCode> = new Set([
  tripStatusCodes.Cancelled,
  tripStatusCodes.NoShow,
  tripStatusCodes.DropOff,
])

export function isFinalStatus(code: TripStatusCode | null | undefined): boolean {
  return code !== null && code !== undefined && finalStatusCodes.has(code)
}
