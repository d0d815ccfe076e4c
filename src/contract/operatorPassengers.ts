import { z } from 'zod'
import { avatarTextMaxLength } from './codes'
import { externalRef, id, isoDateTime, text, textLimits } from './common'
import type { Endpoint } from './endpoints'
import { avatarText, place } from './passenger'
import { placeGroup, quota } from './permissions'

/**
 * The operator's master data (operator API, the tenant's X-Api-Key): passengers, their saved places and their
 * transportation permissions, each upserted by the operator's own reference (`externalRef`), so that a load run
 * again changes what changed and duplicates nothing.
 */

/**
 * The operator names a passenger or a place by the portal's id or by its own reference: exactly one of the two
 * when `required`, else at most one. The issue names the property to fix (400 validation_failed).
 */
export function namedOnce(idKey: string, refKey: string, options: { required: boolean }) {
  return (value: Record<string, unknown>, context: z.RefinementCtx) => {
    const byId = value[idKey] !== undefined && value[idKey] !== null
    const byRef = value[refKey] !== undefined
    if (byId && byRef) {
      context.addIssue({ code: 'custom', path: [refKey], message: `Give ${idKey} or ${refKey}, not both` })
    } else if (options.required && !byId && !byRef) {
      context.addIssue({ code: 'custom', path: [idKey], message: `Give ${idKey} or ${refKey}` })
    }
  }
}

export const passengerLanguages = ['fi', 'sv', 'en'] as const

/** The operator's view of a passenger. */
export const operatorPassenger = z.object({
  id,
  externalRef: externalRef.nullable(),
  name: text(textLimits.name),
  initials: text(avatarTextMaxLength),
  phone: text(textLimits.phone).nullable(),
  language: z.enum(passengerLanguages).nullable(),
  /** When the operator ended the passenger; null while not ended. */
  endedAt: isoDateTime.nullable(),
  /** The passenger's personal data is gone (a while after the end). */
  erased: z.boolean(),
})
export type OperatorPassenger = z.infer<typeof operatorPassenger>

/** A passenger as the operator writes it (its reference in the path, or beside it in a batch). */
export const passengerFields = z.object({
  name: text(textLimits.name, { min: 1, trim: true }),
  initials: avatarText
    .optional()
    .describe(
      "Up to two characters; left out: those a guardian chose are kept, else the name's first letters",
    ),
  phone: text(textLimits.phone).nullable().default(null),
  language: z.enum(passengerLanguages).nullable().default(null),
})

export const passengerItem = passengerFields.extend({ externalRef })
export type PassengerItem = z.output<typeof passengerItem>

const flag = z.boolean().default(false)
const latitude = z.number().min(-90).max(90)
const longitude = z.number().min(-180).max(180)

/** A saved place as the operator writes it, apart from its passenger and reference. */
const placeShape = {
  alias: text(textLimits.name, { min: 1 }),
  display: text(textLimits.address, { min: 1 })
    .nullish()
    .describe('The line shown under the alias; the address when left out'),
  address: text(textLimits.address, { min: 1 }).describe('Street address, e.g. "Koulukatu 5, 02100 Espoo"'),
  streetnumber: text(textLimits.addressPart).nullish(),
  postalcode: text(textLimits.addressPart).nullish(),
  city: text(textLimits.name).nullish(),
  latitude: latitude
    .nullish()
    .describe(
      'With longitude; both left out: the server places the address with its geocoder (400 validation_failed naming address when it cannot, 503 address_search_unavailable when the geocoder fails)',
    ),
  longitude: longitude.nullish(),
  isHome: flag,
  isPickup: flag,
  isViaPoint: flag,
  isMain: flag,
  isSecondaryPlace: flag,
  sortOrder: z.number().int().min(0).max(10_000).default(0),
}

/** Coordinates come in pairs: one alone is a mistake, not a request to geocode. */
function bothCoordinatesOrNone(
  value: { latitude?: number | null; longitude?: number | null },
  context: z.RefinementCtx,
) {
  const given = [value.latitude, value.longitude].map(
    (coordinate) => coordinate !== undefined && coordinate !== null,
  )
  if (given[0] !== given[1]) {
    context.addIssue({
      code: 'custom',
      path: [given[0] ? 'longitude' : 'latitude'],
      message: 'Give latitude and longitude together',
    })
  }
}

export const placeFields = z.object(placeShape).superRefine(bothCoordinatesOrNone)

export const placeItem = z
  .object({
    ...placeShape,
    externalRef,
    passengerId: id.optional(),
    passengerRef: externalRef.optional(),
  })
  .superRefine(bothCoordinatesOrNone)
  .superRefine(namedOnce('passengerId', 'passengerRef', { required: true }))
export type PlaceItem = z.output<typeof placeItem>

/** A saved place as the operator sees it. */
export const operatorPlace = place.omit({ source: true }).extend({
  externalRef: externalRef.nullable(),
  passengerId: id,
  sortOrder: z.number().int(),
})
export type OperatorPlace = z.infer<typeof operatorPlace>

/** A place group as the operator writes it: the passenger's places by the portal's ids or by references. */
const operatorPlaceGroup = z
  .object({
    name: placeGroup.shape.name,
    placeIds: placeGroup.shape.placeIds.optional(),
    placeRefs: z.array(externalRef).max(100).optional(),
  })
  .superRefine(namedOnce('placeIds', 'placeRefs', { required: true }))

