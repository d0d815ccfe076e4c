import { Temporal } from 'temporal-polyfill'
import { assign, fromPromise, setup } from 'xstate'
import type { Trip, TripStatus } from '../src/contract/trip'
import type { TripStatusRequest } from '../src/contract/tripCommands'
import { isFinalStatus } from '../src/domain/tracking/finalStatus'
import { pollingPlan } from '../src/domain/tracking/pollingPlan'

/**
 * Live tracking of one trip on its detail screen (spec sections 4 and 9): polls `POST api/trip/status` once
 * the trip starts within 30 minutes, every 10 s in the fast window around it and every 60 s otherwise, and
 * stops on a final status. It pauses while the device is offline or the page hidden, and polls at once when
 * both are back. A failed poll keeps the last status, marked failed, with the time it came. The screen
 * provides `fetchStatus` (src/app/trackingCalls.ts); tests give it and the clock.
 */

export type TrackedTrip = Pick<Trip, 'id' | 'date' | 'passenger' | 'startDateTime' | 'endDateTime' | 'status'>

export interface TrackingInput {
  trip: TrackedTrip
  online: boolean
  visible: boolean
  /** The clock; tests pass one over the simulated clock. */
  now?: () => Temporal.Instant
}

export interface TrackingContext {
  trip: TrackedTrip
  now: () => Temporal.Instant
  online: boolean
  visible: boolean
  /** The status tracking has: the last poll's, or the local trip's final one; null before the first answer. */
  status: TripStatus | null
  /** When the last poll answered (an ISO instant); null while no poll has. */
  receivedAt: string | null
  /** The last poll failed, so the status is as old as `receivedAt` says. */
  failed: boolean
}

export type TrackingEvent =
  | { type: 'trip.update'; trip: TrackedTrip }
  | { type: 'network.change'; online: boolean }
  | { type: 'visibility.change'; visible: boolean }

/** A timer waits at most this long before the plan is worked out again (a far-off trip, a device that slept). */
export const longestWaitMs = 60 * 60_000

const isPaused = (flags: Pick<TrackingContext, 'online' | 'visible'>) => !flags.online || !flags.visible

/** The connection and visibility after `event`. */
function flagsAfter(context: TrackingContext, event: TrackingEvent) {
  if (event.type === 'network.change') return { online: event.online, visible: context.visible }
  if (event.type === 'visibility.change') return { online: context.online, visible: event.visible }
  return context
}

const planOf = (context: TrackingContext) =>
  pollingPlan(context.trip, context.status?.code ?? null, context.now())

const sameTimes = (a: TrackedTrip, b: TrackedTrip) =>
  a.startDateTime === b.startDateTime && a.endDateTime === b.endDateTime

/** Connection and visibility changes: pause, resume (catching up at once), or just note them. */
const conditionChange = [
  {
    guard: ({ context, event }: { context: TrackingContext; event: TrackingEvent }) =>
      !isPaused(context) && isPaused(flagsAfter(context, event)),
    target: '.paused',
    actions: 'setConditions',
  },
  {
    guard: ({ context, event }: { context: TrackingContext; event: TrackingEvent }) =>
      isPaused(context) && !isPaused(flagsAfter(context, event)),
    target: '.deciding',
    actions: 'setConditions',
  },
  { actions: 'setConditions' },
] as const

export const trackingMachine = setup({
  types: {
    context: {} as TrackingContext,
    events: {} as TrackingEvent,
    input: {} as TrackingInput,
  },
  actors: {
    // The screen provides the API call with `machine.provide`.
    fetchStatus: fromPromise<Trip, TripStatusRequest>(() =>
      Promise.reject(new Error('tracking: no fetchStatus actor')),
    ),
  },
  actions: {
    setConditions: assign(({ context, event }) => flagsAfter(context, event)),
    setTrip: assign(({ event }) => (event.type === 'trip.update' ? { trip: event.trip } : {})),
    /** A pull brought the trip with a final status: that is the last status there will be. */
    adoptFinalTrip: assign(({ event }) =>
      event.type === 'trip.update' ? { trip: event.trip, status: event.trip.status, failed: false } : {},
    ),
    storeAnswer: assign(({ context }, answer: Trip) => ({
      // The answer may move the trip's times; the plan follows them.
      trip: { ...context.trip, startDateTime: answer.startDateTime, endDateTime: answer.endDateTime },
      status: answer.status,
      receivedAt: context.now().toString(),
      failed: false,
    })),
    markFailed: assign({ failed: true }),
  },
  guards: {
    paused: ({ context }) => isPaused(context),
    final: ({ context }) => isFinalStatus(context.status?.code),
    notYet: ({ context }) => planOf(context).kind === 'notYet',
    updateIsFinal: ({ event }) => event.type === 'trip.update' && isFinalStatus(event.trip.status?.code),
    timesChanged: ({ context, event }) =>
      event.type === 'trip.update' && !sameTimes(context.trip, event.trip),
  },
  delays: {
    untilCutoff: ({ context }) => {
      const plan = planOf(context)
      return plan.kind === 'notYet' ? Math.min(plan.startsInMs, longestWaitMs) : 0
    },
    nextPoll: ({ context }) => {
      const plan = planOf(context)
      return plan.kind === 'polling' ? plan.nextInMs : 0
    },
  },
}).createMachine({
  id: 'tracking',
  context: ({ input }) => ({
    trip: input.trip,
    now: input.now ?? (() => Temporal.Now.instant()),
    online: input.online,
    visible: input.visible,
    status: isFinalStatus(input.trip.status?.code) ? input.trip.status : null,
    receivedAt: null,
    failed: false,
  }),
  initial: 'active',
  states: {
    active: {
      initial: 'deciding',
      on: {
        'network.change': conditionChange,
        'visibility.change': conditionChange,
        'trip.update': [
          { guard: 'updateIsFinal', target: 'stopped', actions: 'adoptFinalTrip' },
          { guard: 'timesChanged', target: '.deciding', actions: 'setTrip' },
          { actions: 'setTrip' },
        ],
      },
      states: {
        deciding: {
          always: [
            { guard: 'final', target: '#tracking.stopped' },
            { guard: 'paused', target: 'paused' },
            { guard: 'notYet', target: 'waiting' },
            { target: 'polling' },
          ],
        },
        /** Until the trip starts within 30 minutes. */
        waiting: { after: { untilCutoff: 'deciding' } },
        polling: {
          invoke: {
            src: 'fetchStatus',
            input: ({ context }) => ({
              passengerId: context.trip.passenger.id,
              tripId: context.trip.id,
              date: context.trip.date,
            }),
            onDone: {
              target: 'polled',
              actions: { type: 'storeAnswer', params: ({ event }) => event.output },
            },
            onError: { target: 'polled', actions: 'markFailed' },
          },
        },
        polled: {
          always: [{ guard: 'final', target: '#tracking.stopped' }, { target: 'between' }],
        },
        /** Waiting for the next poll. */
        between: { after: { nextPoll: 'polling' } },
        /** Offline or hidden: nothing runs until both are back. */
        paused: {},
      },
    },
    /** A final status: nothing more will change. */
    stopped: {},
  },
})
