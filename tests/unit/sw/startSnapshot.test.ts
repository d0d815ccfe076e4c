import { describe, expect, it } from 'vitest'
import {
  snapshotKey,
  startSnapshotCache,
  type StartSnapshot,
} from '../../../src/domain/startSnapshot/snapshot'
import { withStartSnapshot } from '../../../sw/startSnapshot'

const shell = `<!doctype html>
<html lang="fi">
  <head><script type="module" crossorigin src="/assets/index-A1.js"></script></head>
  <body>
    <div id="root"><div class="spinner"></div></div>
    <noscript>JavaScript</noscript>
  </body>
</html>`

const snapshot: StartSnapshot = {
  html: '<main>Aino 08:15</main>',
  lang: 'fi',
  className: 'theme-demo',
  style: '',
  release: ['/assets/index-A1.js'],
  validUntil: 1_000,
  tenantId: 'demo',
  userId: 'u1',
  locale: 'fi',
  day: '2026-12-07',
}

/** Cache Storage over a map, as much of it as the worker uses. */
function cacheStorage(entries: Record<string, unknown>) {
  const stored = new Map(Object.entries(entries).map(([key, value]) => [key, JSON.stringify(value)]))
  const cache = {
    match: async (key: string) => (stored.has(key) ? new Response(stored.get(key)) : undefined),
    delete: async (key: string) => stored.delete(key),
  }
  const storage = {
    open: async (name: string) => {
      expect(name).toBe(startSnapshotCache)
      return cache
    },
  } as unknown as CacheStorage
  return { storage, stored }
}

const shellResponse = () =>
  new Response(shell, {
    headers: {
      'content-type': 'text/html',
      'content-encoding': 'br',
      'content-security-policy': "default-src 'self'",
    },
  })

const key = snapshotKey('https://demo.example', '/trips')

describe('the service worker’s start snapshot', () => {
  it('paints a valid one into the trips screen’s shell, keeping its headers but the encoding', async () => {
    const { storage } = cacheStorage({ [key]: snapshot })
    const response = await withStartSnapshot(
      shellResponse(),
      new URL('https://demo.example/trips'),
      storage,
      999,
    )
    expect(await response.text()).toContain(
      '<div inert aria-busy="true" data-start-snapshot><main>Aino 08:15</main>',
    )
    expect(response.headers.get('content-security-policy')).toBe("default-src 'self'")
    expect(response.headers.get('content-encoding')).toBeNull()
  })

  it('deletes one past its time and serves the shell as it is', async () => {
    const { storage, stored } = cacheStorage({ [key]: snapshot })
    const response = await withStartSnapshot(
      shellResponse(),
      new URL('https://demo.example/trips'),
      storage,
      1_000,
    )
    expect(await response.text()).toBe(shell)
    expect(stored.has(key)).toBe(false)
  })

  it('deletes one of another build', async () => {
    const { storage, stored } = cacheStorage({ [key]: { ...snapshot, release: ['/assets/index-Z9.js'] } })
    const response = await withStartSnapshot(
      shellResponse(),
      new URL('https://demo.example/trips'),
      storage,
      0,
    )
    expect(await response.text()).toBe(shell)
    expect(stored.has(key)).toBe(false)
  })

  it.each(['https://demo.example/trips?date=2026-12-08', 'https://demo.example/passengers'])(
    'leaves %s as it is',
    async (url) => {
      const { storage, stored } = cacheStorage({ [key]: snapshot })
      const response = await withStartSnapshot(shellResponse(), new URL(url), storage, 0)
      expect(await response.text()).toBe(shell)
      expect(stored.has(key)).toBe(true)
    },
  )
})
