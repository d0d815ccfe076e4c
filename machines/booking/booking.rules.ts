import { Temporal } from 'temporal-polyfill'
import { assign, type Assigner, type ParameterizedObject, type PropertyAssigner } from 'xstate'
import type { BookingRequest, BookingResponse } from '../../src/contract/booking'
import type { HolidayView, SeriesBookingResponse } from '../../src/contract/series'
import type { Passenger, Place } from '../../src/contract/passenger'
import type { Quota } from '../../src/contract/permissions'
import type { AddressSearchResult, RouteDetails, RoutePoint } from '../../src/contract/places'
import { stopPlace, type AgainRoute } from '../../src/domain/booking/again'
import type { BookingFailure } from '../../src/domain/booking/failure'
import { newOrder, type BookingOrder } from '../../src/domain/booking/order'
import { buildBookingPayload, isCompleteOrder } from '../../src/domain/booking/payload'
import type { PhoneRules } from '../../src/domain/booking/phone'
import { isLocated, offeredPlaces } from '../../src/domain/booking/places'
import { selectQuota } from '../../src/domain/booking/quotas'
import {
  dateStepProblems,
  orderExpressQuotaStatus,
  stepProblems,
  type BookingProblem,
  type BookingRuleContext,
  type BookingStep,
} from '../../src/domain/booking/steps'
import { defaultBookingTime, tripDay } from '../../src/domain/booking/time'
import { viaPointDeviation, type ViaPointDeviation, type WaitTime } from '../../src/domain/booking/viaPoints'
import type { RepeatFacts } from '../../src/domain/series/repeat'
import {
  holidayRange,
  onRideDays,
  type RepeatChoice,
  type SeriesPart,
} from '../../src/domain/series/repeatChoice'
import type { Weekday } from '../../src/domain/series/seriesDates'

/** The booking wizard's context, events and the pure rules over them (the machine is booking.machine.ts). */

/** Which address field a search is for: from, to, or the via point at an index. */
export type AddressField = 'from' | 'to' | number

export interface AddressSearch {
  field: AddressField
  query: string
  /** The geocoder's answer for `query`; empty until it arrives (and when the search failed). */
  results: AddressSearchResult[]
  /**
   * The search failed (spec section 8: an alert with the status, not "no results"): its HTTP status, 0 without
   * a connection, null for a failure without one; null while it has not failed.
   */
  failure: { status: number | null } | null
}

/**
 * A save: the request, the series it repeats on (null for one ride) and the idempotency key it is sent with, kept
 * for retries of this very request.
 */
export interface PendingSave {
  key: string
  request: BookingRequest
  series: SeriesPart | null
}

/** The server's answer to a save: the trip awaiting approval, or a series' rides. */
export type Booked = BookingResponse | SeriesBookingResponse

export interface BookingContext {
  timeZone: string
  /** ISO instant of the screen's clock (`clock.tick`): the default time, the date and time rules, express quota. */
  now: string
  online: boolean
  phoneRules: PhoneRules
  /** The user's passengers (local data, sorted by name); null until the screen has fed them. Not persisted. */
  passengers: Passenger[] | null
  /** The user's email, sent with the booking. Local data. */
  email: string | null
  /** The chosen passenger's saved places (local data); null until fed for that passenger. Not persisted. */
  places: Place[] | null
  /** Exactly one passenger: step 1 was skipped, and step 2 has no Back. */
  passengerSkipped: boolean
  /** How far a series may reach from its first ride, in weeks (the tenant's). */
  seriesHorizonWeeks: number
  order: BookingOrder
  /** The summary's "Repeat this ride"; null while the ride is booked once. */
  repeat: RepeatChoice | null
  /** The public holidays for `holidaysFor`, which a series leaves out by default. Not persisted. */
  holidays: HolidayView[] | null
  /** The range (`holidaysKey`) of the last holidays fetch started; null: fetch again. */
  holidaysFor: string | null
  /**
   * The series the repeat comes to for the plan (`planKey`) it was worked out for: null while something stops
   * the save. Not persisted; worked out again after a restore.
   */
  planned: { for: string; series: SeriesPart | null } | null
  /**
   * On a return trip, the outbound trip's time: the time field's from time, so a return time typed earlier
   * than it is on the next day (spec section 5). Null on an outbound trip.
   */
  returnFrom: number | null
  /** The quotas answer for `quotasFor`; null before it. Refetched after a restore. */
  quotas: Quota[] | null
  /** The passenger and date (`quotaKey`) of the last quotas fetch started; null: fetch again. */
  quotasFor: string | null
  /** The route answer for `routeFor`. */
  route: RouteDetails | null
  /** The points (`routeKey`) of the last route fetch started; null: fetch again. */
  routeFor: string | null
  /** The request (`estimateKey`) of the last estimate fetch started. */
  estimateFor: string | null
  search: AddressSearch | null
  /** The last save tried, with its key: a retry of the same request reuses the key, so it never books twice. */
  save: PendingSave | null
  /** The server's answer to the save: the trip awaiting approval, or the series'. */
  booked: Booked | null
  failure: BookingFailure | null
  /**
   * A route booked again (a trip's "Book again", or a recent route): the date step then goes straight to the
   * summary, and the return, when the route had one, straight to its summary at the return's time. Null otherwise.
   */
  again: { returnTime: number | null } | null
}

