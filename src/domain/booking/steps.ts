import { Temporal } from 'temporal-polyfill'
import type { Place } from '../../contract/passenger'
import { checkDate } from './dates'
import type { BookingOrder } from './order'
import { extrasProblems, passengerCountProblems, type PassengerCountProblem } from './passengers'
import { phoneProblems, type PhoneProblem, type PhoneRules } from './phone'
import { isDestinationAllowed } from './places'
import { expressQuotaStatus, type ExpressQuotaStatus } from './quotas'
import { bookingInstant, bookingToday } from './time'
import { locationProblems, type LocationProblem, type ViaPointDeviation } from './viaPoints'

/** The wizard's steps (spec section 2): 1-6 the booking, 7-9 its return trip. */
export type BookingStep = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9

/** The codes of problems that concern the step as a whole or one field that is not a via point. */
type StepCode =
  | PassengerCountProblem
  | PhoneProblem
  | 'extrasNotAllowed'
  | 'passengerRequired'
  | 'dateRequired'
  | 'dateBeforeMin'
  | 'quotaRequired'
  | 'quotaUsedUp'
  | 'expressQuotaNoneLeft'
  | 'timeRequired'
  | 'timeInPast'
  | 'fromAddressRequired'
  | 'toAddressRequired'
  | 'fromPlaceNotAllowed'
  | 'toPlaceNotAllowed'
  | 'viaPointsNotAllowed'
  | 'viaPointDeviationExceeded'

/** Why a step is not valid yet, as codes the screens translate; via point problems name their via point. */
export type BookingProblem =
  { code: StepCode } | { code: 'viaPointPlaceNotAllowed'; viaPointIndex: number } | LocationProblem

export type BookingRuleCode = BookingProblem['code']

/** What the rules need besides the order: the clock, the tenant's zone and phone rules, the route's deviation. */
export interface BookingRuleContext {
  now: Temporal.Instant
  timeZone: string
  phone: PhoneRules
  /** The via points' deviation from the last route answer, or null (no via points, no limit, no answer yet). */
  deviation: ViaPointDeviation | null
}

function codes(list: readonly StepCode[]): BookingProblem[] {
  return list.map((code) => ({ code }))
}

/**
 * Step 1: a passenger is chosen, with a valid passenger count and, when one is given, a well-formed phone
 * (spec section 4); whether a phone is required is the additional info step's question.
 */
export function passengerStepProblems(order: BookingOrder, context: BookingRuleContext): BookingProblem[] {
  return [
    ...codes(order.passenger ? [] : ['passengerRequired']),
    ...codes(passengerCountProblems(order.passengerCount, order.quota)),
    ...codes(phoneProblems(order.phone, context.phone, false)),
  ]
}

/** Step 2: a date, today or later in the tenant's zone. */
export function dateStepProblems(order: BookingOrder, context: BookingRuleContext): BookingProblem[] {
  if (order.date === null) return codes(['dateRequired'])
  const check = checkDate(Temporal.PlainDate.from(order.date), {
    min: bookingToday(context.now, context.timeZone),
  })
  return check.ok ? [] : codes(['dateBeforeMin'])
}

/** Step 3: a quota with trips left. */
export function quotaStepProblems(order: BookingOrder): BookingProblem[] {
  if (!order.quota) return codes(['quotaRequired'])
  return order.quota.remainingQuota > 0 ? [] : codes(['quotaUsedUp'])
}

/** The order's departure or arrival instant, once it has a date and a time. */
function orderInstant(order: BookingOrder, timeZone: string): Temporal.Instant | null {
  return order.date === null || order.time === null ? null : bookingInstant(order.date, order.time, timeZone)
}

function placeProblems(order: BookingOrder): BookingProblem[] {
  const quota = order.quota
  if (!quota) return []
  const allowed = (place: Place | null) => !place || isDestinationAllowed(place, quota.tripDestinations)
  const problems: BookingProblem[] = []
  if (!allowed(order.fromAddress)) problems.push({ code: 'fromPlaceNotAllowed' })
  if (!allowed(order.toAddress)) problems.push({ code: 'toPlaceNotAllowed' })
  if (order.viaPoints.length > 0 && !quota.allowViaPoints) problems.push({ code: 'viaPointsNotAllowed' })
  order.viaPoints.forEach(({ viaPointAddress }, viaPointIndex) => {
    if (!allowed(viaPointAddress)) problems.push({ code: 'viaPointPlaceNotAllowed', viaPointIndex })
  })
  return problems
}

/**
 * Steps 4 and 7, the trip information: a time still ahead, from and to, places the permission allows, no
 * clashing places (spec section 5), and via points allowed and within the deviation limit.
 */
export function tripStepProblems(order: BookingOrder, context: BookingRuleContext): BookingProblem[] {
  const instant = orderInstant(order, context.timeZone)
  return [
    ...codes(order.time === null ? ['timeRequired'] : []),
    ...codes(instant && Temporal.Instant.compare(instant, context.now) <= 0 ? ['timeInPast'] : []),
    ...codes(order.fromAddress ? [] : ['fromAddressRequired']),
    ...codes(order.toAddress ? [] : ['toAddressRequired']),
    ...placeProblems(order),
    ...locationProblems(order),
    ...codes(order.viaPoints.length > 0 && context.deviation?.exceeded ? ['viaPointDeviationExceeded'] : []),
  ]
}

/** Steps 5 and 8, additional info: the passenger count, the phone (here also where required) and the extras. */
export function additionalInfoStepProblems(
  order: BookingOrder,
  context: BookingRuleContext,
): BookingProblem[] {
  return [
    ...codes(passengerCountProblems(order.passengerCount, order.quota)),
    ...codes(phoneProblems(order.phone, context.phone, true)),
    ...codes(order.quota ? extrasProblems(order.quota) : []),
  ]
}

/**
 * Whether the booking's departure is nearer than the express limit: a warning, or an error (none left). For an
 * arrival time the departure is not known before the route; the arrival time stands in for it.
 */
export function orderExpressQuotaStatus(
  order: BookingOrder,
  context: BookingRuleContext,
): ExpressQuotaStatus {
  const instant = orderInstant(order, context.timeZone)
  return order.quota && instant ? expressQuotaStatus(order.quota, instant, context.now) : 'notExpress'
}

/** Steps 6 and 9, the summary: every step's rules again, and express quota left when the booking is express. */
export function saveProblems(order: BookingOrder, context: BookingRuleContext): BookingProblem[] {
  return [
    ...passengerStepProblems(order, context).filter(({ code }) => code === 'passengerRequired'),
    ...dateStepProblems(order, context),
    ...quotaStepProblems(order),
    ...tripStepProblems(order, context),
    ...additionalInfoStepProblems(order, context),
    ...codes(
      orderExpressQuotaStatus(order, context) === 'expressQuotaNoneLeft' ? ['expressQuotaNoneLeft'] : [],
    ),
  ]
}

/** The problems that keep a step's Next (or the summary's save) disabled; none means the step is valid. */
export function stepProblems(
  step: BookingStep,
  order: BookingOrder,
  context: BookingRuleContext,
): BookingProblem[] {
  switch (step) {
    case 1:
      return passengerStepProblems(order, context)
    case 2:
      return dateStepProblems(order, context)
    case 3:
      return quotaStepProblems(order)
    case 4:
    case 7:
      return tripStepProblems(order, context)
    case 5:
    case 8:
      return additionalInfoStepProblems(order, context)
    case 6:
    case 9:
      return saveProblems(order, context)
  }
}
