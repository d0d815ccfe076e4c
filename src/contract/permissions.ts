import { z } from 'zod'
import { id, isoDate, text, textLimits } from './common'
import { tripDestinations } from './codes'
import { coordinates } from './trip'

export { tripDestinations, type TripDestinations } from './codes'

/**
 * Transportation permissions (spec section 3, Quota/permission): the decisions that let a passenger travel, each
 * with its quota per period. `remainingQuota` and `remainingExpressQuota` are those of the period of one date
 * (src/domain/permissions/quota.ts).
 */

const count = z.number().int().min(0).max(100_000)

export const quotaPeriod = z.object({
  startDate: isoDate,
  endDate: isoDate,
  totalQuota: count,
  usedQuota: count,
  totalExpressQuota: count,
  usedExpressQuota: count,
  /** Trips of this period moved on to the next one. */
  savedToNext: count,
  /** Trips this period took in advance from the next one. */
  borrowed: count,
})
export type QuotaPeriod = z.infer<typeof quotaPeriod>

export const quotaExtra = z.object({
  extraId: id,
  name: text(textLimits.name, { min: 1 }),
  /** Preselected on a new booking. */
  selected: z.boolean(),
})
export type QuotaExtra = z.infer<typeof quotaExtra>

/** A named set of the passenger's places (`api/passenger/{id}/places`) that trips may go to (tripDestinations 1). */
export const placeGroup = z.object({
  name: text(textLimits.name, { min: 1 }),
  placeIds: z.array(id).max(100),
})
export type PlaceGroup = z.infer<typeof placeGroup>

/** The area a trip's route must stay inside: a polygon, its corners in order (src/domain/permissions/area.ts). */
export const allowedArea = z.object({ polygon: z.array(coordinates).min(3).max(1000) })
export type AllowedArea = z.infer<typeof allowedArea>

/** The permission as the passenger's user sees it, with the spec's fields and the two of ours at the end. */
export const quota = z.object({
  id,
  name: text(textLimits.name, { min: 1 }),
  /** VPL and SHL are special: they allow extras and extra passengers. */
  decisionType: text(textLimits.code, { min: 1 }),
  note: text(textLimits.note).nullable(),
  remainingQuota: count,
  remainingExpressQuota: count,
  /** Minutes: departing sooner than this after booking uses the express quota. Null: no express trips. */
  expressQuotaTimeLimit: z.number().int().min(0).max(100_000).nullable(),
  tripDestinations: z.literal(Object.values(tripDestinations)),
  allowViaPoints: z.boolean(),
  /** Metres a route with via points may be longer than the direct one. Null: no limit. */
  viaPointMaxDeviation: z.number().int().min(0).max(10_000_000).nullable(),
  extras: z.array(quotaExtra).max(50),
  startDate: isoDate,
  endDate: isoDate,
  periods: z.array(quotaPeriod).max(400),
  /** Where trips may go when tripDestinations is 1. */
  placeGroups: z.array(placeGroup).max(50),
  /** Null: trips may go anywhere. */
  allowedArea: allowedArea.nullable(),
})
export type Quota = z.infer<typeof quota>

export const quotaDateQuery = z.object({ date: isoDate })
