import { z } from 'zod'
import { externalRef, id, isoDate, isoDateTime, text, textLimits, tripId, tripIdMaxLength } from './common'
import type { Endpoint } from './endpoints'
import {
  message,
  messageParams,
  operatorMessageRequest,
  operatorMessages,
  operatorMessagesLimit,
  operatorMessagesQuery,
} from './messages'
import { operatorAccessEndpoints } from './operatorAccess'
import { operatorBulkEndpoints } from './operatorBulk'
import { operatorChangesEndpoints } from './operatorChanges'
import { operatorWebhookEndpoints } from './operatorWebhooks'
import { operatorLifecycleEndpoints } from './operatorLifecycle'
import {
  namedOnce,
  operatorPassengersEndpoints,
  operatorPermission,
  writtenPermission,
} from './operatorPassengers'
import { tripSeries } from './series'
import { coordinates, tripAddress } from './trip'
import { trackingLink, trackingLinkParams } from './tracking'
import { cancelReasonMaxLength } from './tripCommands'

/**
 * The operator integration API: a transport operator's dispatch system (authenticated with its tenant's API
 * key in the `X-Api-Key` header) appends events to a trip's log; the trip the portal shows is their projection.
 */
const car = z.object({
  name: text(textLimits.name, { min: 1 }),
  registerNumber: text(textLimits.code).nullable(),
  phone: text(textLimits.phone).nullable(),
  driverName: text(textLimits.name).nullable(),
})

const at = { at: isoDateTime.optional().describe('When it happened; defaults to when the event arrives') }

/** The longest trip, from its start to its end: what a tracking link's window (the trip's, plus a grace) may span. */
export const tripMaxDurationHours = 12

/** A trip's planned times, in a booking and when the operator moves it. */
const tripTimes = {
  start: isoDateTime,
  end: isoDateTime.describe(
    `After start, at most ${tripMaxDurationHours} hours later (else 400 validation_failed naming end)`,
  ),
}

/** The path of the operator's calls on one trip: its id as the dispatch system named it in its booking. */
const tripParams = z.object({ id: tripId })

/** A booking names its passenger by the portal's id or the operator's reference, and each place by one at most. */
function bookingNames(booking: Record<string, unknown>, context: z.RefinementCtx): void {
  namedOnce('passengerId', 'passengerRef', { required: true })(booking, context)
  namedOnce('startPlaceId', 'startPlaceRef', { required: false })(booking, context)
  namedOnce('endPlaceId', 'endPlaceRef', { required: false })(booking, context)
}

export const operatorTripEvent = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('booked'),
      ...at,
      passengerId: id.optional(),
      passengerRef: externalRef
        .optional()
        .describe("The passenger by the operator's reference, instead of passengerId"),
      ...tripTimes,
      startAddress: tripAddress,
      endAddress: tripAddress,
      /** The passenger's saved places the trip starts and ends at, when it does (like a via point's placeId). */
      startPlaceId: id.nullable().default(null),
      endPlaceId: id.nullable().default(null),
      /** Or the saved places by the operator's references (server/trips/operatorEvents.ts turns them into ids). */
      startPlaceRef: externalRef.optional(),
      endPlaceRef: externalRef.optional(),
      viaPoints: z
        .array(
          z
            .object({
              address: tripAddress,
              placeId: id.nullable().default(null),
              placeRef: externalRef.optional(),
              time: isoDateTime.nullable(),
              waitMinutes: z.number().int().min(0),
            })
            .superRefine(namedOnce('placeId', 'placeRef', { required: false })),
        )
        .default([]),
      deductibleCents: z.number().int().min(0).nullable().default(null),
      note: text(textLimits.note).nullable().default(null),
      allowEtaQuery: z.boolean().default(true),
      allowReview: z.boolean().default(true),
    })
    .superRefine(bookingNames),
  /** A booking made in the portal (awaiting approval) becomes a trip the passenger sees. */
  z.object({ type: z.literal('approved'), ...at }),
  /** A booking made in the portal is refused: its quota trip is returned and it is never shown. */
  z.object({ type: z.literal('refused'), ...at, reason: text(cancelReasonMaxLength, { min: 1 }) }),
  z.object({ type: z.literal('routed'), ...at }),
  /**
   * The operator moves the trip within its day (a new route, a rebooking): the new pickup and arrival, before the
   * car has picked the passenger up. Its via points move with the pickup; the guardians are told.
   */
  z.object({ type: z.literal('rescheduled'), ...at, ...tripTimes }),
  z.object({ type: z.literal('dispatched'), ...at, car }),
  z.object({ type: z.literal('enRoute'), ...at, etd: isoDateTime.nullable().default(null) }),
  z.object({ type: z.literal('carWaiting'), ...at }),
  z.object({ type: z.literal('pickedUp'), ...at, eta: isoDateTime.nullable().default(null) }),
  z.object({ type: z.literal('droppedOff'), ...at }),
  z.object({ type: z.literal('cancelled'), ...at, reason: text(cancelReasonMaxLength, { min: 1 }) }),
  z.object({ type: z.literal('noShow'), ...at }),
  z.object({
    type: z.literal('position'),
    ...at,
    location: coordinates.nullable(),
    eta: isoDateTime.nullable().default(null),
    etd: isoDateTime.nullable().default(null),
  }),
])
export type OperatorTripEvent = z.input<typeof operatorTripEvent>

