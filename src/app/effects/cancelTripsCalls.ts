import { fromPromise } from 'xstate'
import {
  cancelTripsMachine,
  type CancelRequest,
  type DistantRequest,
} from '../../../machines/cancelTrips/cancelTrips.machine'
import type { Trip } from '../../contract/trip'
import { reachClient } from '../data/actions'
import { queueCancel } from '../data/commands'
import { authSettled } from '../session/authSettled'
import type { Platform } from '../platform'
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

/**
 * The chosen passengers' trips on the dates past the device's own, from the server (`distantRequest`): online
 * only, since nothing past the two weeks is stored here. Fails with the API client's error.
 */
export async function fetchDistantTrips(
  { api, auth }: Pick<Platform, 'api' | 'auth'>,
  request: DistantRequest,
): Promise<Trip[]> {
  await authSettled(auth)
  const client = await reachClient(api)
  const answers = await Promise.all(
    request.passengerIds.map((id) =>
      client.call('listTripsInDates', { params: { id }, query: { from: request.from, to: request.to } }),
    ),
  )
  return answers.flat()
}
