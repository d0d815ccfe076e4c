import { fromPromise } from 'xstate'
import { shareLinkMachine, type ShareWay } from '../../../machines/shareLink/shareLink.machine'
import type { TrackingLink, TrackingLinkRequest } from '../../contract/tracking'
import { reachClient } from '../data/actions'
import { authSettled } from '../session/authSettled'
import type { Platform } from '../platform'

/** The address an office opens: this portal's /track/{link}, with the tenant's path prefix. */
export function trackingUrl(platform: Pick<Platform, 'origin' | 'env'>, link: string): string {
  return `${platform.origin}${platform.env.pathPrefix}/track/${encodeURIComponent(link)}`
}

/**
 * Hands a URL on: the Web Share API's sheet where the device has one (a closed sheet is `dismissed`), else
 * the clipboard.
 */
export async function shareOrCopy(url: string, title: string): Promise<ShareWay> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url })
      return 'shared'
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'dismissed'
      throw error
    }
  }
  await navigator.clipboard.writeText(url)
  return 'copied'
}

/** The share link machine's calls over the platform (machines/shareLink/shareLink.machine.ts), straight to the API. */
export function shareLinkEffects(
  platform: Pick<Platform, 'api' | 'auth' | 'origin' | 'env'>,
  shareTitle: string,
): Parameters<typeof shareLinkMachine.provide>[0] {
  const client = () => authSettled(platform.auth).then(() => reachClient(platform.api))
  return {
    actors: {
      loadLink: fromPromise(async ({ input }: { input: TrackingLinkRequest }) =>
        (await client()).call('getTrackingLink', { query: input }),
      ),
      createLink: fromPromise(async ({ input }: { input: TrackingLinkRequest }) =>
        (await client()).call('createTrackingLink', { body: input }),
      ),
      shareLink: fromPromise(({ input }: { input: TrackingLink }) =>
        shareOrCopy(trackingUrl(platform, input.link), shareTitle),
      ),
      revokeLink: fromPromise(async ({ input }: { input: TrackingLink }) => {
        await (await client()).call('revokeTrackingLink', { params: { link: input.link } })
      }),
    },
  }
}

/** The share link machine with its calls provided, for the screen's `useMachine`. */
export function shareLinkWithEffects(
  platform: Pick<Platform, 'api' | 'auth' | 'origin' | 'env'>,
  shareTitle: string,
) {
  return shareLinkMachine.provide(shareLinkEffects(platform, shareTitle))
}
