import { assign, fromPromise, not, setup } from 'xstate'
import type { CancelReasonCode, CancelTripsRequest, TripRef } from '../../src/contract/tripCommands'
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
 * A trip of a standing order may take its series' later trips with it (`following`).
 */

export interface CancelTripInput {
  trip: TripRef
  passengerId: string
  /**
   * The later trips of the trip's series this device knows (its two weeks), shown pending with it when the user
   * cancels the following ones too; null for a trip of no series, which offers no such choice.
   */
  laterInSeries: TripRef[] | null
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
}

export type CancelTripEvent =
  | { type: 'reason.change'; value: string }
  /** A one-tap reason, with its words as shown (sent as the reason when no text is written). */
  | { type: 'reason.code'; code: CancelReasonCode; words: string }
  | { type: 'reason.blur' }
  | { type: 'scope.change'; following: boolean }
  | { type: 'cancel.confirm' }

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
      event.type === 'scope.change' && context.laterInSeries !== null ? { following: event.following } : {},
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
  }),
  on: { 'scope.change': { actions: 'setScope' } },
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
        input: ({ context }): CancelTripPayload => ({
          trips: [context.trip],
          ...cancelReasonToSend(context.reason),
          passengerIds: [context.passengerId],
          ...(context.following ? { following: true, followingShown: context.laterInSeries ?? [] } : {}),
        }),
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
