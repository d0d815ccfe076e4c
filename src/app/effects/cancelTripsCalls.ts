import { fromPromise } from 'xstate'
import { cancelTripsMachine, type CancelRequest } from '../../../machines/cancelTrips/cancelTrips.machine'
import { queueCancel } from '../data/commands'
import type { SessionStore } from '../session/session'

/**
 * The cancel wizard's machine (machines/cancelTrips/cancelTrips.machine.ts) with the outbox as its `queueCancel`,
 * queued as made in the wizard; `focusError` is the screen's, called when a step refuses Next.
 */
export function cancelTripsWithEffects(sessions: SessionStore, focusError: () => void) {
  return cancelTripsMachine.provide({
    actors: {
      queueCancel: fromPromise<string, CancelRequest>(({ input }) => queueCancel(sessions, 'wizard', input)),
    },
    actions: { focusError: () => focusError() },
  })
}
