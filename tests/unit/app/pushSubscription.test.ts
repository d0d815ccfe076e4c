import { afterEach, describe, expect, it, vi } from 'vitest'
import { refreshDevice, type PushCalls } from '../../../src/app/session/pushSubscription'
import { SessionStore, type UserSession } from '../../../src/app/session/session'
import { base64UrlBytes } from '../../../src/domain/notifications/pushSupport'
import type { Locale } from '../../../src/domain/locale'
import { freshDb } from '../outbox/harness'

const endpoint = 'https://push.example/send/abc'
const keys = { p256dh: 'P'.repeat(87), auth: 'A'.repeat(22) }
const serverKey = 'B'.repeat(87)
const oldKey = 'C'.repeat(87)

const subscriptionAt = (url: string, madeWith: string | null) => ({
  endpoint: url,
  options: { applicationServerKey: madeWith === null ? null : base64UrlBytes(madeWith).buffer },
  toJSON: () => ({ endpoint: url, keys }),
  unsubscribe: vi.fn(async () => true),
})

/**
 * A platform whose user has this device's subscription remembered in `stored`, and a browser that has one at
 * `current` made for `madeWith` (null: the browser does not say).
 */
async function setUp(
  locale: Locale,
  stored: Locale | null,
  current = endpoint,
  madeWith: string | null = serverKey,
) {
  const db = freshDb()
  if (stored) await db.savePushDevice({ id: 'd1', endpoint, locale: stored })
  const call = vi.fn(async (name: string) =>
    name === 'getVapidKey' ? { publicKey: serverKey } : { id: 'd2' },
  )
  const sessions = new SessionStore()
  sessions.setSession({ db, sync: { call } } as unknown as UserSession)
  const platform: PushCalls = {
    locale,
    sessions,
    auth: {
      view: () => ({ status: 'authenticated', userId: 'u', token: 't' }),
      send: vi.fn(),
      subscribe: () => () => {},
    },
  }
  const subscription = subscriptionAt(current, madeWith)
  const fresh = subscriptionAt('https://push.example/send/new', serverKey)
  let browserHas: ReturnType<typeof subscriptionAt> = subscription
  const subscribe = vi.fn(async () => (browserHas = fresh))
  vi.stubGlobal('navigator', {
    serviceWorker: {
      getRegistration: async () => ({ pushManager: { getSubscription: async () => browserHas, subscribe } }),
    },
  })
  return { platform, call, db, subscription, subscribe }
}

afterEach(() => vi.unstubAllGlobals())

const posts = (call: ReturnType<typeof vi.fn>) => call.mock.calls.filter(([name]) => name !== 'getVapidKey')

describe('keeping this device’s subscription as the server needs it', () => {
  it('posts the subscription in the new language after a change of it, and remembers it', async () => {
    const { platform, call, db } = await setUp('sv', 'fi')
    await refreshDevice(platform)
    expect(posts(call)).toEqual([['subscribePush', { body: { endpoint, keys, locale: 'sv' } }]])
    expect(await db.pushDevice()).toEqual({ id: 'd2', endpoint, locale: 'sv' })
  })

  it.each([
    ['the language and key are the same', 'fi', 'fi', endpoint, serverKey],
    ['the browser does not say which key it was made for', 'fi', 'fi', endpoint, null],
    ['this device is not on', 'sv', null, endpoint, oldKey],
    ['the browser has another subscription now', 'sv', 'fi', 'https://push.example/send/other', oldKey],
  ] as const)('posts nothing when %s', async (_, locale, stored, current, madeWith) => {
    const { platform, call, subscribe } = await setUp(locale, stored, current, madeWith)
    await refreshDevice(platform)
    expect(posts(call)).toEqual([])
    expect(subscribe).not.toHaveBeenCalled()
  })

  it('subscribes anew for the server’s new key, posts it, and removes the old one on the server', async () => {
    const { platform, call, db, subscription, subscribe } = await setUp('fi', 'fi', endpoint, oldKey)
    await refreshDevice(platform)
    expect(subscription.unsubscribe).toHaveBeenCalled()
    expect(subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: base64UrlBytes(serverKey),
    })
    const fresh = 'https://push.example/send/new'
    expect(posts(call)).toEqual([
      ['subscribePush', { body: { endpoint: fresh, keys, locale: 'fi' } }],
      ['unsubscribePush', { params: { id: 'd1' } }],
    ])
    expect(await db.pushDevice()).toEqual({ id: 'd2', endpoint: fresh, locale: 'fi' })
  })

  it('removes nothing on the server when the push service gave the same endpoint again', async () => {
    const { platform, call } = await setUp('fi', 'fi', endpoint, oldKey)
    call.mockImplementation(async (name: string) =>
      name === 'getVapidKey' ? { publicKey: serverKey } : { id: 'd1' },
    )
    await refreshDevice(platform)
    expect(posts(call).map(([name]) => name)).toEqual(['subscribePush'])
  })
})