export const appendedTripEvent = z.object({ tripId, seq: z.number().int().positive() })

/** A standing order as the operator sees it: each ride a trip of its own, approved or refused alone. */
export const operatorSeries = tripSeries.extend({
  passengerId: id,
  trips: z.array(
    z.object({
      tripId,
      /** The ride's date in the tenant's zone. */
      date: isoDate,
      startDateTime: isoDateTime,
      /** `withdrawn`: its user cancelled it with the series' following rides before the decision. */
      approval: z.enum(['awaiting', 'approved', 'refused', 'withdrawn']),
      cancelled: z.boolean(),
    }),
  ),
})

/**
 * A trip as the operator reads it back: what its log made of it, with who cancelled it (a guardian's user id, or
 * null for the operator) and why. Its addresses and car are the operator's own and are left out.
 */
export const operatorTrip = z.object({
  tripId,
  passengerId: id,
  /** The trip's date in the tenant's zone. */
  date: isoDate,
  startDateTime: isoDateTime,
  endDateTime: isoDateTime,
  statusCode: z.number().int(),
  /** A portal booking's approval; null for a trip the operator booked. */
  approval: z.enum(['awaiting', 'approved', 'refused', 'withdrawn']).nullable(),
  cancelledAt: isoDateTime.nullable(),
  cancelReason: text(cancelReasonMaxLength).nullable(),
  cancelledByUserId: id.nullable(),
  /** The sequence number of the last event of its log. */
  version: z.number().int().positive(),
})

/** The most bookings awaiting approval one answer lists: the earliest first. */
export const awaitingBookingsMax = 500

/** A booking made in the portal that awaits the operator's decision, with its series when it is a ride of one. */
export const awaitingBooking = z.object({
  tripId,
  passengerId: id,
  /** The trip's date in the tenant's zone. */
  date: isoDate,
  startDateTime: isoDateTime,
  endDateTime: isoDateTime,
  seriesId: id.nullable(),
})

/**
 * The operator integration API, apart from the portal's `endpoints` so that the portal's bundle does not carry
 * it. Registered and documented (OpenAPI, `apiKey` scheme) the same way.
 */
