import { assign, fromPromise, not, setup } from 'xstate'
import type { CalendarFeed } from '../../src/contract/notifications'

/**
 * The user's private calendar feed: reads it, makes the first one, copies its URL, and makes a new one
 * after a confirmation (the old URL stops working at once). The section provides the calls
 * (src/app/effects/calendarFeedCalls.ts); tests give them with `.provide`.
 */

/** The last thing that happened, for the section's polite status. */
export type CalendarFeedOutcome = 'made' | 'copied' | 'renewed'

export type CalendarFeedFailure = 'load' | 'make' | 'copy'

export interface CalendarFeedContext {
  /** The feed; null when the user has none (or before it has loaded). */
  feed: CalendarFeed | null
  outcome: CalendarFeedOutcome | null
  failure: CalendarFeedFailure | null
}

export type CalendarFeedEvent =
  | { type: 'make' }
  | { type: 'copy' }
  | { type: 'reload' }
  | { type: 'renew' }
  | { type: 'renew.confirm' }
  | { type: 'renew.cancel' }

export const calendarFeedMachine = setup({
  types: { context: {} as CalendarFeedContext, events: {} as CalendarFeedEvent },
  actors: {
    loadFeed: fromPromise<CalendarFeed | null>(() =>
      Promise.reject(new Error('calendarFeed: no loadFeed actor')),
    ),
    renewFeed: fromPromise<CalendarFeed>(() => Promise.reject(new Error('calendarFeed: no renewFeed actor'))),
    copyUrl: fromPromise<void, string>(() => Promise.reject(new Error('calendarFeed: no copyUrl actor'))),
  },
  actions: {
    clear: assign({ outcome: null, failure: null }),
    fail: assign((_, failure: CalendarFeedFailure) => ({ failure, outcome: null })),
  },
  guards: {
    hasFeed: ({ context }) => context.feed !== null,
  },
}).createMachine({
  id: 'calendarFeed',
  context: { feed: null, outcome: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadFeed',
        onDone: { target: 'ready', actions: assign({ feed: ({ event }) => event.output }) },
        // Not knowing whether a feed exists, making one could silently end it: only trying again is offered.
        onError: { target: 'unknown', actions: { type: 'fail', params: 'load' as const } },
      },
    },
    unknown: {
      on: { reload: { target: 'loading', actions: 'clear' } },
    },
    ready: {
      on: {
        make: { guard: not('hasFeed'), target: 'making', actions: 'clear' },
        copy: { guard: 'hasFeed', target: 'copying', actions: 'clear' },
        renew: { guard: 'hasFeed', target: 'confirming', actions: 'clear' },
      },
    },
    making: {
      invoke: {
        src: 'renewFeed',
        onDone: { target: 'ready', actions: assign({ feed: ({ event }) => event.output, outcome: 'made' }) },
        onError: { target: 'ready', actions: { type: 'fail', params: 'make' as const } },
      },
    },
    copying: {
      invoke: {
        src: 'copyUrl',
        input: ({ context }) => context.feed?.url ?? '',
        onDone: { target: 'ready', actions: assign({ outcome: 'copied' }) },
        onError: { target: 'ready', actions: { type: 'fail', params: 'copy' as const } },
      },
    },
    confirming: {
      on: { 'renew.confirm': 'renewing', 'renew.cancel': 'ready' },
    },
    renewing: {
      invoke: {
        src: 'renewFeed',
        onDone: {
          target: 'ready',
          actions: assign({ feed: ({ event }) => event.output, outcome: 'renewed' }),
        },
        onError: { target: 'ready', actions: { type: 'fail', params: 'make' as const } },
      },
    },
  },
})
