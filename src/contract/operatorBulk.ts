import { z } from 'zod'
import { apiError, text, textLimits } from './common'
import type { Endpoint } from './endpoints'

/**
 * A nightly load in few requests (operator API, the tenant's X-Api-Key): up to `bulkMaxItems` passengers, saved
 * places, transportation permissions and trip events in one call, each item answered apart.
 */

export const bulkMaxItems = 1000
/** A thousand bookings with via points and notes fit; the key is checked before the body is read. */
export const bulkMaxBytes = 4 * 1024 * 1024
export const bulkItemTypes = ['passenger', 'place', 'permission', 'tripEvent'] as const

/**
 * An item as the request carries it: its `type` and the fields of that type's single call. Each item is checked
 * apart, so that one bad item is answered alone and spoils no other.
 */
const bulkItem = z
  .looseObject({ type: text(textLimits.code) })
  .describe(
    'passenger: the body of PUT passengers/byRef/{ref} with externalRef; place: the body of PUT passengers/{id}/places/byRef/{ref} with externalRef and passengerId or passengerRef; permission: the body of PUT transportationPermissions/byRef/{ref} with externalRef; tripEvent: { tripId, event } with the body of POST trips/{id}/events',
  )

export const bulkRequest = z.object({ items: z.array(bulkItem).min(1).max(bulkMaxItems) })
export type BulkRequest = z.input<typeof bulkRequest>

/** What one item came to: 200 with what it wrote, or the error its single call would have answered. */
export const bulkResult = z.object({
  status: z.number().int(),
  /** The portal's id of the passenger, place or permission written, or the trip's id. */
  id: z.string().nullable(),
  /** A trip event's sequence number in its trip's log. */
  seq: z.number().int().positive().nullable(),
  error: apiError.nullable(),
})
export type BulkResult = z.infer<typeof bulkResult>

export const bulkAnswer = z.object({ results: z.array(bulkResult).max(bulkMaxItems) })

export const operatorBulkEndpoints = {
  bulk: {
    method: 'POST',
    path: '/api/operator/bulk',
    summary: `Up to ${bulkMaxItems} passengers, saved places, transportation permissions and trip events in one call, in one transaction, answered item by item in their order: one result per item, 200 with the id it wrote (and a trip event's seq), or the status and error its single call would answer (400 validation_failed naming the item's field, 404, 409), and one item's problem spoils no other. Items are written type by type, passengers, places, permissions, then trip events, each type's together in the request's order: an item may name a passenger or place any item of the request writes, and a reference twice in one type is refused the second time (400 duplicate). Places without coordinates are geocoded before anything is written. A booking sent again as it was booked answers as the first did`,
    auth: 'apiKey',
    body: bulkRequest,
    response: bulkAnswer,
  },
} as const satisfies Record<string, Endpoint>