export type BookingEvent =
  /** The local data: the user's passengers and email (re-sent whenever they change). */
  | { type: 'data.update'; passengers: Passenger[]; email: string | null }
  /** The saved places of a passenger (ignored unless it is the chosen one). */
  | { type: 'places.update'; passengerId: string; places: Place[] }
  | { type: 'clock.tick'; now: string }
  | { type: 'network.change'; online: boolean }
  | { type: 'passenger.select'; passengerId: string }
  /** Books a route again (`againEvent`): the passenger, from, to and time filled, the date still to choose. */
  | {
      type: 'route.again'
      passengerId: string
      from: Place
      to: Place
      time: number
      returnTime: number | null
    }
  /** The date as an ISO date (YYYY-MM-DD), or null while the field holds no valid date. */
  | { type: 'date.change'; date: string | null }
  | { type: 'quota.select'; quotaId: string }
  /** Minutes from midnight (the time field's value, 1440 and above for the next day), or null. */
  | { type: 'time.change'; time: number | null }
  | { type: 'timeMode.change'; isDepartureTime: boolean }
  | { type: 'from.change'; place: Place | null }
  | { type: 'from.apartment'; value: string }
  | { type: 'to.change'; place: Place | null }
  | { type: 'to.apartment'; value: string }
  | { type: 'via.add' }
  | { type: 'via.remove'; index: number }
  | { type: 'via.change'; index: number; place: Place | null }
  | { type: 'via.apartment'; index: number; value: string }
  | { type: 'via.wait'; index: number; waitTime: WaitTime }
  | { type: 'phone.change'; value: string }
  | { type: 'passengerCount.change'; value: number }
  | { type: 'attendant.change'; value: boolean }
  | { type: 'extra.toggle'; extraId: string }
  | { type: 'info.change'; value: string }
  /** Typing in an address field; an empty query clears the results. */
  | { type: 'address.search'; field: AddressField; query: string }
  | { type: 'wizard.next' }
  | { type: 'wizard.back' }
  /** Back to the first step with a new order for the same passenger (also "new booking" after a save). */
  | { type: 'wizard.reset' }
  | { type: 'booking.save' }
  /** The summary's "Repeat this ride", and its choices. */
  | { type: 'repeat.toggle'; on: boolean }
  | { type: 'repeat.weekday'; day: Weekday; on: boolean }
  /** The end date as an ISO date, or null while its field holds no date. */
  | { type: 'repeat.until'; date: string | null }
  | { type: 'repeat.holidays'; include: boolean }
  /** A date of the series taken out by hand, or put back. */
  | { type: 'repeat.date'; date: string; removed: boolean }
  | { type: 'repeat.fitOnly'; value: boolean }
  | { type: 'holidays.retry' }
  /** From the saved booking's summary: its return trip (steps 7-9). */
  | { type: 'booking.return' }
  | { type: 'quotas.retry' }
  | { type: 'route.retry' }
  | { type: 'estimate.retry' }

