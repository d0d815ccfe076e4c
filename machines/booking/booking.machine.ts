import {
  and,
  assign,
  fromPromise,
  not,
  setup,
  stateIn,
  type DoneActorEvent,
  type ErrorActorEvent,
  type SnapshotFrom,
} from 'xstate'
import type { Passenger } from '../../src/contract/passenger'
import { routeMaxPoints } from '../../src/contract/codes'
import { classifyFailure } from '../../src/contract/failureKind'
import type { AddressSearchResult } from '../../src/contract/places'
import { bookingFailure } from '../../src/domain/booking/failure'
import { newViaPoint, returnOrder } from '../../src/domain/booking/order'
import type { BookingStep } from '../../src/domain/booking/steps'
import { viaPointRemovalStatusMs } from '../../src/domain/booking/viaPoints'
import { timeFieldMinutes } from '../../src/domain/booking/time'
import { newRepeat, returnRepeat, withRemoved, withWeekday } from '../../src/domain/series/repeatChoice'
import { defaultSeriesHorizonWeeks } from '../../src/domain/series/seriesEnd'
import { fetchActions, fetchActors, fetchGuards, fetchRegions } from './booking.fetches'
import {
  callFailureOf,
  freshOrder,
  plannedSeries,
  problemsAt,
  requestOf,
  rideDay,
  startedOver,
  withQuotas,
  withViaPoint,
  type BookingContext,
  type BookingEvent,
  type BookingInput,
  type Booked,
  type PendingSave,
} from './booking.rules'

export * from './booking.rules'

/**
 * The booking wizard (spec sections 2, 4 and 5): passenger (1, skipped with exactly one) -> date (2) -> quota
 * (3) -> trip (4) -> additional info (5) -> summary (6), and from a saved booking its return trip (7, 8, 9).
 * Parallel to the steps, the quotas (whenever passenger or date change), the route (whenever the points
 * change), the estimate (at a summary), the holidays and the repeat's plan (booking.fetches.ts) and the address
 * search are fetched by actors the screen provides, and a removed via point's status shows for 2 s. The screen
 * feeds the local data (`data.update`, `places.update`), the clock (`clock.tick`) and the connection
 * (`network.change`), so every rule lives here and is testable.
 */

/** Place predictions wait this long after the last keystroke (spec section 9). */
export const searchDebounceMs = 600
/** Via points a trip may have: a route has from, to and at most this many between. */
export const viaPointMax = routeMaxPoints - 2

/** A new idempotency key for a save. */
const newKey = () => crypto.randomUUID()

type StepGuard = { type: 'isStepValid'; params: { step: BookingStep } }
const valid = (step: BookingStep): StepGuard => ({ type: 'isStepValid', params: { step } })

/** The order's edits, taken at every step but the summaries. */
const edits = {
  'passenger.select': { actions: 'selectPassenger' },
  'date.change': { actions: 'setDate' },
  'quota.select': { actions: 'selectQuota' },
  'time.change': { actions: 'setTime' },
  'timeMode.change': { actions: 'setTimeMode' },
  'from.change': { actions: 'setFrom' },
  'from.apartment': { actions: 'setFromApartment' },
  'to.change': { actions: 'setTo' },
  'to.apartment': { actions: 'setToApartment' },
  'via.add': { guard: 'canAddViaPoint', actions: 'addViaPoint' },
  'via.remove': { guard: 'isViaPoint', actions: 'removeViaPoint' },
  'via.change': { guard: 'isViaPoint', actions: 'setViaPlace' },
  'via.apartment': { guard: 'isViaPoint', actions: 'setViaApartment' },
  'via.wait': { guard: 'isViaPoint', actions: 'setViaWait' },
  'phone.change': { actions: 'setPhone' },
  'passengerCount.change': { actions: 'setPassengerCount' },
  'attendant.change': { actions: 'setAttendant' },
  'extra.toggle': { actions: 'toggleExtra' },
  'info.change': { actions: 'setInfo' },
} as const

const reset = { 'wizard.reset': { target: '#booking.wizard.starting', actions: 'reset' } } as const

/** The summary's "Repeat this ride" and its choices, taken while it is not saving or saved. */
const repeatEdits = {
  'repeat.toggle': { guard: 'canRepeat', actions: 'toggleRepeat' },
  'repeat.weekday': { guard: 'isRepeated', actions: 'setRepeatWeekday' },
  'repeat.until': { guard: 'isRepeated', actions: 'setRepeatUntil' },
  'repeat.holidays': { guard: 'isRepeated', actions: 'setRepeatHolidays' },
  'repeat.date': { guard: 'isRepeated', actions: 'setRepeatDate' },
  'repeat.fitOnly': { guard: 'isRepeated', actions: 'setRepeatFitOnly' },
} as const

