/**
 * The contract's plain values: codes and length limits, without zod, so that the page can use them without
 * loading the schemas (zod is not on the signed-in screens' first paint). The schema modules re-export them.
 */

/** Error codes the client translates. Extend here, never as string literals elsewhere. */
export const errorCodes = {
  validation: 'validation_failed',
  notFound: 'not_found',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  unknownTenant: 'unknown_tenant',
  /** A `/{tenant}` path prefix names another tenant than the host or the X-Tenant header (400). */
  tenantMismatch: 'tenant_mismatch',
  tooManyRequests: 'too_many_requests',
  invalidToken: 'invalid_token',
  internal: 'internal_error',
  /** The database cannot be reached for now (503, with Retry-After): the same request may succeed later. */
  serviceUnavailable: 'service_unavailable',
  /** Malformed request: bad JSON, an empty JSON body. */
  badRequest: 'bad_request',
  payloadTooLarge: 'payload_too_large',
  /** A byte range outside the file asked for (416, with the file's size in Content-Range): the map's tile archive. */
  rangeNotSatisfiable: 'range_not_satisfiable',
  unsupportedMediaType: 'unsupported_media_type',
  /** `api/account/edit` for a user who already has a password. */
  alreadyHasPassword: 'already_has_password',
  /** `api/account/email/confirmation` when the user's email is not waiting for its confirmation (409). */
  nothingToConfirm: 'nothing_to_confirm',
  /** `api/account/changePassword` for a user who has no password yet. */
  noPassword: 'no_password',
  /** None of the trips of a cancellation can be cancelled any more; `errors` says why for each. */
  tripNotCancellable: 'trip_not_cancellable',
  /** The trip cannot be reviewed (not completed, not allowed, cancelled, no-show, or already reviewed). */
  reviewNotAvailable: 'review_not_available',
  /** The Idempotency-Key was used before with another request (422). */
  idempotencyKeyReused: 'idempotency_key_reused',
  /** A request with this Idempotency-Key is still being processed (409): try again shortly. */
  idempotencyInFlight: 'idempotency_in_flight',
  /** The operator API key is missing or wrong. */
  invalidApiKey: 'invalid_api_key',
  /** The trip's log cannot take this operator event (e.g. a pickup after cancellation); `errors` says why. */
  tripEventRejected: 'trip_event_rejected',
  /** `api/booking/route`: the routing service finds no road route between the points (400). */
  routeNotFound: 'route_not_found',
  /** `api/booking/route`: the routing service did not answer (503); trying again later may work. */
  routeUnavailable: 'route_unavailable',
  /** `api/address/search`: the geocoding service failed (503), which is not "no such address"; try again later. */
  addressSearchUnavailable: 'address_search_unavailable',
  /** `api/track/{link}` before the link's window opens (404): the trip is not yet near. */
  trackingNotStarted: 'tracking_not_started',
  /** `api/track/{link}` after the link's window (404): the trip has ended. */
  trackingEnded: 'tracking_ended',
  /** `api/message/{id}/seen` or `/confirm` of the user's own message (409): only others' messages take them. */
  ownMessage: 'own_message',
  /** `api/message/{id}/confirm` of a message that asks for no confirmation (409). */
  confirmationNotRequested: 'confirmation_not_requested',
  /**
   * `api/invitation` (403): a travel card's invitation of a passenger who already has a guardian takes a user
   * whose identity is verified (strong authentication).
   */
  identityVerificationRequired: 'identity_verification_required',
  passengerEnded: 'passenger_ended',
  /** An operator change acknowledged before with the other outcome (409): an acknowledgement is final. */
  alreadyAcknowledged: 'already_acknowledged',
  /** A change feed cursor older than what the feed still keeps (410): read from the start of what it keeps. */
  cursorExpired: 'cursor_expired',
} as const

/**
 * Why the server refuses a booking (400, `POST api/booking` and `POST api/booking/estimate`): each answer's
 * `message` is translated into the request's language (Accept-Language). `booking_outside_municipality` is the
 * one whose message names the municipality (the portal shows booking.error_municipality for it);
 * `booking_address_mismatch` (a booking only) is a searched address whose text the server's geocoder does not
 * place at its coordinates.
 */
export const bookingRefusalCodes = [
  'booking_permission_not_found',
  'booking_permission_not_valid',
  'booking_time_past',
  'booking_no_quota',
  'booking_no_express_quota',
  'booking_same_location',
  'booking_via_point_same_location',
  'booking_destination_not_allowed',
  'booking_address_mismatch',
  'booking_via_points_not_allowed',
  'booking_via_point_deviation',
  'booking_outside_area',
  'booking_outside_municipality',
  'booking_phone_required',
  'booking_phone_format',
  'booking_extra_passengers',
  'booking_extras_not_allowed',
] as const
export type BookingRefusalCode = (typeof bookingRefusalCodes)[number]

