import { Temporal } from 'temporal-polyfill'
import { assign, enqueueActions, fromPromise, setup } from 'xstate'
import { tripStatusCodes, type Trip, type TripStatus } from '../../src/contract/trip'
import { isFinalStatus } from '../../src/domain/tracking/finalStatus'
import { pollingPlan } from '../../src/domain/tracking/pollingPlan'

/**
 * Live tracking of one trip (spec sections 4 and 9), on its detail screen and on a tracking link: polls the
 * trip's status once the trip starts within 30 minutes, every 10 s in the fast window around it and every 60 s
 * otherwise, and stops on a final status. It pauses while the device is offline or the page hidden, and polls
 * at once when both are back. A failed poll keeps the last status, marked failed, with the time it came. Until
 * a poll answers, a trip within tracking's window shows the local trip's status, as the last pull brought it
 * (`knownAt`), so a trip opened while the server cannot be reached still shows where it was. Each
 * poll sends the last answer's ETag, and an unchanged answer (304) renews the status's time. The screen
 * provides `fetchStatus` (src/app/effects/trackingCalls.ts: `POST api/trip/status` on trip detail, `GET api/track/{link}`
 * on a link); tests give it and the clock.
 */

/** What tracking needs of a trip; the screen's own trip type (the local Trip, a link's TrackedTrip) carries more. */
export type TrackedTrip = Pick<Trip, 'id' | 'date' | 'startDateTime' | 'endDateTime' | 'status'>

/** What a poll is asked with: the trip as tracking has it, and the ETag of the last answer. */
export interface PollInput<T extends TrackedTrip = TrackedTrip> {
  trip: T
  etag: string | null
}

/** Why a source answers no more: a tracking link that is unknown or revoked, or whose trip has ended. */
export type ClosedReason = 'not_found' | 'ended'

export type PollAnswer<T extends TrackedTrip = TrackedTrip> =
  | { kind: 'changed'; trip: T; etag: string | null }
  | { kind: 'unchanged' }
  /** Tracking stops as on a final status. */
  | { kind: 'closed'; reason: ClosedReason }

/** Told when a poll shows the status newly at Pickup or DropOff (the screen raises a notice). */
export type TrackingEmitted = { type: 'milestone'; kind: 'pickup' | 'dropoff' }

export interface TrackingInput<T extends TrackedTrip = TrackedTrip> {
  trip: T
  online: boolean
  visible: boolean
  /** The clock; tests pass one over the simulated clock. */
  now?: () => Temporal.Instant
  /** `trip` is an answer just fetched (a tracking link's first load), with its ETag: its status shows at once. */
  fresh?: { etag: string | null }
  /** When the local trip's status was brought (the last pull), shown as its time until a poll answers. */
  knownAt?: string | null
}

export interface TrackingContext<T extends TrackedTrip = TrackedTrip> {
  /** The trip, as the last answer had it once one came. */
  trip: T
  now: () => Temporal.Instant
  online: boolean
  visible: boolean
  /**
   * The status tracking has: the last poll's, else the local trip's (final, or within tracking's window); null
   * before either.
   */
  status: TripStatus | null
  /** The status is the local trip's, no poll has answered yet: a pull's newer one replaces it. */
  lastKnown: boolean
  /** When the local trip's status was brought (TrackingInput's `knownAt`). */
  knownAt: string | null
  /** When the last poll answered (an ISO instant); null while no poll has. */
  receivedAt: string | null
  /** The last poll failed, so the status is as old as `receivedAt` says. */
  failed: boolean
  /** The last answer's ETag, sent with the next poll. */
  etag: string | null
  /** The source answers no more (see PollAnswer); tracking has stopped. */
  closed: ClosedReason | null
}

export type TrackingEvent<T extends TrackedTrip = TrackedTrip> =
  | { type: 'trip.update'; trip: T; knownAt?: string | null }
  | { type: 'network.change'; online: boolean }
  | { type: 'visibility.change'; visible: boolean }

/** A timer waits at most this long before the plan is worked out again (a far-off trip, a device that slept). */
export const longestWaitMs = 60 * 60_000

const isPaused = (flags: Pick<TrackingContext, 'online' | 'visible'>) => !flags.online || !flags.visible

/** The connection and visibility after `event`. */
function flagsAfter(context: TrackingContext, event: TrackingEvent) {
  if (event.type === 'network.change') return { online: event.online, visible: context.visible }
  if (event.type === 'visibility.change') return { online: context.online, visible: event.visible }
  return { online: context.online, visible: context.visible }
}

const planOf = (context: TrackingContext) =>
  pollingPlan(context.trip, context.status?.code ?? null, context.now())