/** A summary (6, or 9 for the return trip): save, and what the save ended in. */
function summary(step: 6 | 9, back: string, afterSave: object) {
  const save = [
    { guard: and([valid(step), 'isOffline']), target: 'offline' },
    { guard: valid(step), target: 'saving', actions: 'prepareSave' },
  ] as const
  const summaryActions = {
    'booking.save': save,
    'wizard.back': { target: back },
    ...reset,
    ...repeatEdits,
  } as const
  // The save's done and error events are read in the actions by a cast: this config is built outside setup's typing.
  return {
    initial: 'ready',
    states: {
      ready: { on: summaryActions },
      saving: {
        invoke: {
          id: 'saveBooking',
          src: 'createBooking',
          input: ({ context }: { context: BookingContext }) => context.save!,
          onDone: { target: 'saved', actions: ['storeBooked', 'reloadTrips'] },
          onError: [
            { guard: 'isConnectionFailure', target: 'offline' },
            { target: 'failed', actions: 'storeFailure' },
          ],
        },
      },
      /** Confirmed: the trip awaits approval. */
      saved: { on: { ...reset, ...afterSave } },
      /** The server refused or failed: `failure` says what to show. */
      failed: { on: summaryActions },
      /** Saving needs a connection: everything is kept, and the user tries again. */
      offline: { on: summaryActions },
    },
  } as const
}

