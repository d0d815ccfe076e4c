import { and, assign, fromPromise, not, setup, type SnapshotFrom } from 'xstate'
import { cancelReasonToSend, isCompleteCancelReason } from '../../src/domain/trips/cancelReason'
import { followStart, parseIsoDate } from '../../src/domain/trips/dateFrame'
import {
  cancelledIn,
  choices,
  dateFrame,
  distantRequest,
  offeredTrips,
  pruned,
  reasonChoice,
  tripKey,
  type CancelRequest,
  type CancelTripsContext,
  type CancelTripsEvent,
  type CancelTripsInput,
} from './cancelTrips.rules'

export * from './cancelTrips.rules'

/**
 * The cancel trips wizard (spec sections 2, 4 and 5): dates -> passengers (skipped when there is one) -> trips
 * -> reason -> result. Send queues one command in the outbox (the screen provides `queueCancel`), and the
 * result follows that command as the screen feeds its changes in (`command.update`): it never says "done"
 * before the server has confirmed. The screen also feeds the local data (`data.update`), the clock
 * (`clock.tick`) and the connection (`network.change`), so every rule lives here and is testable.
 */

/** How long the result spins for the server before it says the cancellation is saved and will be sent. */
export const ackWaitMs = 5_000

const followCommand = {
  'command.update': [
    { guard: and(['isOurCommand', 'isAllCancelled']), target: 'cancelled', actions: 'storeOutcome' },
    { guard: and(['isOurCommand', 'isAcked']), target: 'partlyCancelled', actions: 'storeOutcome' },
    { guard: and(['isOurCommand', 'isRejected']), target: 'rejected', actions: 'storeOutcome' },
  ],
} as const
const restart = { 'wizard.restart': { target: '#cancelTrips.dates', actions: 'restart' } } as const

