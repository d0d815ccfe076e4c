import { z } from 'zod'
import { text, textLimits } from './common'
import { routeMaxPoints } from './codes'
import { place } from './passenger'

export { routeMaxPoints } from './codes'

/** The most results one address search answers (spec section 9). */
export const addressSearchLimit = 30

/** The longest address search query; a longer one is a 400 `validation_failed`. */
export const addressSearchQueryMaxLength = textLimits.name

export const addressSearchQuery = z.object({
  q: text(addressSearchQueryMaxLength, { trim: true }),
  /** The language of locality names (Helsinki or Helsingfors); Finnish when absent. */
  lang: z.enum(['fi', 'sv', 'en']).optional(),
})
export type AddressSearchQuery = z.infer<typeof addressSearchQuery>

/**
 * A geocoded address, a place the portal can book from or to: it always has a postal code, a locality and
 * coordinates (spec section 5). `address` is the street and house number, `display` the whole line without
 * a trailing ", Suomi", `alias` a named place's name (a school, a station), and the place flags are all false.
 */
export const addressSearchResult = place.extend({
  postalcode: text(textLimits.addressPart),
  city: text(textLimits.name),
  latitude: z.number(),
  longitude: z.number(),
  source: z.literal('mapPlaceResult'),
})
export type AddressSearchResult = z.infer<typeof addressSearchResult>

/** A point of a route: any place or search result will do; only its coordinates are read. */
export const routePoint = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
})
export type RoutePoint = z.infer<typeof routePoint>

/** From, the via points in order, and to. */
export const routeRequest = z.array(routePoint).min(2).max(routeMaxPoints)
export type RouteRequest = z.infer<typeof routeRequest>

/**
 * Route details (spec section 3). Distances are kilometres to the metre (three decimals), durations whole
 * seconds, so the portal compares the via points' deviation (`routeWithViaPointDistance -
 * originalRouteDistance`, km) with a permission's `viaPointMaxDeviation / 1000`.
 */
export const routeDetails = z.object({
  /** Kilometres from the first point through every via point to the last. */
  routeWithViaPointDistance: z.number().nonnegative(),
  /** Seconds of driving along that route, without the via points' wait times. */
  routeWithViaPointDuration: z.number().int().nonnegative(),
  /** Kilometres from the first point straight to the last. */
  originalRouteDistance: z.number().nonnegative(),
})
export type RouteDetails = z.infer<typeof routeDetails>
