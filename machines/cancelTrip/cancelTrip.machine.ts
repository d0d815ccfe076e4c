import { assign, fromPromise, not, setup } from 'xstate'
import type { CancelTripsRequest, TripRef } from '../../src/contract/tripCommands'
import { isValidCancelReason } from '../../src/domain/trips/cancellation'

/**
 * The trip detail's cancel dialog: the reason is required and not blank (spec section 5), the cancel button
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
  reason: string
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
    setReason: assign(({ event }) =>
      event.type === 'reason.change' ? { reason: event.value, touched: true, failed: false } : {},
    ),
    touch: assign({ touched: true }),
    setScope: assign(({ context, event }) =>
      event.type === 'scope.change' && context.laterInSeries !== null ? { following: event.following } : {},
    ),
    storeCommand: assign((_, params: { id: string }) => ({ commandId: params.id })),
    markFailed: assign({ failed: true }),
  },
  guards: {
    reasonValid: ({ context }) => isValidCancelReason(context.reason),
  },
}).createMachine({
  id: 'cancelTrip',
  initial: 'editing',
  context: ({ input }) => ({
    ...input,
    reason: '',
    touched: false,
    commandId: null,
    failed: false,
    following: false,
  }),
  on: { 'scope.change': { actions: 'setScope' } },
  states: {
    editing: {
      always: { guard: 'reasonValid', target: 'valid' },
      on: { 'reason.change': { actions: 'setReason' }, 'reason.blur': { actions: 'touch' } },
    },
    valid: {
      always: { guard: not('reasonValid'), target: 'editing' },
      on: {
        'reason.change': { actions: 'setReason' },
        'reason.blur': { actions: 'touch' },
        'cancel.confirm': 'queueing',
      },
    },
    queueing: {
      invoke: {
        src: 'queueCancel',
        input: ({ context }): CancelTripPayload => ({
          trips: [context.trip],
          reason: context.reason.trim(),
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