export const cancelTripsMachine = setup({
  types: {
    context: {} as CancelTripsContext,
    events: {} as CancelTripsEvent,
    input: {} as CancelTripsInput,
  },
  actors: {
    /** Stores the command in the outbox and resolves with its id (the screen provides it). */
    queueCancel: fromPromise<string, CancelRequest>(() => Promise.reject(new Error('no queueCancel actor'))),
  },
  actions: {
    setMode: assign(({ context, event }) => {
      if (event.type !== 'dates.mode') return {}
      const start = parseIsoDate(context.start)
      if (event.mode === 'single' || typeof start === 'string') return { mode: event.mode }
      // A period starts as the chosen day, or keeps its end when that is still after the start.
      const end = parseIsoDate(context.end)
      return { mode: event.mode, end: (typeof end === 'string' ? start : followStart(start, end)).toString() }
    }),
    setStart: assign(({ context, event }) => {
      if (event.type !== 'dates.start') return {}
      const start = parseIsoDate(event.value)
      const end = parseIsoDate(context.end)
      if (typeof start === 'string') return { start: event.value }
      // The end follows the start when the start moves past it (or when there is no end yet).
      return {
        start: event.value,
        end: (typeof end === 'string' ? start : followStart(start, end)).toString(),
      }
    }),
    setEnd: assign(({ event }) => (event.type === 'dates.end' ? { end: event.value } : {})),
    togglePassenger: assign(({ context, event }) => {
      if (event.type !== 'passenger.toggle') return {}
      const on = context.passengerIds.includes(event.passengerId)
      return {
        passengerIds: on
          ? context.passengerIds.filter((id) => id !== event.passengerId)
          : [...context.passengerIds, event.passengerId],
      }
    }),
    chooseOnlyPassenger: assign(({ context }) => ({
      passengerIds: context.passengers?.map((passenger) => passenger.id) ?? [],
      passengersSkipped: true,
    })),
    showPassengers: assign({ passengersSkipped: false }),
    toggleTrip: assign(({ context, event }) => {
      if (event.type !== 'trip.toggle') return {}
      const key = tripKey(event.trip)
      if (context.chosen.some((trip) => tripKey(trip) === key)) {
        return { chosen: context.chosen.filter((trip) => tripKey(trip) !== key) }
      }
      const trip = offeredTrips(context).find((offered) => tripKey(offered) === key)
      return trip
        ? { chosen: [...context.chosen, { id: trip.id, date: trip.date, passengerId: trip.passenger.id }] }
        : {}
    }),
    setReason: assign(({ event }) => (event.type === 'reason.change' ? { reason: event.value } : {})),
    setReasonCode: assign(({ event }) =>
      event.type === 'reason.code' ? { reasonCode: event.code, reasonWords: event.words } : {},
    ),
    setData: assign(({ event }) =>
      event.type === 'data.update'
        ? { passengers: event.passengers, trips: event.trips, pendingTrips: event.pendingTrips }
        : {},
    ),
    /** An answer for the dates past the device's trips, kept only while it answers the request as it stands. */
    setDistant: assign(({ context, event }) =>
      event.type === 'distant.update' && distantRequest(context)?.key === event.key
        ? { distantKey: event.key, distantStatus: event.status, distantTrips: event.trips }
        : {},
    ),
    setNow: assign(({ event }) => (event.type === 'clock.tick' ? { now: event.now } : {})),
    setOnline: assign(({ event }) => (event.type === 'network.change' ? { online: event.online } : {})),
    prune: assign(({ context }) => pruned(context)),
    showErrors: assign({ showErrors: true }),
    hideErrors: assign({ showErrors: false }),
    /** Moves focus to the first field with an error (the screen provides it). */
    focusError: () => {},
    prepareRequest: assign(({ context }) => ({
      sent: {
        trips: context.chosen.map(({ id, date }) => ({ id, date })),
        ...cancelReasonToSend(reasonChoice(context)),
        passengerIds: [...new Set(context.chosen.map((trip) => trip.passengerId))],
      },
    })),
    storeOutcome: assign(({ context, event }) => {
      if (event.type !== 'command.update' || !context.sent) return {}
      const { command } = event
      return command.status === 'acked'
        ? { cancelledCount: cancelledIn(command.response, context.sent), failure: null }
        : { cancelledCount: 0, failure: command.lastError }
    }),
    restart: assign(({ context }) => choices(context)),
  },
  guards: {
    isDataReady: ({ context }) => context.passengers !== null,
    areDatesValid: ({ context }) => dateFrame(context) !== null,
    hasOnePassenger: ({ context }) => context.passengers?.length === 1,
    hasPassengers: ({ context }) => context.passengerIds.length > 0,
    hasOfferedTrips: ({ context }) => offeredTrips(context).length > 0,
    hasChosenTrips: ({ context }) => context.chosen.length > 0,
    wasPassengersSkipped: ({ context }) => context.passengersSkipped,
    isReasonValid: ({ context }) => isCompleteCancelReason(reasonChoice(context)),
    isOffline: ({ context }) => !context.online,
    isOurCommand: ({ context, event }) =>
      event.type === 'command.update' && event.command.id === context.commandId,
    isAcked: ({ event }) => event.type === 'command.update' && event.command.status === 'acked',
    isRejected: ({ event }) => event.type === 'command.update' && event.command.status === 'rejected',
    isAllCancelled: ({ context, event }) =>
      event.type === 'command.update' &&
      event.command.status === 'acked' &&
      context.sent !== null &&
      cancelledIn(event.command.response, context.sent) === context.sent.trips.length,
  },
  delays: { ackWait: ackWaitMs },
}).createMachine({
  id: 'cancelTrips',
  context: ({ input }) => ({
    timeZone: input.timeZone,
    now: input.now,
    online: input.online ?? true,
    passengers: null,
    trips: [],
    pendingTrips: [],
    distantKey: null,
    distantStatus: 'loading' as const,
    distantTrips: [],
    ...choices(input),
  }),
  on: {
    'data.update': { actions: ['setData', 'prune'] },
    'distant.update': { actions: ['setDistant', 'prune'] },
    'clock.tick': { actions: ['setNow', 'prune'] },
    'network.change': { actions: 'setOnline' },
  },
  initial: 'dates',
  states: {
    dates: {
      on: {
        'dates.mode': { actions: ['setMode', 'prune'] },
        'dates.start': { actions: ['setStart', 'prune'] },
        'dates.end': { actions: ['setEnd', 'prune'] },
        'wizard.next': [
          { guard: not('isDataReady') },
          {
            guard: and(['areDatesValid', 'hasOnePassenger']),
            target: 'trips',
            actions: ['hideErrors', 'chooseOnlyPassenger', 'prune'],
          },
          { guard: 'areDatesValid', target: 'passengers', actions: ['hideErrors', 'showPassengers'] },
          { actions: ['showErrors', 'focusError'] },
        ],
      },
    },
    passengers: {
      on: {
        'passenger.toggle': { actions: ['togglePassenger', 'prune'] },
        'wizard.back': { target: 'dates', actions: 'hideErrors' },
        'wizard.next': [
          { guard: 'hasPassengers', target: 'trips', actions: 'hideErrors' },
          { actions: ['showErrors', 'focusError'] },
        ],
      },
    },
    trips: {
      on: {
        'trip.toggle': { actions: 'toggleTrip' },
        'wizard.back': [
          { guard: 'wasPassengersSkipped', target: 'dates', actions: 'hideErrors' },
          { target: 'passengers', actions: 'hideErrors' },
        ],
        // Without cancellable trips there is no transition at all, so `can(next)` is false: Next is disabled.
        'wizard.next': [
          { guard: 'hasChosenTrips', target: 'reason', actions: 'hideErrors' },
          { guard: 'hasOfferedTrips', actions: ['showErrors', 'focusError'] },
        ],
      },
    },
    reason: {
      // Trips can stop being cancellable while the reason is written (a pickup, the clock): choose again.
      always: { guard: not('hasChosenTrips'), target: 'trips' },
      on: {
        'reason.change': { actions: 'setReason' },
        'reason.code': { actions: 'setReasonCode' },
        'wizard.back': { target: 'trips', actions: 'hideErrors' },
        'wizard.send': [
          { guard: 'isReasonValid', target: 'result', actions: ['hideErrors', 'prepareRequest'] },
          { actions: ['showErrors', 'focusError'] },
        ],
      },
    },
    result: {
      initial: 'queueing',
      states: {
        queueing: {
          invoke: {
            src: 'queueCancel',
            input: ({ context }) => context.sent!,
            onDone: { target: 'waiting', actions: assign({ commandId: ({ event }) => event.output }) },
            onError: { target: 'failed' },
          },
        },
        waiting: {
          always: { guard: 'isOffline', target: 'queued' },
          after: { ackWait: 'queued' },
          on: { ...followCommand, ...restart },
        },
        /** Saved in the outbox, not yet confirmed: it is sent when the connection allows. */
        queued: { on: { ...followCommand, ...restart } },
        cancelled: { tags: 'finished', on: restart },
        partlyCancelled: { tags: 'finished', on: restart },
        rejected: { tags: 'finished', on: restart },
        /** The command could not even be stored on this device. */
        failed: { tags: 'finished', on: { ...restart, 'wizard.back': '#cancelTrips.reason' } },
      },
    },
  },
})

export type CancelTripsSnapshot = SnapshotFrom<typeof cancelTripsMachine>

/** The step a snapshot is at (the result's inner states are one step). */
export function stepOf(
  snapshot: CancelTripsSnapshot,
): 'dates' | 'passengers' | 'trips' | 'reason' | 'result' {
  return typeof snapshot.value === 'string' ? snapshot.value : 'result'
}