/** Why a trip cannot be cancelled or reviewed: the `error` of an `errors` entry. */
export const tripProblemCodes = [
  'not_found',
  'cancelled',
  'picked_up',
  'no_show',
  'completed',
  'past',
  'not_completed',
  'not_allowed',
  'already_reviewed',
] as const
export type TripProblemCode = (typeof tripProblemCodes)[number]

/** Trip status codes of spec section 3. */
export const tripStatusCodes = {
  Unknown: 0,
  Booked: 1,
  Routed: 2,
  Dispatching: 3,
  Dispatched: 4,
  Cancelled: 5,
  EnRoute: 10,
  CarWaiting: 11,
  NoShow: 12,
  Pickup: 13,
  DropOff: 14,
} as const
export type TripStatusCode = (typeof tripStatusCodes)[keyof typeof tripStatusCodes]

export const cancelReasonMaxLength = 1000
export const reviewCommentMaxLength = 2000

/** Where a cancellation was made: each is judged by its own rule (src/domain/trips/cancellation.ts). */
export const cancelSources = ['wizard', 'detail'] as const
export type CancelSource = (typeof cancelSources)[number]

/**
 * Why a trip was cancelled, as the dispatch system is told it (docs/integration.md): a fixed list beside the free
 * text, so that the portal's choices may change without changing what the operator reads.
 */
export const cancelReasonCodes = ['sick', 'otherTransport', 'holiday', 'other'] as const
export type CancelReasonCode = (typeof cancelReasonCodes)[number]

/** Text limit of the dispatch system's reason to refuse a change, shown to the guardian as written. */
export const refusalReasonMaxLength = 500

export const passwordMinLength = 12
export const userNameMinLength = 4
export const userNameMaxLength = 256

/**
 * Error codes of the password rules (spec section 5). They follow the server identity library's codes, which
 * the client translates; the number of distinct characters required is not shown to users.
 */
export const passwordErrorCodes = [
  'PasswordTooShort',
  'PasswordRequiresUniqueChars',
  'PasswordRequiresNonAlphanumeric',
  'PasswordRequiresDigit',
  'PasswordRequiresUpper',
  'PasswordRequiresLower',
  'PasswordMismatch',
  'DuplicateUserName',
  'InvalidUserName',
  'InvalidEmail',
  'Required',
] as const
export type PasswordErrorCode = (typeof passwordErrorCodes)[number]

export const avatarTextMaxLength = 2

/** tripDestinations (spec section 3): where trips on a permission may go. */
export const tripDestinations = {
  homeOrMain: 0,
  placeGroups: 1,
  passengerPlaces: 2,
  freePlaces: 3,
  homeOrSecondary: 4,
  mainOrSecondary: 5,
} as const
export type TripDestinations = (typeof tripDestinations)[keyof typeof tripDestinations]

/** From, up to ten via points, and to. */
export const routeMaxPoints = 12

/** Messages (spec sections 4 and 9): a page holds 10, and a message at most 2000 characters. */
export const messagePageSize = 10
export const messageContentMaxLength = 2000

/**
 * How long the server keeps an Idempotency-Key's first answer; older keys are purged (server/idempotency/purge.ts).
 * A request sent again with a purged key is new to the server and would run again, so the portal's outbox never
 * sends a command again once its first send is this old, less a margin (workers/outbox/replayRows.ts). A duration
 * Temporal's `Instant.add` and `subtract` take.
 */
export const idempotencyKeyRetention = { hours: 30 * 24 } as const

/** What a user can turn on or off per passenger; `tripChanged` is a cancellation or a time moved by the operator. */
export const notificationKinds = [
  'eta',
  'waiting',
  'pickedUp',
  'droppedOff',
  'noShow',
  'tripChanged',
  'booking',
  'message',
  'reminder',
] as const
export type NotificationKind = (typeof notificationKinds)[number]

/**
 * Which kinds come by e-mail unless the user chooses otherwise: the evening reminder and what the operator
 * decides or changes; not the live pickup alerts, which are stale by the time a mail is read.
 */
export const emailDefaultOn: Readonly<Record<NotificationKind, boolean>> = {
  eta: false,
  waiting: false,
  pickedUp: false,
  droppedOff: false,
  noShow: false,
  tripChanged: true,
  booking: true,
  message: true,
  reminder: true,
}

/** A time of day in the tenant's zone, HH:MM (the evening reminder's). */
export const timeOfDayPattern = /^(?:[01]\d|2[0-3]):[0-5]\d$/

/** The "car is near" alert: from 1 to 60 minutes before the pickup. */
export const etaMinutesRange = { min: 1, max: 60 } as const
