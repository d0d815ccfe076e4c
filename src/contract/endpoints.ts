import { z } from 'zod'
import { clientErrorAccepted, clientErrorReport } from './clientErrors'
import {
  accessTokenQuery,
  accessTokenResponse,
  accountEditRequest,
  changeEmailRequest,
  changePasswordRequest,
  user,
} from './account'
import {
  commandBatchMaxBytes,
  commandBatchMaxCount,
  commandBatchRequest,
  commandBatchResponse,
} from './commandBatch'
import { id, isoDate } from './common'
import { addPassengerRequest, passenger, place, updatePassengerRequest } from './passenger'
import {
  acceptedInvitation,
  acceptInvitationRequest,
  invitation,
  invitationParams,
  registerCardRequest,
} from './invitations'
import { bookingEstimate, bookingRequest, bookingResponse } from './booking'
import { mapSettings } from './map'
import { message, messagePage, messagePageQuery, messageParams, sendMessageRequest } from './messages'
import {
  calendarFeed,
  notificationSettings,
  notificationSettingsChange,
  pushSubscription,
  subscribeRequest,
  subscriptionParams,
  testNotificationRequest,
  vapidKey,
} from './notifications'
import { quota, quotaDateQuery } from './permissions'
import {
  holiday,
  holidaysQuery,
  seriesBookingRequest,
  seriesBookingResponse,
  seriesReturnPastMidnightBefore,
} from './series'
import {
  addressSearchLimit,
  addressSearchQuery,
  addressSearchResult,
  routeDetails,
  routeRequest,
} from './places'
import { trackedTrip, trackingLink, trackingLinkParams, trackingLinkRequest } from './tracking'
import { trip, unapprovedBooking } from './trip'
import { cancelTripsRequest, reviewRequest, tripStatusRequest } from './tripCommands'

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

export interface Endpoint {
  method: Method
  /** Fastify-style path; `:name` segments are filled from `params`. */
  path: string
  summary: string
  /** A bearer access token (true), nothing (false), or a tenant's operator key in `X-Api-Key` ('apiKey'). */
  auth: boolean | 'apiKey'
  params?: z.ZodObject
  query?: z.ZodObject
  body?: z.ZodType
  response: z.ZodType
  /** Error statuses the call answers besides the usual 400, 401, 404, 409 and 422 (documented in OpenAPI). */
  errorStatuses?: readonly number[]
  /** A state-changing call that must not run without an `Idempotency-Key` (400 validation_failed without). */
  idempotencyKeyRequired?: true
  /**
   * A POST that only reads (the spec sends its parameters in a body): like a GET it takes no Idempotency-Key and
   * may answer from the read cache, as it is polled.
   */
  readOnly?: true
  /**
   * A batch of other calls, each under its own Idempotency-Key in the body (`api/command/batch`): it takes none
   * itself, and what its commands answer is in its answer.
   */
  batch?: true
}

/** Replaces `:name` segments of an endpoint's path with the encoded parameters. */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, key: string) => {
    const value = params[key]
    if (value === undefined || value === null || value === '')
      throw new Error(`Missing path parameter ${key}`)
    return encodeURIComponent(String(value))
  })
}

/** The names of the `:name` segments of an endpoint's path. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_]\w*)/g)].map((match) => match[1]!)
}

/** The most trips one read of a passenger's trips returns (the earliest first). */
export const tripListMaxCount = 500

const passengerParams = z.object({ id })

/** The most days one `listTripsInDates` spans: a year, past any series' end. */
export const tripDatesMaxDays = 366
export const tripDatesQuery = z.object({ from: isoDate, to: isoDate })

const passengerReadsQuery = z.object({
  permissions: z
    .enum(['true', 'false'])
    .optional()
    .describe("'true' adds each passenger's transportation permissions, as listTransportationPermissions"),
})

/** One passenger's reads in one answer (listPassengerReads): a pull's second round of calls, saved. */
export const passengerReads = z.object({
  passenger,
  places: z.array(place),
  trips: z.array(trip).max(tripListMaxCount),
  /** The passenger's bookings of the trip window that await approval or were refused: never among `trips`. */
  bookings: z.array(unapprovedBooking).max(tripListMaxCount),
  permissions: z.array(quota).optional(),
})
export type PassengerReads = z.infer<typeof passengerReads>

