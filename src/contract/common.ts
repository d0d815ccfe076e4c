import { z } from 'zod'

// In a browser (page or worker) zod would probe for eval with `new Function`, which the portal's CSP refuses
// and Chromium reports as a violation; parse without its JIT there. The server keeps the JIT.
const inBrowser = typeof window !== 'undefined' || 'WorkerGlobalScope' in globalThis
if (inBrowser) z.config({ jitless: true })

/** An instant with its UTC offset, e.g. 2026-11-21T08:30:00+02:00. */
export const isoDateTime = z.iso.datetime({ offset: true })
/** A calendar date, YYYY-MM-DD. */
export const isoDate = z.iso.date()

export const id = z.string().min(1).max(64)

/** A field error of a 400 answer: the property it concerns and a stable error code. */
export const fieldError = z.object({ property: z.string(), error: z.string() })
export type FieldError = z.infer<typeof fieldError>

/**
 * The one error shape of every 4xx and 5xx answer. `code` is stable and machine-readable; `message` is for
 * logs and developers, never shown to users as is (the client translates by code).
 */
export const apiError = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  errors: z.array(fieldError).optional(),
})
export type ApiError = z.infer<typeof apiError>

/** Error codes the client translates. Extend here, never as string literals elsewhere. */
export const errorCodes = {
  validation: 'validation_failed',
  notFound: 'not_found',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  unknownTenant: 'unknown_tenant',
  tooManyRequests: 'too_many_requests',
  invalidToken: 'invalid_token',
  internal: 'internal_error',
  /** Malformed request: bad JSON, an empty JSON body. */
  badRequest: 'bad_request',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  /** `api/account/edit` for a user who already has a password. */
  alreadyHasPassword: 'already_has_password',
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
} as const

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