export interface BookingInput {
  timeZone: string
  now: string
  online?: boolean
  phoneRules: PhoneRules
  /** The tenant's reach for a series, in weeks; 13 unless it sets its own. */
  seriesHorizonWeeks?: number
}

/**
 * An assign over the booking's context and events, for the machine's actions written apart from its setup
 * (booking.steps.ts, booking.fetches.ts): the setup takes them, and checks them again, as its own.
 */
export function assignBooking<TParams extends ParameterizedObject['params'] | undefined = undefined>(
  assignment:
    | Assigner<BookingContext, BookingEvent, TParams, BookingEvent, never>
    | PropertyAssigner<BookingContext, BookingEvent, TParams, BookingEvent, never>,
) {
  return assign<BookingContext, BookingEvent, TParams, BookingEvent, never>(assignment)
}

/** A new order for the passenger at the default time (now + 5 minutes, capped at the end of today). */
export function freshOrder(passenger: Passenger | null, context: Pick<BookingContext, 'now' | 'timeZone'>) {
  return {
    ...newOrder(passenger),
    ...defaultBookingTime(Temporal.Instant.from(context.now), context.timeZone),
  }
}

/** What a step leaves of the wizard when it starts over: no answers of the previous order, no save. */
export function startedOver(
  order: BookingOrder,
  returnFrom: number | null = null,
  repeat: RepeatChoice | null = null,
): Pick<
  BookingContext,
  | 'order'
  | 'returnFrom'
  | 'repeat'
  | 'route'
  | 'routeFor'
  | 'estimateFor'
  | 'search'
  | 'save'
  | 'booked'
  | 'failure'
  | 'again'
> {
  return {
    order,
    returnFrom,
    repeat,
    route: null,
    routeFor: null,
    estimateFor: null,
    search: null,
    save: null,
    booked: null,
    failure: null,
    again: null,
  }
}

/** The event that books a route again, with its stops as the passenger's places; null when a stop has no place. */
export function againEvent(route: AgainRoute, places: readonly Place[]): BookingEvent | null {
  const from = stopPlace(route.from, places)
  const to = stopPlace(route.to, places)
  if (!from || !to) return null
  const { passengerId, time, returnTime } = route
  return { type: 'route.again', passengerId, from, to, time, returnTime }
}

/** The via points' deviation from the route answer for the order's points, against the quota's limit. */
export function deviationOf(context: BookingContext): ViaPointDeviation | null {
  const { order, route } = context
  if (!order.quota || order.viaPoints.length === 0 || !route || context.routeFor !== routeKey(order))
    return null
  return viaPointDeviation(
    { withViaPointKm: route.routeWithViaPointDistance, originalKm: route.originalRouteDistance },
    order.quota.viaPointMaxDeviation,
  )
}

export function ruleContextOf(context: BookingContext): BookingRuleContext {
  return {
    now: Temporal.Instant.from(context.now),
    timeZone: context.timeZone,
    phone: context.phoneRules,
    deviation: deviationOf(context),
  }
}

/** Why the step is not valid yet (nothing: Next, or the summary's save, is enabled). */
export function problemsAt(step: BookingStep, context: BookingContext): BookingProblem[] {
  return stepProblems(step, context.order, ruleContextOf(context))
}

/** The express quota warning or error for the order as it stands. */
export function expressStatusOf(context: BookingContext) {
  return orderExpressQuotaStatus(context.order, ruleContextOf(context))
}

/** The chosen passenger's saved places the address fields offer under the chosen quota. */
export function placesOffered(context: BookingContext): Place[] {
  return offeredPlaces(context.places ?? [], context.order.quota)
}

/** The passenger and date the quotas are for, once both are chosen and the date is valid. */
export function quotaKey(context: BookingContext): string | null {
  const { passenger, date } = context.order
  if (!passenger || date === null || dateStepProblems(context.order, ruleContextOf(context)).length > 0)
    return null
  return `${passenger.id}|${date}`
}

/** The route's points (from, via points, to), once every one of them has coordinates. */
export function routePoints(order: BookingOrder): RoutePoint[] | null {
  const places = [order.fromAddress, ...order.viaPoints.map((via) => via.viaPointAddress), order.toAddress]
  const points: RoutePoint[] = []
  for (const place of places) {
    if (!place || !isLocated(place)) return null
    points.push({ latitude: place.latitude, longitude: place.longitude })
  }
  return points
}

