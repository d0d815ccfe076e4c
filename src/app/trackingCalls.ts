import { fromPromise } from 'xstate'
import type { trackingMachine } from '../../machines/tracking.machine'
import type { TripStatusRequest } from '../contract/tripCommands'
import { reachClient } from './actions'
import { authSettled } from './authSettled'
import type { Platform } from './platform'

/**
 * The tracking machine's effect over the platform (machines/tracking.machine.ts): `POST api/trip/status`
 * straight to the API, never queued. It fails with the API client's ApiRequestError (status 0 when offline),
 * which the machine keeps as a failed poll.
 */
export function trackingEffects({
  api,
  auth,
}: Pick<Platform, 'api' | 'auth'>): Parameters<typeof trackingMachine.provide>[0] {
  const client = () => authSettled(auth).then(() => reachClient(api))
  return {
    actors: {
      fetchStatus: fromPromise(async ({ input }: { input: TripStatusRequest }) =>
        (await client()).call('tripStatus', { body: input }),
      ),
    },
  }
}
