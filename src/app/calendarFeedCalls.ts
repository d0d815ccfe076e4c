import { fromPromise } from 'xstate'
import type { calendarFeedMachine } from '../../machines/calendarFeed.machine'
import { reachClient } from './actions'
import { authSettled } from './authSettled'
import type { Platform } from './platform'

/** The calendar feed machine's calls over the platform (machines/calendarFeed.machine.ts), straight to the API. */
export function calendarFeedEffects(
  platform: Pick<Platform, 'api' | 'auth'>,
): Parameters<typeof calendarFeedMachine.provide>[0] {
  const client = () => authSettled(platform.auth).then(() => reachClient(platform.api))
  return {
    actors: {
      loadFeed: fromPromise(async () => (await client()).call('getCalendarFeed', {})),
      renewFeed: fromPromise(async () => (await client()).call('renewCalendarFeed', {})),
      copyUrl: fromPromise(({ input }: { input: string }) => navigator.clipboard.writeText(input)),
    },
  }
}
