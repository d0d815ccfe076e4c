import { and, assign, fromPromise, setup, stateIn, type ErrorActorEvent, type SnapshotFrom } from 'xstate'
import type { AddressSearchResult } from '../../src/contract/places'
import type { BookingStep } from '../../src/domain/booking/steps'
import { viaPointRemovalStatusMs } from '../../src/domain/booking/viaPoints'
import { defaultSeriesHorizonWeeks } from '../../src/domain/series/seriesEnd'
import { fetchActions, fetchActors, fetchGuards, fetchRegions } from './booking.fetches'
import {
  callFailureOf,
  freshOrder,
  startedOver,
  type BookingContext,
  type BookingEvent,
  type BookingInput,
  type Booked,
  type PendingSave,
} from './booking.rules'
import { stepActions, stepGuards, wizard } from './booking.steps'

export * from './booking.rules'
export { viaPointMax } from './booking.steps'

/**
 * The booking wizard (spec sections 2, 4 and 5), put together: its steps (booking.steps.ts) and, parallel to
 * them, the quotas (whenever passenger or date change), the route (whenever the points change), the estimate
 * (at a summary), the holidays and the plan of a repeated ride (booking.fetches.ts), fetched by actors the
 * screen provides; here the address search, and a removed via point's status that shows for 2 s. The screen
 * feeds the local data (`data.update`, `places.update`), the clock (`clock.tick`) and the connection
 * (`network.change`), so every rule lives in the machine and is testable.
 */

/** Place predictions wait this long after the last keystroke (spec section 9). */
export const searchDebounceMs = 600

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
    ...stepActions,
    ...fetchActions,
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
  },
  guards: {
    ...stepGuards,
    ...fetchGuards,
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
    wizard,
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