const sameTimes = (a: TrackedTrip, b: TrackedTrip) =>
  a.startDateTime === b.startDateTime && a.endDateTime === b.endDateTime

const milestones: Partial<Record<number, TrackingEmitted['kind']>> = {
  [tripStatusCodes.Pickup]: 'pickup',
  [tripStatusCodes.DropOff]: 'dropoff',
}

/** The milestone a changed answer reaches: its status is Pickup or DropOff and the status before was not. */
function milestoneOf(context: TrackingContext, answer: PollAnswer): TrackingEmitted['kind'] | null {
  if (answer.kind !== 'changed') return null
  const code = answer.trip.status?.code
  const before = context.status?.code ?? context.trip.status?.code
  return code === undefined || code === before ? null : (milestones[code] ?? null)
}

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

/** The machine for a screen's own trip type, so the context keeps everything the answers carry. */
export const trackingMachineFor = <T extends TrackedTrip>() =>
  setup({
    types: {
      context: {} as TrackingContext<T>,
      events: {} as TrackingEvent<T>,
      input: {} as TrackingInput<T>,
      emitted: {} as TrackingEmitted,
    },
    actors: {
      // The screen provides the API call with `machine.provide`.
      fetchStatus: fromPromise<PollAnswer<T>, PollInput<T>>(() =>
        Promise.reject(new Error('tracking: no fetchStatus actor')),
      ),
    },
    actions: {
      setConditions: assign(({ context, event }) => flagsAfter(context, event)),
      setTrip: assign(({ context, event }) => {
        if (event.type !== 'trip.update') return {}
        const knownAt = event.knownAt ?? context.knownAt
        // A status that is only the local trip's follows the pull's newer one.
        return context.lastKnown
          ? { trip: event.trip, knownAt, status: event.trip.status, receivedAt: knownAt }
          : { trip: event.trip, knownAt }
      }),
      /** Within tracking's window, with no status yet: the local trip's is the last known one. */
      adoptLastKnown: assign(({ context }) =>
        context.status === null && context.trip.status && planOf(context).kind !== 'notYet'
          ? { status: context.trip.status, receivedAt: context.knownAt, lastKnown: true }
          : {},
      ),
      /** A pull brought the trip with a final status: that is the last status there will be. */
      adoptFinalTrip: assign(({ event }) =>
        event.type === 'trip.update'
          ? { trip: event.trip, status: event.trip.status, failed: false, lastKnown: false }
          : {},
      ),
      tellMilestone: enqueueActions(({ context, enqueue }, answer: PollAnswer<T>) => {
        const kind = milestoneOf(context, answer)
        if (kind) enqueue.emit({ type: 'milestone', kind })
      }),
      storeAnswer: assign(({ context }, answer: PollAnswer<T>) => {
        const renewed = { receivedAt: context.now().toString(), failed: false, lastKnown: false }
        if (answer.kind === 'unchanged') return renewed
        if (answer.kind === 'closed') return { ...renewed, closed: answer.reason }
        // The answer may move the trip's times; the plan follows them.
        return { ...renewed, trip: answer.trip, status: answer.trip.status, etag: answer.etag }
      }),
      markFailed: assign({ failed: true }),
    },
    guards: {
      paused: ({ context }) => isPaused(context),
      final: ({ context }) => context.closed !== null || isFinalStatus(context.status?.code),
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
    context: ({ input }) => {
      const now = input.now ?? (() => Temporal.Now.instant())
      return {
        trip: input.trip,
        now,
        online: input.online,
        visible: input.visible,
        status: input.fresh || isFinalStatus(input.trip.status?.code) ? input.trip.status : null,
        receivedAt: input.fresh ? now().toString() : null,
        lastKnown: false,
        knownAt: input.knownAt ?? null,
        failed: false,
        etag: input.fresh?.etag ?? null,
        closed: null,
      }
    },
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
              { guard: 'paused', target: 'paused', actions: 'adoptLastKnown' },
              { guard: 'notYet', target: 'waiting' },
              { target: 'polling', actions: 'adoptLastKnown' },
            ],
          },
          /** Until the trip starts within 30 minutes. */
          waiting: { after: { untilCutoff: 'deciding' } },
          polling: {
            invoke: {
              src: 'fetchStatus',
              input: ({ context }) => ({ trip: context.trip, etag: context.etag }),
              onDone: {
                target: 'polled',
                actions: [
                  { type: 'tellMilestone', params: ({ event }) => event.output },
                  { type: 'storeAnswer', params: ({ event }) => event.output },
                ],
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

/** The machine over the fields tracking needs; screens take `trackingMachineFor` their own trip type. */
export const trackingMachine = trackingMachineFor<TrackedTrip>()