/**
 * Every call of the portal API (spec section 7 and ours): the one source of truth for the server's validation
 * and OpenAPI document and for the client's typed calls.
 */
export const endpoints = {
  getAccessToken: {
    method: 'GET',
    path: '/api/auth/access_token',
    summary: 'A short-lived access token for the session cookie, or null when there is no session',
    auth: false,
    query: accessTokenQuery,
    response: accessTokenResponse,
  },
  getAccount: {
    method: 'GET',
    path: '/api/account',
    summary: 'The signed-in user',
    auth: true,
    response: user,
  },
  editAccount: {
    method: 'POST',
    path: '/api/account/edit',
    summary:
      "Create a username and password for a user who has none, optionally with the email (400 validation_failed with the field's error when it is not valid)",
    auth: true,
    body: accountEditRequest,
    response: user,
  },
  changePassword: {
    method: 'POST',
    path: '/api/account/changePassword',
    summary: 'Change the username and password',
    auth: true,
    body: changePasswordRequest,
    response: user,
  },
  changeEmail: {
    method: 'PUT',
    path: '/api/account/email',
    summary:
      "Set or change the user's email, which recovers a password; 400 validation_failed with the email field's error (Required, InvalidEmail) when it is not valid",
    auth: true,
    body: changeEmailRequest,
    response: user,
  },
  resendEmailConfirmation: {
    method: 'POST',
    path: '/api/account/email/confirmation',
    summary:
      'Send the link that confirms the unconfirmed email again; 429 too_many_requests after one a minute or five a day, 409 nothing_to_confirm when the email is not waiting for its confirmation',
    auth: true,
    response: user,
  },
  listPassengers: {
    method: 'GET',
    path: '/api/passenger',
    summary: 'Passengers granted to the user',
    auth: true,
    response: z.array(passenger),
  },
  addPassenger: {
    method: 'POST',
    path: '/api/passenger',
    summary: 'Claim a passenger with an access code token',
    auth: true,
    body: addPassengerRequest,
    response: passenger,
  },
  updatePassenger: {
    method: 'PUT',
    path: '/api/passenger/:id',
    summary: "Change a passenger's initials",
    auth: true,
    params: passengerParams,
    body: updatePassengerRequest,
    response: passenger,
  },
  listPlaces: {
    method: 'GET',
    path: '/api/passenger/:id/places',
    summary: "A passenger's saved places",
    auth: true,
    params: passengerParams,
    response: z.array(place),
  },
  listTrips: {
    method: 'GET',
    path: '/api/passenger/:id/trips',
    summary: `A passenger's trips from today to two weeks ahead, by start time: at most ${tripListMaxCount}, the earliest`,
    auth: true,
    params: passengerParams,
    response: z.array(trip).max(tripListMaxCount),
  },
  listTripsInDates: {
    method: 'GET',
    path: '/api/passenger/:id/trips/dates',
    summary: `A passenger's trips on the dates from \`from\` to \`to\` (the tenant's zone), beyond the two weeks too, by start time: at most ${tripListMaxCount}, the earliest. What the cancel wizard asks for dates past the trips it has; \`from\` not before today, \`to\` not before \`from\` nor more than ${tripDatesMaxDays} days after it (400 validation_failed naming the field)`,
    auth: true,
    params: passengerParams,
    query: tripDatesQuery,
    response: z.array(trip).max(tripListMaxCount),
  },
  listPassengerReads: {
    method: 'GET',
    path: '/api/passenger/reads',
    summary:
      "Every passenger granted to the user with the places and trips listPlaces and listTrips answer, the bookings made in the portal of the same days that await approval or were refused (and the transportation permissions when asked), in one call: the pull's one round instead of two",
    auth: true,
    query: passengerReadsQuery,
    response: z.array(passengerReads),
  },
  listTransportationPermissions: {
    method: 'GET',
    path: '/api/passenger/:id/transportationPermissions',
    summary:
      "A passenger's transportation permissions with all their periods; the remaining quota is today's (tenant time)",
    auth: true,
    params: passengerParams,
    response: z.array(quota),
  },
  listQuotas: {
    method: 'GET',
    path: '/api/passenger/:id/quotas',
    summary:
      "The passenger's transportation permissions valid on `date`, with the remaining quota of the period it falls in",
    auth: true,
    params: passengerParams,
    query: quotaDateQuery,
    response: z.array(quota),
  },
  cancelTrips: {
    method: 'POST',
    path: '/api/trip/cancel',
    summary:
      'Cancel trips with a reason; answers the trips now cancelled (409 trip_not_cancellable when none can be)',
    auth: true,
    body: cancelTripsRequest,
    response: z.array(trip),
  },
  reviewTrip: {
    method: 'POST',
    path: '/api/trip/review',
    summary: 'Review a completed trip; answers the trip with its review (409 review_not_available)',
    auth: true,
    body: reviewRequest,
    response: trip,
  },
  tripStatus: {
    method: 'POST',
    path: '/api/trip/status',
    summary:
      'A trip with its current status (ETA, car location); with the ETag of its last answer in If-None-Match, 304 while nothing changed',
    auth: true,
    body: tripStatusRequest,
    response: trip,
    readOnly: true,
  },
  getTrackingLink: {
    method: 'GET',
    path: '/api/trip/trackingLink',
    summary: "The trip's tracking link that is not revoked and has not expired, or null",
    auth: true,
    query: trackingLinkRequest,
    response: trackingLink.nullable(),
  },
  createTrackingLink: {
    method: 'POST',
    path: '/api/trip/trackingLink',
    summary:
      "A tracking link for the user's passenger's trip, to share with a drivers' office; the trip's current link when it has one",
    auth: true,
    body: trackingLinkRequest,
    response: trackingLink,
  },
  revokeTrackingLink: {
    method: 'DELETE',
    path: '/api/trip/trackingLink/:link',
    summary: "Revoke a tracking link of the user's passenger's trip: from now on it answers 404",
    auth: true,
    params: trackingLinkParams,
    response: z.null(),
  },
  trackTrip: {
    method: 'GET',
    path: '/api/track/:link',
    summary:
      "The trip a tracking link shows, with its status and car, without contact data, apartments, place names or the passenger's surname, coordinates rounded (stops to about 100 m, the car to about 10 m); no login. 404 not_found for an unknown or revoked link or a guardian's link whose maker no longer has the passenger, tracking_not_started before its window and tracking_ended after it; 429 when a client asks too often; 304 to an If-None-Match of the current ETag",
    auth: false,
    params: trackingLinkParams,
    response: trackedTrip,
    errorStatuses: [429],
  },
  searchAddresses: {
    method: 'GET',
    path: '/api/address/search',
    summary: `Finnish addresses matching q (street, house number, postal code or locality): at most ${addressSearchLimit}, each with a postal code and locality; 503 address_search_unavailable when the search service fails; 429 too_many_requests (Retry-After) beyond the user's searches a minute`,
    auth: true,
    query: addressSearchQuery,
    response: z.array(addressSearchResult).max(addressSearchLimit),
    errorStatuses: [429, 503],
  },
  bookingRoute: {
    method: 'POST',
    path: '/api/booking/route',
    summary:
      "Distances (km) and duration (s) of a route from the first point through the via points to the last, and of the direct route; 400 route_not_found, 503 route_unavailable; 429 too_many_requests (Retry-After) beyond the user's routes a minute (routes, estimates and bookings together)",
    auth: true,
    body: routeRequest,
    response: routeDetails,
    errorStatuses: [429, 503],
  },
  bookingEstimate: {
    method: 'POST',
    path: '/api/booking/estimate',
    summary:
      'The deductible in euros the passenger would pay for this booking, shown before confirming; it measures the route, so 503 route_unavailable and 429 too_many_requests as api/booking/route',
    auth: true,
    body: bookingRequest,
    response: bookingEstimate,
    errorStatuses: [429, 503],
  },
  createBooking: {
    method: 'POST',
    path: '/api/booking',
    summary:
      "Book a trip on a transportation permission (Idempotency-Key required): every rule is checked again, the quota is used in the same transaction, and the trip awaits approval; a refusal is a 400 with a code and a translated message; it measures the route, so 503 route_unavailable and 429 too_many_requests as api/booking/route (a 429 is not stored as the key's answer)",
    auth: true,
    body: bookingRequest,
    response: bookingResponse,
    errorStatuses: [429, 503],
    idempotencyKeyRequired: true,
  },
  createSeriesBooking: {
    method: 'POST',
    path: '/api/booking/series',
    summary: `Book a standing order (Idempotency-Key required): the first ride's booking repeated on the given dates at its wall-clock time, every ride judged by every rule with the permission locked, in one transaction; all or none (a refusal is a 400 naming the date in \`errors\`, property \`dates.{index}\`), or with fitOnly the dates that pass, the others listed with their reason. Each ride is on its date, or the day after for a return booked before ${seriesReturnPastMidnightBefore} on the day after the first date (its outbound's); every date by until, each after the first on the weekdays. Each ride is an ordinary trip awaiting approval, with the series' id`,
    auth: true,
    body: seriesBookingRequest,
    response: seriesBookingResponse,
    errorStatuses: [429, 503],
    idempotencyKeyRequired: true,
  },
  listMessages: {
    method: 'GET',
    path: '/api/message',
    summary:
      "A page of the messages of the user's passengers, oldest first within and across pages (page 1 the oldest ten); the last page without `page`; with the count of others' messages the user has not seen",
    auth: true,
    query: messagePageQuery,
    response: messagePage,
  },
  sendMessage: {
    method: 'POST',
    path: '/api/message',
    summary:
      "Write to the operator about a passenger of the user's (Idempotency-Key required: one message per key); 404 for a passenger not the user's",
    auth: true,
    body: sendMessageRequest,
    response: message,
    idempotencyKeyRequired: true,
  },
  markMessageSeen: {
    method: 'PUT',
    path: '/api/message/:id/seen',
    summary:
      "Mark another's message seen by the user; again is no change. 404 for a message not of the user's passengers, 409 own_message for the user's own",
    auth: true,
    params: messageParams,
    response: message,
  },
  confirmMessage: {
    method: 'PUT',
    path: '/api/message/:id/confirm',
    summary:
      'Confirm a message that asks for it (and mark it seen); once confirmed, by this or another guardian, again is no change. 404 as seen, 409 own_message or confirmation_not_requested',
    auth: true,
    params: messageParams,
    response: message,
  },
  runCommands: {
    method: 'POST',
    path: '/api/command/batch',
    summary: `Run several commands in one request, in order, each as its own call would with its own Idempotency-Key (per user, as every key): a key already answered replays its first answer, one in flight answers 409 idempotency_in_flight. Answers each as its call would, up to the first that is to be tried again (401, 408, 429, 5xx, 409 idempotency_in_flight); the commands after that one were not run. At most ${commandBatchMaxCount} commands and ${commandBatchMaxBytes / 1024} KiB; 400 validation_failed for a batch not of this shape (no command is run)`,
    auth: true,
    body: commandBatchRequest,
    response: commandBatchResponse,
    batch: true,
  },
  getInvitation: {
    method: 'GET',
    path: '/api/invitation/:code',
    summary:
      'An invitation and its passengers, with no login; with a bearer token, acceptedByUser says whether this user accepted it. 404 not_found for an unknown or expired code and one another user accepted; 429 when a client asks too often',
    auth: false,
    params: invitationParams,
    response: invitation,
    errorStatuses: [404, 429],
  },
  acceptInvitation: {
    method: 'POST',
    path: '/api/invitation',
    summary:
      "Accept an invitation: its passengers are granted to the user (again for the same user, nothing changes); 404 not_found when it is unknown, expired or another user's; 403 identity_verification_required when it is a travel card's of a passenger who already has a guardian and the user's identity is not verified (the guardians get a message when someone joins them); 429 when a client asks too often",
    auth: true,
    body: acceptInvitationRequest,
    response: acceptedInvitation,
    errorStatuses: [403, 429],
  },
  registerTravelCard: {
    method: 'POST',
    path: '/api/account/registercard',
    summary:
      "Register a travel card by its holder's name and number (spaces and case do not matter), with no login: a fresh invitation for the card's passenger (requiresVerifiedIdentity when the passenger already has a guardian); 404 not_found when no card of the tenant matches; 429 too_many_requests, with Retry-After, when a client asks too often or the card number or name has failed too often",
    auth: false,
    body: registerCardRequest,
    response: invitation,
    errorStatuses: [404, 429],
  },
  getMapSettings: {
    method: 'GET',
    path: '/api/map/settings',
    summary:
      "What the map draws under a trip: the deployment's street map style URL or null, and whether the API host serves a tile archive (GET /api/map/tiles.pmtiles, by byte ranges); with neither, the portal's own basemap",
    auth: false,
    response: mapSettings,
  },
  reportClientError: {
    method: 'POST',
    path: '/api/client-errors',
    summary:
      'Report an error the portal met (no personal data); logged with tenant and release, rate limited per address (429)',
    auth: false,
    body: clientErrorReport,
    response: clientErrorAccepted,
  },
  getNotificationSettings: {
    method: 'GET',
    path: '/api/notifications/settings',
    summary:
      "The user's notification settings: the reminder time, the minutes before a pickup, lock-screen privacy and, for every passenger granted to them, which kinds they get by push and by e-mail; whether e-mail is available and the state of the user's address",
    auth: true,
    response: notificationSettings,
  },
  saveNotificationSettings: {
    method: 'PUT',
    path: '/api/notifications/settings',
    summary:
      "Replace the user's notification settings; a passenger not granted to the user is 404. Answers the settings as saved",
    auth: true,
    body: notificationSettingsChange,
    response: notificationSettings,
  },
  getVapidKey: {
    method: 'GET',
    path: '/api/notifications/vapidKey',
    summary: "The server's VAPID public key, for PushManager.subscribe",
    auth: true,
    response: vapidKey,
  },
  listPushSubscriptions: {
    method: 'GET',
    path: '/api/notifications/subscriptions',
    summary: "The user's devices that receive notifications, oldest first",
    auth: true,
    response: z.array(pushSubscription),
  },
  subscribePush: {
    method: 'POST',
    path: '/api/notifications/subscriptions',
    summary:
      'Turn notifications on for this device: its push subscription, kept for this user on this tenant; the same endpoint again updates its keys and language. The endpoint must be https on an allowed port (443 unless the operator configures others) of a public host name (400 validation_failed). An endpoint another user or tenant has moves to this one only with the same keys; with other keys 403 forbidden, and it stays theirs',
    auth: true,
    body: subscribeRequest,
    response: pushSubscription,
    errorStatuses: [403],
  },
  unsubscribePush: {
    method: 'DELETE',
    path: '/api/notifications/subscriptions/:id',
    summary: "Stop notifications to one of the user's devices",
    auth: true,
    params: subscriptionParams,
    response: z.null(),
  },
  sendTestNotification: {
    method: 'POST',
    path: '/api/notifications/test',
    summary: "Send a test notification to one of the user's devices",
    auth: true,
    body: testNotificationRequest,
    response: z.null(),
    errorStatuses: [429],
  },
  listHolidays: {
    method: 'GET',
    path: '/api/holidays',
    summary:
      'Finnish public holidays from `from` to `to` (both included, at most 400 days), named in the Accept-Language; a series of rides leaves them out by default',
    auth: true,
    query: holidaysQuery,
    response: z.array(holiday).max(60),
  },
  getCalendarFeed: {
    method: 'GET',
    path: '/api/calendar/feed',
    summary: "The user's private calendar feed of their passengers' trips, or null when they have none",
    auth: true,
    response: calendarFeed.nullable(),
  },
  renewCalendarFeed: {
    method: 'POST',
    path: '/api/calendar/feed',
    summary:
      'Make a new private calendar feed URL for the user; the one before, if any, stops working (404) at once',
    auth: true,
    response: calendarFeed,
  },
} as const satisfies Record<string, Endpoint>

export type Endpoints = typeof endpoints
export type EndpointName = keyof Endpoints
