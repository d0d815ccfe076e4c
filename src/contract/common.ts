import { z } from 'zod'

// In a browser (page or worker) zod would probe for eval with `new Function`, which the portal's CSP refuses
// and Chromium reports as a violation; parse without its JIT there. The server keeps the JIT.
const inBrowser = typeof window !== 'undefined' || 'WorkerGlobalScope' in globalThis
if (inBrowser) z.config({ jitless: true })

/** An instant with its UTC offset, e.g. 2026-11-21T08:30:00+02:00. */
export const isoDateTime = z.iso.datetime({ offset: true })
/** A calendar date, YYYY-MM-DD. */
export const isoDate = z.iso.date()

/**
 * Well-formed UTF-16: every surrogate in a pair. A lone surrogate cannot be encoded as UTF-8, so PostgreSQL,
 * JSON consumers and the operator's systems would each store or show something else.
 */
const wellFormedUtf16 = /^(?:[^\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/

/** Length limits of the contract's text, in UTF-16 code units (what `String.length` and zod count). */
export const textLimits = {
  code: 64,
  phone: 64,
  /** Short parts of an address: a street number, a postal code. */
  addressPart: 32,
  name: 200,
  address: 500,
  note: 2000,
  /** A form field checked by a domain rule afterwards (username, password, email), which names the problem. */
  formField: 1024,
  token: 4096,
} as const

/**
 * Every string of the contract: well-formed and at most `max` long (`min` for required text; `trim` first for
 * what users type). Requests beyond are 400 `validation_failed` (`too_big`, `invalid_format`).
 */
export function text(max: number, options: { min?: number; trim?: boolean } = {}) {
  const base = options.trim ? z.string().trim() : z.string()
  const bounded = base.max(max).regex(wellFormedUtf16, 'Text must be well-formed UTF-16')
  return options.min ? bounded.min(options.min) : bounded
}

export const id = text(textLimits.code, { min: 1 })

/** The longest trip id: the operator's dispatch system names its trips (today's are UUIDs). */
export const tripIdMaxLength = 100

/**
 * A trip's id, wherever it enters: letters, digits and `._:-`, so that it can break no line of a calendar feed,
 * a log or a header, and needs no escaping in a path.
 */
export const tripId = z
  .string()
  .min(1)
  .max(tripIdMaxLength)
  .regex(/^[A-Za-z0-9._:-]+$/, 'A trip id takes letters, digits and ._:- only')

/**
 * The operator's own reference for a passenger, a place or a permission (its id in the operator's system), unique
 * in the tenant (a place's: per passenger). The same characters as a trip id, for the same reasons.
 */
export const externalRef = z
  .string()
  .min(1)
  .max(tripIdMaxLength)
  .regex(/^[A-Za-z0-9._:-]+$/, 'A reference takes letters, digits and ._:- only')

/** A field error of a 400 answer: the property it concerns and a stable error code. */
export const fieldError = z.object({ property: text(textLimits.name), error: text(textLimits.code) })
export type FieldError = z.infer<typeof fieldError>

/**
 * The one error shape of every 4xx and 5xx answer. `code` is stable and machine-readable; `message` is for
 * logs and developers, never shown to users as is (the client translates by code).
 */
export const apiError = z.object({
  statusCode: z.number().int(),
  code: text(textLimits.code),
  message: text(textLimits.note),
  errors: z.array(fieldError).optional(),
})
export type ApiError = z.infer<typeof apiError>

export { errorCodes, tripProblemCodes, type TripProblemCode } from './codes'