export const bookingMachine = setup({
  types: {
    context: {} as BookingContext,
    events: {} as BookingEvent,
    input: {} as BookingInput,
  },
  actors: {
    ...fetchActors,
    searchAddresses: fromPromise<AddressSearchResult[], { query: string }>(() =>
      Promise.reject(new Error('no searchAddresses actor')),
    ),
    /** Sends the booking, or the series, with `Idempotency-Key: key`; fails with the API client's error. */
    createBooking: fromPromise<Booked, PendingSave>(() =>
      Promise.reject(new Error('no createBooking actor')),
    ),
  },
  actions: {
    ...fetchActions,
    setData: assign(({ context, event }) => {
      if (event.type !== 'data.update') return {}
      const current = event.passengers.find((passenger) => passenger.id === context.order.passenger?.id)
      // The first passenger is preselected; one no longer there is replaced by the first.
      const passenger = current ?? event.passengers[0] ?? null
      return { passengers: event.passengers, email: event.email, ...choosePassenger(context, passenger) }
    }),
    setPlaces: assign(({ context, event }) =>
      event.type === 'places.update' && event.passengerId === context.order.passenger?.id
        ? { places: event.places }
        : {},
    ),
    setNow: assign(({ event }) => (event.type === 'clock.tick' ? { now: event.now } : {})),
    setOnline: assign(({ event }) => (event.type === 'network.change' ? { online: event.online } : {})),
    selectPassenger: assign(({ context, event }) => {
      if (event.type !== 'passenger.select') return {}
      const passenger = context.passengers?.find(({ id }) => id === event.passengerId)
      return passenger ? choosePassenger(context, passenger) : {}
    }),
    setDate: assign(({ context, event }) =>
      event.type === 'date.change' ? { order: { ...context.order, date: event.date } } : {},
    ),
    selectQuota: assign(({ context, event }) => {
      if (event.type !== 'quota.select') return {}
      const quota = context.quotas?.find(({ id }) => id === event.quotaId)
      return quota ? { order: { ...context.order, quota } } : {}
    }),
    setTime: assign(({ context, event }) =>
      event.type === 'time.change'
        ? {
            order: {
              ...context.order,
              time: event.time === null ? null : timeFieldMinutes(event.time, context.returnFrom),
            },
          }
        : {},
    ),
    setTimeMode: assign(({ context, event }) =>
      event.type === 'timeMode.change'
        ? { order: { ...context.order, isDepartureTime: event.isDepartureTime } }
        : {},
    ),
    setFrom: assign(({ context, event }) =>
      event.type === 'from.change' ? { order: { ...context.order, fromAddress: event.place } } : {},
    ),
    setFromApartment: assign(({ context, event }) =>
      event.type === 'from.apartment' ? { order: { ...context.order, fromApartment: event.value } } : {},
    ),
    setTo: assign(({ context, event }) =>
      event.type === 'to.change' ? { order: { ...context.order, toAddress: event.place } } : {},
    ),
    setToApartment: assign(({ context, event }) =>
      event.type === 'to.apartment' ? { order: { ...context.order, toApartment: event.value } } : {},
    ),
    addViaPoint: assign(({ context }) => ({
      order: { ...context.order, viaPoints: [...context.order.viaPoints, newViaPoint()] },
    })),
    removeViaPoint: assign(({ context, event }) =>
      event.type === 'via.remove'
        ? {
            order: {
              ...context.order,
              viaPoints: context.order.viaPoints.filter((_, index) => index !== event.index),
            },
          }
        : {},
    ),
    setViaPlace: assign(({ context, event }) =>
      event.type === 'via.change'
        ? { order: withViaPoint(context.order, event.index, { viaPointAddress: event.place }) }
        : {},
    ),
    setViaApartment: assign(({ context, event }) =>
      event.type === 'via.apartment'
        ? { order: withViaPoint(context.order, event.index, { viaPointApartment: event.value }) }
        : {},
    ),
    setViaWait: assign(({ context, event }) =>
      event.type === 'via.wait'
        ? { order: withViaPoint(context.order, event.index, { waitTime: event.waitTime }) }
        : {},
    ),
    setPhone: assign(({ context, event }) =>
      event.type === 'phone.change' ? { order: { ...context.order, phone: event.value } } : {},
    ),
    setPassengerCount: assign(({ context, event }) =>
      event.type === 'passengerCount.change'
        ? { order: { ...context.order, passengerCount: event.value } }
        : {},
    ),
    setAttendant: assign(({ context, event }) =>
      event.type === 'attendant.change' ? { order: { ...context.order, withAttendant: event.value } } : {},
    ),
    toggleExtra: assign(({ context, event }) => {
      const { quota } = context.order
      if (event.type !== 'extra.toggle' || !quota) return {}
      const extras = quota.extras.map((extra) =>
        extra.extraId === event.extraId ? { ...extra, selected: !extra.selected } : extra,
      )
      return { order: { ...context.order, quota: { ...quota, extras } } }
    }),
    setInfo: assign(({ context, event }) =>
      event.type === 'info.change' ? { order: { ...context.order, additionalInfo: event.value } } : {},
    ),
    setSearch: assign(({ event }) =>
      event.type === 'address.search'
        ? { search: { field: event.field, query: event.query.trim(), results: [], failure: null } }
        : {},
    ),
    clearSearch: assign({ search: null }),
    setResults: assign(({ context }, results: AddressSearchResult[]) =>
      context.search ? { search: { ...context.search, results } } : {},
    ),
    setSearchFailure: assign(({ context }, error: unknown) =>
      context.search
        ? { search: { ...context.search, failure: { status: callFailureOf(error).status } } }
        : {},
    ),
    prepareSave: assign(({ context }) => {
      const request = requestOf(context)!
      const series = context.repeat ? plannedSeries(context) : null
      // The same request again (a retry) keeps its key: if the lost answer was a booking, the server replays it.
      const same =
        context.save &&
        JSON.stringify([context.save.request, context.save.series]) === JSON.stringify([request, series])
      return { save: same ? context.save : { key: newKey(), request, series }, failure: null }
    }),
    storeBooked: assign(({ event }) => ({
      booked: (event as unknown as DoneActorEvent<Booked>).output,
      failure: null,
      // The quota was used: fetch its counts again.
      quotasFor: null,
    })),
    storeFailure: assign(({ context, event }) => {
      const { status, body } = callFailureOf((event as unknown as ErrorActorEvent).error)
      const failure = bookingFailure(status ?? 0, body, context.save?.series?.dates)
      // A refusal for good is the answer to that save: the user's next tap is a new request with a new key,
      // which the server judges again (the quota may have room by then), not a replay of the refusal.
      const final = classifyFailure(status ?? 0, body?.code ?? null) === 'reject'
      return { failure, ...(final ? { save: null } : {}) }
    }),
    /** Has the passenger's trips pulled again after a save (the screen provides it). */
    reloadTrips: () => {},
    reset: assign(({ context }) => {
      // The quota is chosen again from those offered, the previous one first, as after a fetch.
      const order = { ...freshOrder(context.order.passenger, context), quota: context.order.quota }
      const chosen = context.quotas ? withQuotas({ ...context, order }, context.quotas).order : order
      return { ...startedOver(chosen!), passengerSkipped: false }
    }),
    startReturn: assign(({ context }) => {
      // The return of a series repeats on the dates its outbound booked (past midnight, the day after each: planOf).
      const { save, booked } = context
      const outbound = save?.series && booked && 'seriesId' in booked ? save.series : null
      const skipped = new Set(booked && 'seriesId' in booked ? booked.skipped.map(({ date }) => date) : [])
      const repeat = outbound
        ? returnRepeat(
            outbound,
            outbound.dates.filter((date) => !skipped.has(date)),
          )
        : null
      return startedOver(returnOrder(context.order), context.order.time, repeat)
    }),
    toggleRepeat: assign(({ context, event }) => {
      if (event.type !== 'repeat.toggle') return {}
      // From the ride's own day: a return past midnight repeats on the weekday it is on.
      const first = rideDay(context.order)
      return { repeat: event.on ? newRepeat(first!, context.order.quota!, context.seriesHorizonWeeks) : null }
    }),
    setRepeatWeekday: assign(({ context, event }) =>
      event.type === 'repeat.weekday' && context.repeat
        ? { repeat: withWeekday(context.repeat, event.day, event.on) }
        : {},
    ),
    setRepeatUntil: assign(({ context, event }) =>
      event.type === 'repeat.until' && context.repeat
        ? { repeat: { ...context.repeat, until: event.date } }
        : {},
    ),
    setRepeatHolidays: assign(({ context, event }) =>
      event.type === 'repeat.holidays' && context.repeat
        ? { repeat: { ...context.repeat, includeHolidays: event.include } }
        : {},
    ),
    setRepeatDate: assign(({ context, event }) =>
      event.type === 'repeat.date' && context.repeat
        ? { repeat: withRemoved(context.repeat, event.date, event.removed) }
        : {},
    ),
    setRepeatFitOnly: assign(({ context, event }) =>
      event.type === 'repeat.fitOnly' && context.repeat
        ? { repeat: { ...context.repeat, fitOnly: event.value } }
        : {},
    ),
    skipPassenger: assign({ passengerSkipped: true }),
  },
  guards: {
    ...fetchGuards,
    // A summary also needs the request to be built: its places have coordinates.
    isStepValid: ({ context }, { step }: { step: BookingStep }) =>
      problemsAt(step, context).length === 0 &&
      ((step !== 6 && step !== 9) ||
        (requestOf(context) !== null && (context.repeat === null || plannedSeries(context) !== null))),
    // A series needs the first ride's date and permission, which a summary always has.
    canRepeat: ({ context }) => context.order.date !== null && context.order.quota !== null,
    isRepeated: ({ context }) => context.repeat !== null,
    isDataReady: ({ context }) => context.passengers !== null,
    hasOnePassenger: ({ context }) => context.passengers?.length === 1,
    wasPassengerSkipped: ({ context }) => context.passengerSkipped,
    isOffline: ({ context }) => !context.online,
    isConnectionFailure: ({ event }) =>
      callFailureOf((event as unknown as ErrorActorEvent).error).status === 0,
    canAddViaPoint: ({ context }) =>
      !!context.order.quota?.allowViaPoints && context.order.viaPoints.length < viaPointMax,
    isViaPoint: ({ context, event }) =>
      'index' in event && event.index >= 0 && event.index < context.order.viaPoints.length,
    isEmptyQuery: ({ event }) => event.type === 'address.search' && event.query.trim() === '',
  },
  delays: { searchDebounce: searchDebounceMs, removalStatus: viaPointRemovalStatusMs },
}).createMachine({
  id: 'booking',
  context: ({ input }) => ({
    timeZone: input.timeZone,
    now: input.now,
    online: input.online ?? true,
    phoneRules: input.phoneRules,
    seriesHorizonWeeks: input.seriesHorizonWeeks ?? defaultSeriesHorizonWeeks,
    holidays: null,
    holidaysFor: null,
    planned: null,
    passengers: null,
    email: null,
    places: null,
    passengerSkipped: false,
    quotas: null,
    quotasFor: null,
    ...startedOver(freshOrder(null, input)),
  }),
  on: {
    'data.update': { actions: 'setData' },
    'places.update': { actions: 'setPlaces' },
    'clock.tick': { actions: 'setNow' },
    'network.change': { actions: 'setOnline' },
  },
  type: 'parallel',
  states: {
    wizard: {
      initial: 'starting',
      states: {
        /** Waiting for the user's passengers. */
        starting: {
          always: [
            {
              guard: and(['isDataReady', 'hasOnePassenger']),
              target: 'editing.date',
              actions: 'skipPassenger',
            },
            { guard: 'isDataReady', target: 'editing.passenger' },
          ],
        },
        editing: {
          initial: 'passenger',
          on: edits,
          states: {
            passenger: { on: { 'wizard.next': { guard: valid(1), target: 'date' } } },
            date: {
              on: {
                'wizard.back': { guard: not('wasPassengerSkipped'), target: 'passenger' },
                'wizard.next': { guard: valid(2), target: 'quota' },
              },
            },
            quota: {
              on: {
                'wizard.back': 'date',
                // Not on a quota kept from an earlier date or passenger while this one's quotas load.
                'wizard.next': { guard: and([valid(3), stateIn({ quotas: 'loaded' })]), target: 'trip' },
              },
            },
            trip: {
              on: { 'wizard.back': 'quota', 'wizard.next': { guard: valid(4), target: 'additionalInfo' } },
            },
            additionalInfo: {
              on: {
                'wizard.back': 'trip',
                'wizard.next': { guard: valid(5), target: '#booking.wizard.summary' },
              },
            },
            /** The return trip of the booking just saved: it has no Back, the outbound is booked. */
            returnTrip: { on: { 'wizard.next': { guard: valid(7), target: 'returnAdditionalInfo' } } },
            returnAdditionalInfo: {
              on: {
                'wizard.back': 'returnTrip',
                'wizard.next': { guard: valid(8), target: '#booking.wizard.returnSummary' },
              },
            },
          },
        },
        summary: summary(6, '#booking.wizard.editing.additionalInfo', {
          'booking.return': { target: '#booking.wizard.editing.returnTrip', actions: 'startReturn' },
        }),
        /** No return trip of a return trip. */
        returnSummary: summary(9, '#booking.wizard.editing.returnAdditionalInfo', {}),
      },
    },
    ...fetchRegions,
    search: {
      initial: 'idle',
      // Each region's own transitions: one that re-enters a region of this parallel machine exits and
      // re-enters the whole machine, which took the wizard back to its first step.
      on: {
        'address.search': [
          { guard: 'isEmptyQuery', target: '.idle', actions: 'clearSearch' },
          { target: '.debouncing', actions: 'setSearch' },
        ],
      },
      states: {
        idle: {},
        debouncing: {
          after: { searchDebounce: 'searching' },
          // Another keystroke waits the whole debounce again.
          on: {
            'address.search': [
              { guard: 'isEmptyQuery', target: 'idle', actions: 'clearSearch' },
              { target: 'debouncing', reenter: true, actions: 'setSearch' },
            ],
          },
        },
        searching: {
          invoke: {
            src: 'searchAddresses',
            input: ({ context }) => ({ query: context.search!.query }),
            onDone: { target: 'idle', actions: { type: 'setResults', params: ({ event }) => event.output } },
            // A failure is not "no results": spec section 8 wants an alert with the status.
            onError: {
              target: 'failed',
              actions: {
                type: 'setSearchFailure',
                params: ({ event }: { event: ErrorActorEvent }) => event.error,
              },
            },
          },
        },
        /** The search failed: `search.failure` says how, until the next keystroke. */
        failed: {},
      },
    },
    /** 'Via point removed' shows for 2 s after a removal. */
    viaPointRemoval: {
      initial: 'hidden',
      on: { 'via.remove': { guard: viaPointRemoved(), target: '.shown' } },
      states: {
        hidden: {},
        shown: {
          after: { removalStatus: 'hidden' },
          // Another removal shows it 2 s again (re-entering this state, not the region: see search).
          on: { 'via.remove': { guard: viaPointRemoved(), target: 'shown', reenter: true } },
        },
      },
    },
  },
})

