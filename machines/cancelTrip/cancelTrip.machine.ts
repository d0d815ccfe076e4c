import { assign, fromPromise, not, setup } from 'xstate'
import type { CancelReasonCode, CancelTripsRequest, TripRef } from '../../src/contract/tripCommands'
import type { FollowingScope } from '../../src/domain/trips/followingScope'
import {
  cancelReasonToSend,
  isCompleteCancelReason,
  noCancelReason,
  type CancelReasonChoice,
} from '../../src/domain/trips/cancelReason'

/**
 * The trip detail's cancel dialog: the reason is required (spec section 5): one tap on a code, or for 'other'
 * (or no code) a text that is not blank (src/domain/trips/cancelReason.ts). The cancel button
 * works only in `valid`, and confirming queues a cancel command in the outbox (which works offline) rather
 * than calling the server. The `queueCancel` actor is given by src/app/effects/cancelTripCalls.ts; the component
 * closes the dialog in `queued`.
 * A trip of a standing order may take its series' later trips with it (`following`), and its return series'
 * (`withReturn`).
 */

export interface CancelTripInput {
  trip: TripRef
  passengerId: string
  /**
   * What "this and the following" takes on this device (its two weeks): the series' later trips, shown pending
   * with it when the user cancels the following ones too, and its return series; null for a trip of no series,
   * which offers no such choice.
   */
  scope: FollowingScope | null
}

/**
 * What the outbox stores: the contract's request plus the passengers whose trips it touches and, with
 * `following`, the later trips this device shows pending (the server finds them all, beyond the two weeks too).
 */
export type CancelTripPayload = CancelTripsRequest & { passengerIds: string[]; followingShown?: TripRef[] }

export interface CancelTripContext extends CancelTripInput {
  reason: CancelReasonChoice
  /** The user has typed or left the field: from now on a blank reason shows its error. */
  touched: boolean
  commandId: string | null
  /** Storing the command failed (local storage unavailable). */
  failed: boolean
  /** The series' following trips are cancelled too. */
  following: boolean
  /** With `following`, the return series' from its next ride on too. */
  withReturn: boolean
}

export type CancelTripEvent =
  | { type: 'reason.change'; value: string }
  /** A one-tap reason, with its words as shown (sent as the reason when no text is written). */
  | { type: 'reason.code'; code: CancelReasonCode; words: string }
  | { type: 'reason.blur' }
  | { type: 'scope.change'; following: boolean }
  | { type: 'return.change'; withReturn: boolean }
  | { type: 'cancel.confirm' }

/**
 * The command: the trip, or with `following` the trip and, when chosen, its return series' next ride, each taking
 * its series' later trips (the server finds them all; this device shows its own pending).
 */
function payloadOf(context: CancelTripContext): CancelTripPayload {
  const { trip, scope, following, withReturn } = context
  const back = following && withReturn ? (scope?.returnSeries ?? null) : null
  const request = {
    trips: back ? [trip, back.first] : [trip],
    ...cancelReasonToSend(context.reason),
    passengerIds: [context.passengerId],
  }
  if (!following || !scope) return request
  return { ...request, following: true, followingShown: [...scope.later, ...(back?.later ?? [])] }
}

export const cancelTripMachine = setup({
  types: {
    context: {} as CancelTripContext,
    events: {} as CancelTripEvent,
    input: {} as CancelTripInput,
  },
  actors: {
    // The outbox is provided by src/app/effects/cancelTripCalls.ts.
    queueCancel: fromPromise<string, CancelTripPayload>(() =>
      Promise.reject(new Error('cancelTrip: no queueCancel actor')),
    ),
  },
  actions: {
    setReason: assign(({ context, event }) =>
      event.type === 'reason.change'
        ? { reason: { ...context.reason, text: event.value }, touched: true, failed: false }
        : {},
    ),
    setCode: assign(({ context, event }) =>
      event.type === 'reason.code'
        ? { reason: { ...context.reason, code: event.code, words: event.words }, failed: false }
        : {},
    ),
    touch: assign({ touched: true }),
    setScope: assign(({ context, event }) =>
      event.type === 'scope.change' && context.scope !== null ? { following: event.following } : {},
    ),
    setReturn: assign(({ context, event }) =>
      event.type === 'return.change' && context.scope?.returnSeries ? { withReturn: event.withReturn } : {},
    ),
    storeCommand: assign((_, params: { id: string }) => ({ commandId: params.id })),
    markFailed: assign({ failed: true }),
  },
  guards: {
    reasonValid: ({ context }) => isCompleteCancelReason(context.reason),
  },
}).createMachine({
  id: 'cancelTrip',
  initial: 'editing',
  context: ({ input }) => ({
    ...input,
    reason: noCancelReason,
    touched: false,
    commandId: null,
    failed: false,
    following: false,
    withReturn: false,
  }),
  on: { 'scope.change': { actions: 'setScope' }, 'return.change': { actions: 'setReturn' } },
  states: {
    editing: {
      always: { guard: 'reasonValid', target: 'valid' },
      on: {
        'reason.change': { actions: 'setReason' },
        'reason.code': { actions: 'setCode' },
        'reason.blur': { actions: 'touch' },
      },
    },
    valid: {
      always: { guard: not('reasonValid'), target: 'editing' },
      on: {
        'reason.change': { actions: 'setReason' },
        'reason.code': { actions: 'setCode' },
        'reason.blur': { actions: 'touch' },
        'cancel.confirm': 'queueing',
      },
    },
    queueing: {
      invoke: {
        src: 'queueCancel',
        input: ({ context }) => payloadOf(context),
        onDone: {
          target: 'queued',
          actions: { type: 'storeCommand', params: ({ event }) => ({ id: event.output }) },
        },
        onError: { target: 'valid', actions: 'markFailed' },
      },
    },
    queued: { type: 'final' },
  },
})
