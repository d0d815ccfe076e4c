import { msg } from '@lingui/core/macro'
import { errorCodes } from '../contract/codes'
import type { TripRef } from '../contract'
import { defineCommand } from './definition'

/** Spec section 8: a cancellation that failed. */
const cancellationError = msg({
  id: 'canceltrips.cancellation_error',
  message: 'An error occurred during cancellation',
})

/** The server's answer lists the trips it cancelled; one it left out could not be cancelled any more. */
function answerIncludes(answer: unknown, trip: TripRef): boolean {
  if (!Array.isArray(answer)) return true
  return answer.some((entry: Partial<TripRef> | null) => entry?.id === trip.id && entry.date === trip.date)
}

/** Cancel trips with one reason (spec section 5), from the detail screen or the cancel wizard. */
export const cancelCommand = defineCommand({
  type: 'trip.cancel',
  /** `passengerIds` lets the screens find the command per passenger; it is not sent. */
  payload: (contract) =>
    contract.cancelTripsRequest.extend({
      passengerIds: contract.id.array(),
      // With `following`: the series' later trips this device shows pending until the answer.
      followingShown: contract.tripRef.array().optional(),
    }),
  endpoint: 'cancelTrips',
  // A command queued before `source` existed has none, and the server judges it by the detail rule; one queued
  // before `reasonCode` (or by a screen that offers no reasons) has none, which the server reads as 'other'.
  request: ({ trips, reason, reasonCode, source, following }) => ({
    body: {
      trips,
      reason,
      ...(reasonCode ? { reasonCode } : {}),
      ...(source ? { source } : {}),
      ...(following ? { following } : {}),
    },
  }),
  trips: (payload) => [...payload.trips, ...(payload.following ? (payload.followingShown ?? []) : [])],
  affects: { trips: (answer) => (Array.isArray(answer) ? answer : []) },
  /**
   * Done when the trip has `cancelledAt`; an acknowledged cancellation whose answer leaves this trip out (a
   * wizard's partial result) did not cancel it, and is over too.
   */
  done: (trip, command) =>
    trip.cancelledAt !== null || (command.status === 'acked' && !answerIncludes(command.response, trip)),
  rejection: {
    title: cancellationError,
    notice: msg({ id: 'notice.cancel_rejected', message: 'The cancellation was not made. {reason}' }),
    byCode: { [errorCodes.tripNotCancellable]: cancellationError },
  },
})
