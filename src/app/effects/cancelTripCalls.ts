import { fromPromise } from 'xstate'
import { cancelTripMachine } from '../../../machines/cancelTrip/cancelTrip.machine'
import { queueCancel } from '../data/commands'
import type { SessionStore } from '../session/session'

/**
 * The trip detail's cancel dialog machine (machines/cancelTrip/cancelTrip.machine.ts) with the real outbox: a
 * confirmed cancellation is queued as made on the detail screen.
 */
export function cancelTripWithEffects(sessions: SessionStore) {
  return cancelTripMachine.provide({
    actors: { queueCancel: fromPromise(({ input }) => queueCancel(sessions, 'detail', input)) },
  })
}
