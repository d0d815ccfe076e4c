import { fromPromise } from 'xstate'
import { calendarFeedMachine } from '../../../machines/calendarFeed/calendarFeed.machine'
import { sessionClient, type SessionCalls } from '../session/sessionClient'

/**
 * The calendar feed machine's calls over the platform (machines/calendarFeed/calendarFeed.machine.ts), straight to the API
 * (through the sync worker).
 */
export function calendarFeedEffects(
  platform: SessionCalls,
): Parameters<typeof calendarFeedMachine.provide>[0] {
  const client = () => sessionClient(platform)
  return {
    actors: {
      loadFeed: fromPromise(async () => (await client()).call('getCalendarFeed', {})),
      renewFeed: fromPromise(async () => (await client()).call('renewCalendarFeed', {})),
      copyUrl: fromPromise(({ input }: { input: string }) => navigator.clipboard.writeText(input)),
    },
  }
}

/** The calendar feed machine with its calls provided, for the screen's `useMachine`. */
export function calendarFeedWithEffects(platform: SessionCalls) {
  return calendarFeedMachine.provide(calendarFeedEffects(platform))
}