export function routeKey(order: BookingOrder): string | null {
  const points = routePoints(order)
  return points && JSON.stringify(points)
}

/** The booking request of the order, once it is complete. */
export function requestOf(context: BookingContext): BookingRequest | null {
  const { order } = context
  return isCompleteOrder(order)
    ? buildBookingPayload(order, { timeZone: context.timeZone, email: context.email })
    : null
}

export function estimateKey(context: BookingContext): string | null {
  const request = requestOf(context)
  return request && JSON.stringify(request)
}

/** The quotas answer applied: the previous quota kept (fresh copy, the user's extras kept) or the first with trips left. */
export function withQuotas(context: BookingContext, quotas: Quota[]): Partial<BookingContext> {
  const previous = context.order.quota
  const chosen = selectQuota(quotas, previous?.id ?? null)
  const quota =
    chosen && previous && chosen.id === previous.id
      ? {
          ...chosen,
          extras: chosen.extras.map((extra) => ({
            ...extra,
            selected:
              previous.extras.find((old) => old.extraId === extra.extraId)?.selected ?? extra.selected,
          })),
        }
      : chosen
  return { quotas, order: { ...context.order, quota } }
}

/** The order with one via point changed. */
export function withViaPoint(
  order: BookingOrder,
  index: number,
  change: Partial<BookingOrder['viaPoints'][number]>,
): BookingOrder {
  return {
    ...order,
    viaPoints: order.viaPoints.map((via, at) => (at === index ? { ...via, ...change } : via)),
  }
}

/** The contract's error body, as far as the wizard reads it. */
type CallFailureBody = { code?: string; message?: string; errors?: { property?: string }[] }

/**
 * A failed call's HTTP status and error body, read from what the app's actors throw (the API client's
 * ApiRequestError: `status` 0 when the server could not be reached, the contract's error `body`) without
 * importing it. Anything else that failed has status null: a failure, not the connection.
 */
export function callFailureOf(error: unknown): {
  status: number | null
  body: CallFailureBody | null
} {
  if (typeof error !== 'object' || error === null || !('status' in error) || typeof error.status !== 'number')
    return { status: null, body: null }
  const body = 'body' in error && typeof error.body === 'object' ? (error.body as CallFailureBody) : null
  return { status: error.status, body }
}

/**
 * The day the ride being booked is on, where its series starts: the wizard's date, or the day after for a return
 * whose time passes midnight; null without a date.
 */
export function rideDay(order: BookingOrder): string | null {
  return order.date === null ? null : tripDay(order.date, order.time).toString()
}

/** The holidays a repeated ride needs: those its first ride's series may reach; null while it is not repeated. */
export function holidaysKey(context: BookingContext): string | null {
  const first = rideDay(context.order)
  if (!context.repeat || first === null) return null
  const { from, to } = holidayRange(first, context.seriesHorizonWeeks)
  return `${from}|${to}`
}

/**
 * What `repeatOutcome` judges the repeat choice by, on the days the rides are on (`onRideDays`), with the holidays
 * only once they are for its dates.
 */
export function planOf(context: BookingContext): { choice: RepeatChoice; facts: RepeatFacts } | null {
  const { repeat, order } = context
  const first = rideDay(order)
  if (!repeat || first === null || !order.quota) return null
  const holidays = context.holidaysFor === holidaysKey(context) ? context.holidays : null
  const facts = {
    first,
    quota: order.quota,
    holidays,
    price: order.price,
    horizonWeeks: context.seriesHorizonWeeks,
  }
  return { choice: onRideDays(repeat, first !== order.date), facts }
}

/** The plan as one string: the repeat is planned again whenever it changes. */
export function planKey(context: BookingContext): string | null {
  const plan = planOf(context)
  return plan && JSON.stringify(plan)
}

/** The series a save sends for the repeat as it stands: null while it is not planned, or something stops it. */
export function plannedSeries(context: BookingContext): SeriesPart | null {
  const { planned } = context
  return planned && planned.for === planKey(context) ? planned.series : null
}
