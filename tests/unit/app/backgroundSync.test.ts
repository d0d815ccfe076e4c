import { afterEach, describe, expect, it, vi } from 'vitest'
import { requestBackgroundSync } from '../../../src/app/browser/backgroundSync'
import { outboxSyncTag } from '../../../src/db/names'

/** A navigator with a service worker registration whose Background Sync records the tags registered. */
function navigatorWith(options: { controller: boolean; sync?: boolean; refuse?: boolean }) {
  const tags: string[] = []
  const sync = {
    register: vi.fn(async (tag: string) => {
      if (options.refuse) throw new DOMException('Permission denied', 'NotAllowedError')
      tags.push(tag)
    }),
  }
  const registration = options.sync === false ? {} : { sync }
  vi.stubGlobal('navigator', {
    serviceWorker: { controller: options.controller ? {} : null, ready: Promise.resolve(registration) },
  })
  return { tags, sync }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('requestBackgroundSync', () => {
  it('registers the outbox tag with the controlling service worker', async () => {
    const { tags } = navigatorWith({ controller: true })
    await requestBackgroundSync()
    expect(tags).toEqual([outboxSyncTag])
    expect(outboxSyncTag).toBe('outbox')
  })

  it('does nothing on a page no service worker controls', async () => {
    const { sync } = navigatorWith({ controller: false })
    await requestBackgroundSync()
    expect(sync.register).not.toHaveBeenCalled()
  })

  it('resolves quietly where Background Sync is missing or refused, leaving the tab’s worker to replay', async () => {
    navigatorWith({ controller: true, sync: false })
    await expect(requestBackgroundSync()).resolves.toBeUndefined()
    const { sync } = navigatorWith({ controller: true, refuse: true })
    await expect(requestBackgroundSync()).resolves.toBeUndefined()
    expect(sync.register).toHaveBeenCalledWith(outboxSyncTag)
  })

  it('does nothing in a browser without service workers', async () => {
    vi.stubGlobal('navigator', {})
    await expect(requestBackgroundSync()).resolves.toBeUndefined()
  })
})