/** A via point of the trip being edited is removed. */
function viaPointRemoved() {
  return and([stateIn({ wizard: 'editing' }), 'isViaPoint'])
}

/** The passenger chosen: the phone prefilled with theirs; another passenger's saved places are theirs alone. */
function choosePassenger(context: BookingContext, passenger: Passenger | null): Partial<BookingContext> {
  const { order } = context
  if (passenger?.id === order.passenger?.id) return { order: { ...order, passenger } }
  return {
    places: null,
    order: {
      ...order,
      passenger,
      phone: passenger?.phone ?? '',
      fromAddress: null,
      toAddress: null,
      viaPoints: [],
    },
  }
}

export type BookingSnapshot = SnapshotFrom<typeof bookingMachine>

const steps = {
  passenger: 1,
  date: 2,
  quota: 3,
  trip: 4,
  additionalInfo: 5,
  returnTrip: 7,
  returnAdditionalInfo: 8,
} as const satisfies Record<string, BookingStep>

/** The step a snapshot is at (a summary's save states are its step); null while the passengers load. */
export function stepOf(snapshot: BookingSnapshot): BookingStep | null {
  if (snapshot.matches({ wizard: 'summary' })) return 6
  if (snapshot.matches({ wizard: 'returnSummary' })) return 9
  for (const [name, step] of Object.entries(steps)) {
    if (snapshot.matches({ wizard: { editing: name as keyof typeof steps } })) return step
  }
  return null
}