export const operatorEndpoints = {
  ...operatorPassengersEndpoints,
  appendTripEvent: {
    method: 'POST',
    path: '/api/operator/trips/:id/events',
    summary: `Append an event to a trip's log (a booked event creates the trip; approved or refused decides a booking made in the portal, and a refusal returns its quota trip; rescheduled moves it within its day before the pickup). A booking names its passenger by passengerId or by the operator's passengerRef, and its saved places by ids or by the operator's references (startPlaceRef, endPlaceRef, a via point's placeRef). The trip's id is the dispatch system's own: letters, digits and ._:- only, at most ${tripIdMaxLength} characters. 400 validation_failed for another id, a booking that names a place that is not its passenger's saved place, an end not after the start or more than ${tripMaxDurationHours} hours after it, or a new time that leaves the trip's day; 409 trip_event_rejected when the trip cannot take it, 409 passenger_ended for a booking of a passenger the operator ended`,
    auth: 'apiKey',
    params: tripParams,
    body: operatorTripEvent,
    response: appendedTripEvent,
  },
  createTransportationPermission: {
    method: 'POST',
    path: '/api/operator/passengers/:id/transportationPermissions',
    summary:
      "Give a passenger of the tenant a transportation permission with its periods, extras, place groups (the passenger's places) and allowed area; 409 passenger_ended for a passenger the operator ended",
    auth: 'apiKey',
    params: z.object({ id }),
    body: operatorPermission,
    response: writtenPermission,
  },
  updateTransportationPermission: {
    method: 'PUT',
    path: '/api/operator/transportationPermissions/:id',
    summary:
      'Replace a transportation permission whole (periods and their usage included); 404 for one the tenant does not have',
    auth: 'apiKey',
    params: z.object({ id }),
    body: operatorPermission,
    response: writtenPermission,
  },
  createTrackingLink: {
    method: 'POST',
    path: '/api/operator/trips/:id/trackingLinks',
    summary:
      "A tracking link for a trip of the tenant on a date, for a drivers' office the operator serves: the operator's link of the trip that is not revoked when there is one (a link's window is its trip's, so a new one would end no later), else a new one. It shows the trip without contact data, apartments or place names, and ends with the trip (at most 2.5 hours after its planned end) or when revoked, also by revoking the key that made it",
    auth: 'apiKey',
    params: tripParams,
    body: z.object({ date: isoDate }),
    response: trackingLink,
  },
  listAwaitingBookings: {
    method: 'GET',
    path: '/api/operator/bookings',
    summary:
      "The tenant's bookings made in the portal that await the operator's approval or refusal, earliest start first (at most 500): each with its trip id, to decide with an approved or refused event, and its standing order's id (GET api/operator/series/{id}) when it is a ride of one",
    auth: 'apiKey',
    response: z.array(awaitingBooking).max(awaitingBookingsMax),
  },
  getTrip: {
    method: 'GET',
    path: '/api/operator/trips/:id',
    summary:
      'A trip of the tenant as its log made it: times, status, approval and cancellation (who and why); 404 not_found for no trip of the tenant',
    auth: 'apiKey',
    params: tripParams,
    response: operatorTrip,
  },
  getSeries: {
    method: 'GET',
    path: '/api/operator/series/:id',
    summary:
      "A standing order booked in the portal: its weekdays, last date and passenger, and each ride's trip (by start), which the operator approves or refuses one by one as any booking; 404 not_found for no series of the tenant",
    auth: 'apiKey',
    params: z.object({ id }),
    response: operatorSeries,
  },
  listTrackingLinks: {
    method: 'GET',
    path: '/api/operator/trips/:id/trackingLinks',
    summary:
      "The operator's tracking links of a trip of the tenant on a date that are not revoked (guardians' links are theirs), oldest first; links are deleted a day after the trip's planned end",
    auth: 'apiKey',
    params: tripParams,
    query: z.object({ date: isoDate }),
    response: z.array(trackingLink),
  },
  revokeTrackingLink: {
    method: 'DELETE',
    path: '/api/operator/trackingLinks/:link',
    summary:
      "Revoke a tracking link the operator made: from now on it answers 404. 404 for a link that is unknown, a guardian's or already revoked",
    auth: 'apiKey',
    params: trackingLinkParams,
    response: z.null(),
  },
  sendMessage: {
    method: 'POST',
    path: '/api/operator/passengers/:id/messages',
    summary:
      "Write to a passenger's guardians, optionally asking them to confirm (Idempotency-Key required: one message per key); 404 for a passenger the tenant does not have",
    auth: 'apiKey',
    params: z.object({ id }),
    body: operatorMessageRequest,
    response: message,
    idempotencyKeyRequired: true,
  },
  listMessages: {
    method: 'GET',
    path: '/api/operator/passengers/:id/messages',
    summary: `A passenger's messages both ways in the order they arrived, after the cursor of the last call (at most ${operatorMessagesLimit}): the guardians' replies, and the operator's own with when a guardian first saw and who confirmed them`,
    auth: 'apiKey',
    params: z.object({ id }),
    query: operatorMessagesQuery,
    response: operatorMessages,
  },
  getMessage: {
    method: 'GET',
    path: '/api/operator/messages/:id',
    summary:
      'One message of the tenant as it is now: whether a guardian has seen it, who confirmed it and when',
    auth: 'apiKey',
    params: messageParams,
    response: message,
  },
  ...operatorAccessEndpoints,
  ...operatorBulkEndpoints,
  ...operatorLifecycleEndpoints,
  ...operatorChangesEndpoints,
  ...operatorWebhookEndpoints,
} as const satisfies Record<string, Endpoint>
