import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ApiClient } from '../../../src/api/client'
import { repostInLocale, type PushCalls } from '../../../src/app/pushSubscription'
import { SessionStore, type UserSession } from '../../../src/app/session'
import type { Locale } from '../../../src/domain/locale'
import { freshDb } from '../outbox/harness'

const endpoint = 'https://push.example/send/abc'
const keys = { p256dh: 'P'.repeat(87), auth: 'A'.repeat(22) }

/** A platform whose user has this device's subscription remembered in `stored`, and a browser that has `current`. */
async function setUp(locale: Locale, stored: Locale | null, current = endpoint) {
  const db = freshDb()
  if (stored) await db.savePushDevice({ id: 'd1', endpoint, locale: stored })
  const sessions = new SessionStore()
  sessions.setSession({ db } as unknown as UserSession)
  const call = vi.fn(async () => ({ id: 'd1' }))
  const platform: PushCalls = {
    locale,
    sessions,
    auth: {
      view: () => ({ status: 'authenticated', userId: 'u', token: 't' }),
      send: vi.fn(),
      subscribe: () => () => {},
    },
    api: () => Promise.resolve({ call } as unknown as ApiClient),
  }
  const subscription = { endpoint: current, toJSON: () => ({ endpoint: current, keys }) }
  vi.stubGlobal('navigator', {
    serviceWorker: {
      getRegistration: async () => ({ pushManager: { getSubscription: async () => subscription } }),
    },
  })
  return { platform, call, db }
}

afterEach(() => vi.unstubAllGlobals())

describe('posting this device again after a change of language', () => {
  it('posts the subscription in the new language and remembers it', async () => {
    const { platform, call, db } = await setUp('sv', 'fi')
    await repostInLocale(platform)
    expect(call).toHaveBeenCalledWith('subscribePush', { body: { endpoint, keys, locale: 'sv' } })
    expect(await db.pushDevice()).toEqual({ id: 'd1', endpoint, locale: 'sv' })
  })

  it.each([
    ['the language is the same', 'fi', 'fi', endpoint],
    ['this device is not on', 'sv', null, endpoint],
    ['the browser has another subscription now', 'sv', 'fi', 'https://push.example/send/other'],
  ] as const)('does nothing when %s', async (_, locale, stored, current) => {
    const { platform, call } = await setUp(locale, stored, current)
    await repostInLocale(platform)
    expect(call).not.toHaveBeenCalled()
  })
})