/**
 * A transportation permission as an operator writes it: the passenger's view without the remaining quota, which
 * follows from the periods. What a permission may leave out has its default here.
 */
export const operatorPermission = quota
  .omit({ id: true, remainingQuota: true, remainingExpressQuota: true })
  .extend({
    note: quota.shape.note.default(null),
    expressQuotaTimeLimit: quota.shape.expressQuotaTimeLimit.default(null),
    allowViaPoints: quota.shape.allowViaPoints.default(false),
    viaPointMaxDeviation: quota.shape.viaPointMaxDeviation.default(null),
    extras: quota.shape.extras.default([]),
    periods: quota.shape.periods.default([]),
    placeGroups: z.array(operatorPlaceGroup).max(50).default([]),
    allowedArea: quota.shape.allowedArea.default(null),
  })
export type OperatorPermission = z.input<typeof operatorPermission>

/** The permission as written, with its passenger and the remaining quota of today (tenant time). */
export const writtenPermission = quota.extend({ passengerId: id })

const passengerNamed = { passengerId: id.optional(), passengerRef: externalRef.optional() }

export const permissionFields = operatorPermission
  .extend(passengerNamed)
  .superRefine(namedOnce('passengerId', 'passengerRef', { required: true }))

export const permissionItem = operatorPermission
  .extend({ ...passengerNamed, externalRef })
  .superRefine(namedOnce('passengerId', 'passengerRef', { required: true }))
export type PermissionItem = z.output<typeof permissionItem>

export const writtenPermissionByRef = writtenPermission.extend({ externalRef })

export const passengerPageLimit = { default: 100, max: 500 } as const

/** A page of the tenant's passengers by id; `nextCursor` goes on from its last, null after the last page. */
export const operatorPassengerPage = z.object({
  passengers: z.array(operatorPassenger).max(passengerPageLimit.max),
  nextCursor: text(textLimits.token).nullable(),
})

const refParams = z.object({ ref: externalRef })
const passengerParams = z.object({ id })
const placeParams = z.object({ id, ref: externalRef })

export const operatorPassengersEndpoints = {
  upsertPassenger: {
    method: 'PUT',
    path: '/api/operator/passengers/byRef/:ref',
    summary:
      "Create or update the tenant's passenger with the operator's reference: the same call again changes nothing. 409 passenger_ended for a passenger the operator ended",
    auth: 'apiKey',
    params: refParams,
    body: passengerFields,
    response: operatorPassenger,
  },
  getPassengerByRef: {
    method: 'GET',
    path: '/api/operator/passengers/byRef/:ref',
    summary: "The tenant's passenger with the operator's reference; 404 not_found for none",
    auth: 'apiKey',
    params: refParams,
    response: operatorPassenger,
  },
  getPassenger: {
    method: 'GET',
    path: '/api/operator/passengers/:id',
    summary: "The tenant's passenger with the portal's id; 404 not_found for none",
    auth: 'apiKey',
    params: passengerParams,
    response: operatorPassenger,
  },
  listPassengers: {
    method: 'GET',
    path: '/api/operator/passengers',
    summary: `The tenant's passengers in the order of their ids, a page at a time (limit ${passengerPageLimit.default} unless given, at most ${passengerPageLimit.max}): the next page with the answer's nextCursor, which is null after the last`,
    auth: 'apiKey',
    query: z.object({
      cursor: z
        .string()
        .regex(/^[A-Za-z0-9_-]{1,200}$/, 'A cursor is the nextCursor of an answer')
        .optional(),
      limit: z.coerce
        .number<string | number>()
        .int()
        .min(1)
        .max(passengerPageLimit.max)
        .default(passengerPageLimit.default),
    }),
    response: operatorPassengerPage,
  },
  upsertPlace: {
    method: 'PUT',
    path: '/api/operator/passengers/:id/places/byRef/:ref',
    summary:
      "Create or update a saved place of the tenant's passenger with the operator's reference (unique per passenger). Without coordinates the server places the address with its geocoder: 400 validation_failed naming address when it cannot, 503 address_search_unavailable when the geocoder fails. 404 for a passenger the tenant does not have, 409 passenger_ended for one the operator ended",
    auth: 'apiKey',
    params: placeParams,
    body: placeFields,
    response: operatorPlace,
    errorStatuses: [503],
  },
  listPlaces: {
    method: 'GET',
    path: '/api/operator/passengers/:id/places',
    summary:
      "The saved places of the tenant's passenger, in their order; 404 for a passenger the tenant does not have",
    auth: 'apiKey',
    params: passengerParams,
    response: z.array(operatorPlace),
  },
  deletePlace: {
    method: 'DELETE',
    path: '/api/operator/passengers/:id/places/byRef/:ref',
    summary:
      "Delete a saved place of the tenant's passenger by the operator's reference; the permissions' place groups lose it. 404 for none",
    auth: 'apiKey',
    params: placeParams,
    response: z.null(),
  },
  upsertPermissionByRef: {
    method: 'PUT',
    path: '/api/operator/transportationPermissions/byRef/:ref',
    summary:
      "Create or replace whole a transportation permission with the operator's reference, of the passenger named by passengerId or passengerRef (its place groups may name the passenger's places by placeRefs). 404 for a passenger the tenant does not have, 409 passenger_ended for one the operator ended, 409 validation_failed when the reference is another passenger's permission",
    auth: 'apiKey',
    params: refParams,
    body: permissionFields,
    response: writtenPermissionByRef,
  },
} as const satisfies Record<string, Endpoint>
