import { and, fromPromise, not, or, stateIn, type ErrorActorEvent } from 'xstate'
import type { BookingEstimate } from '../../src/contract/booking'
import type { Quota } from '../../src/contract/permissions'
import type { RouteDetails, RoutePoint } from '../../src/contract/places'
import type { HolidayView } from '../../src/contract/series'
import type { RepeatFacts } from '../../src/domain/series/repeat'
import type { RepeatChoice, SeriesPart } from '../../src/domain/series/repeatChoice'
import { fetchRegionFor, isStale } from '../shared/fetchRegion'
import {
  assignBooking,
  callFailureOf,
  estimateKey,
  holidaysKey,
  planKey,
  planOf,
  quotaKey,
  requestOf,
  routeKey,
  routePoints,
  withQuotas,
  type BookingContext,
  type BookingEvent,
} from './booking.rules'

/**
 * What the booking wizard fetches beside its steps (booking.machine.ts puts them together): the quotas (from the
 * quota step, whenever passenger or date change), the route (whenever the points change), the estimate (at a
 * summary), the public holidays and the plan of a repeated ride. Each is a region built by `fetchRegion`: the
 * context keeps the key of what was last fetched (`quotasFor`, `routeFor`, ...), and a region loads again
 * whenever the key of what is asked now differs.
 */

/** The fetches' actors: the screen provides all but `planRepeat` (src/app/bookingCalls.ts). */
export const fetchActors = {
  fetchQuotas: fromPromise<Quota[], { passengerId: string; date: string }>(() =>
    Promise.reject(new Error('no fetchQuotas actor')),
  ),
  fetchRoute: fromPromise<RouteDetails, RoutePoint[]>(() => Promise.reject(new Error('no fetchRoute actor'))),
  fetchEstimate: fromPromise<BookingEstimate, NonNullable<ReturnType<typeof requestOf>>>(() =>
    Promise.reject(new Error('no fetchEstimate actor')),
  ),
  /**
   * What a repeat comes to: its rules load with the summary's code, apart from the wizard's first steps, so
   * the machine asks for them here rather than importing them.
   */
  planRepeat: fromPromise<SeriesPart | null, { choice: RepeatChoice; facts: RepeatFacts }>(
    async ({ input }) =>
      (await import('../../src/domain/series/repeat')).repeatOutcome(input.choice, input.facts).series,
  ),
  /** The public holidays from `from` to `to`, named in the user's language. */
  fetchHolidays: fromPromise<HolidayView[], { from: string; to: string }>(() =>
    Promise.reject(new Error('no fetchHolidays actor')),
  ),
}

export const fetchActions = {
  markQuotasFetch: assignBooking(({ context }) => ({ quotasFor: quotaKey(context) })),
  applyQuotas: assignBooking(({ context }, quotas: Quota[]) => withQuotas(context, quotas)),
  markRouteFetch: assignBooking(({ context }) => ({ routeFor: routeKey(context.order), route: null })),
  setRoute: assignBooking((_, route: RouteDetails) => ({ route })),
  markEstimateFetch: assignBooking(({ context }) => ({
    estimateFor: estimateKey(context),
    order: { ...context.order, price: null },
  })),
  setPrice: assignBooking(({ context }, estimate: BookingEstimate) => ({
    order: { ...context.order, price: estimate.deductible },
  })),
  markHolidaysFetch: assignBooking(({ context }) => ({ holidaysFor: holidaysKey(context), holidays: null })),
  setHolidays: assignBooking((_, holidays: HolidayView[]) => ({ holidays })),
  markPlan: assignBooking(({ context }) => ({ planned: { for: planKey(context)!, series: null } })),
  setPlanned: assignBooking(({ context }, series: SeriesPart | null) => ({
    planned: { for: context.planned!.for, series },
  })),
}

export const fetchGuards = {
  quotasStale: isStale(quotaKey, (context: BookingContext) => context.quotasFor),
  routeStale: isStale(
    ({ order }: BookingContext) => routeKey(order),
    (context) => context.routeFor,
  ),
  estimateStale: isStale(estimateKey, (context: BookingContext) => context.estimateFor),
  holidaysStale: isStale(holidaysKey, (context: BookingContext) => context.holidaysFor),
  planStale: isStale(planKey, (context: BookingContext) => context.planned?.for),
  isTooManyRequests: ({ event }: { event: BookingEvent }) =>
    callFailureOf((event as unknown as ErrorActorEvent).error).status === 429,
}

const fetchRegion = fetchRegionFor<BookingContext, BookingEvent, typeof fetchActors>()

/** A failed fetch over the user's limit (429) is told apart: wait a moment. */
const tooManyRequests = 'isTooManyRequests'

/** The five fetch regions, in the order the machine runs them. */
export const fetchRegions = {
  quotas: fetchRegion({
    src: 'fetchQuotas',
    due: quotasDue(),
    start: 'markQuotasFetch',
    input: ({ context }) => ({ passengerId: context.order.passenger!.id, date: context.order.date! }),
    store: 'applyQuotas',
    // `none`: the passenger has no permission valid on the date (the booking.noQuotas alert).
    outcomes: [{ state: 'none', when: (quotas) => quotas.length === 0 }, { state: 'loaded' }],
    failure: { retry: 'quotas.retry' },
  }),
  route: fetchRegion({
    src: 'fetchRoute',
    due: 'routeStale',
    start: 'markRouteFetch',
    input: ({ context }) => routePoints(context.order)!,
    store: 'setRoute',
    failure: { retry: 'route.retry', tooManyRequests },
  }),
  /** `failed`: 'Price fetching failed, try again'. */
  estimate: fetchRegion({
    src: 'fetchEstimate',
    due: and([atSummary(), 'estimateStale']),
    start: 'markEstimateFetch',
    input: ({ context }) => requestOf(context)!,
    store: 'setPrice',
    failure: { retry: 'estimate.retry', retryGuard: atSummary(), tooManyRequests },
  }),
  /** The public holidays a repeated ride's dates leave out, fetched when it is repeated. */
  holidays: fetchRegion({
    src: 'fetchHolidays',
    due: 'holidaysStale',
    start: 'markHolidaysFetch',
    input: ({ context }) => {
      const [from, to] = holidaysKey(context)!.split('|')
      return { from: from!, to: to! }
    },
    store: 'setHolidays',
    failure: { retry: 'holidays.retry', tooManyRequests },
  }),
  /**
   * What the repeat comes to, worked out again whenever it or what it depends on changes. No series while it
   * is worked out (`markPlan`): the save waits. Its code is the summary's own, which has loaded; should it fail
   * all the same, the save stays off until a change plans it again.
   */
  plan: fetchRegion({
    src: 'planRepeat',
    loading: 'planning',
    due: 'planStale',
    start: 'markPlan',
    input: ({ context }) => planOf(context)!,
    store: 'setPlanned',
    outcomes: [{ state: 'idle' }],
    failure: 'idle',
  }),
}

/** At a summary that has not been saved yet: where the estimate is shown. */
function atSummary() {
  return or([stateIn({ wizard: { summary: 'ready' } }), stateIn({ wizard: { returnSummary: 'ready' } })])
}

/**
 * The quotas are fetched once the wizard reaches the quota step (and again there or later when passenger or
 * date change), not while passenger and date are still being chosen: opening /booking then needs no API call.
 */
function quotasDue() {
  const beforeQuotaStep = or([
    stateIn({ wizard: 'starting' }),
    stateIn({ wizard: { editing: 'passenger' } }),
    stateIn({ wizard: { editing: 'date' } }),
  ])
  return and(['quotasStale', not(beforeQuotaStep)])
}
