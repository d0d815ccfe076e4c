import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { matchRoute, routePattern, type StartPreloads } from '../../server/net/startPreloads'
import { createTestApp, testPort, type TestApp } from './support/app'
import { backends } from './support/database'

const host = (name: string) => `${name}:${testPort}`

const preloads: StartPreloads = {
  styles: ['assets/index-1.css'],
  entry: ['assets/index-1.js', 'assets/runtime-1.js'],
  routes: [
    { pattern: '/', files: ['assets/routes-1.js'] },
    { pattern: '/trips', files: ['assets/trips.index-1.js', 'assets/dateDisplay-1.js'] },
    { pattern: '/trips/$id/$date', files: ['assets/trips._id._date-1.js', 'assets/dateDisplay-1.js'] },
  ],
  signedIn: ['assets/userSession-1.js', 'assets/dateDisplay-1.js', 'assets/signedInShell-1.js'],
  syncWorker: ['assets/sync.worker-1.js', 'assets/syncService-1.js'],
  catalogs: {
    fi: {
      first: ['assets/fi-first.js'],
      screens: ['assets/fi-screens.js'],
      followUp: ['assets/fi-followUp.js'],
    },
    sv: {
      first: ['assets/sv-first.js'],
      screens: ['assets/sv-screens.js'],
      followUp: ['assets/sv-followUp.js'],
    },
    en: {
      first: ['assets/en-first.js'],
      screens: ['assets/en-screens.js'],
      followUp: ['assets/en-followUp.js'],
    },
  },
}

/** The chunks a `Link` header names beyond the entry's, which come first in every one. */
const linked = (header: string | string[] | number | undefined) => {
  if (typeof header !== 'string') return []
  const links = header.split(', ')
  expect(links.slice(0, 3)).toEqual([
    '</assets/index-1.css>; rel=preload; as=style; crossorigin',
    '</assets/index-1.js>; rel=modulepreload',
    '</assets/runtime-1.js>; rel=modulepreload',
  ])
  return links
    .slice(3)
    .map((link) => /^<([^>]+)>; rel=(modulepreload|prefetch)$/.exec(link)?.slice(1).join(' '))
}

describe('route patterns of the start preloads', () => {
  it('follows TanStack Router file names', () => {
    expect(routePattern('index')).toBe('/')
    expect(routePattern('_auth/trips.index')).toBe('/trips')
    expect(routePattern('_auth/trips.$id.$date')).toBe('/trips/$id/$date')
    expect(routePattern('_auth/transportationPermissions.$passengerId.$id')).toBe(
      '/transportationPermissions/$passengerId/$id',
    )
    expect(routePattern('accessibility-report-keusote')).toBe('/accessibility-report-keusote')
  })

  it('matches a path segment by segment, a static segment before a parameter', () => {
    const routes = [{ pattern: '/a/$x' }, { pattern: '/a/b' }, { pattern: '/' }]
    expect(matchRoute(routes, '/a/b')?.pattern).toBe('/a/b')
    expect(matchRoute(routes, '/a/c/')?.pattern).toBe('/a/$x')
    expect(matchRoute(routes, '/')?.pattern).toBe('/')
    expect(matchRoute(routes, '/a')).toBeNull()
    expect(matchRoute(routes, '/a/b/c')).toBeNull()
  })
})

// The portal's files do not touch the database: one backend is enough.
describe('the portal host names a screen start’s chunks', () => {
  let test: TestApp
  let dist: string

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'portal-dist-'))
    await mkdir(join(dist, 'assets'))
    const index = '<!doctype html><title>portal</title>'
    await writeFile(join(dist, 'index.html'), index)
    // The build's precompressed copies (sw/precompress.ts), which a browser asking for br or gzip gets.
    await writeFile(join(dist, 'index.html.br'), brotliCompressSync(index))
    await writeFile(join(dist, 'index.html.gz'), gzipSync(index))
    await writeFile(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})')
    await writeFile(join(dist, 'sw.js.br'), brotliCompressSync('self.addEventListener("fetch", () => {})'))
    await writeFile(join(dist, 'start-preloads.json'), JSON.stringify(preloads))
    test = await createTestApp(backends[0]!, { config: { staticDir: dist } })
  })
  afterAll(async () => {
    await test.close()
    await rm(dist, { recursive: true, force: true })
  })

  const navigate = (url: string, headers: Record<string, string> = {}) =>
    test.app.inject({ url, headers: { host: host('demo.localhost'), accept: 'text/html', ...headers } })

  it('links the screen’s chunks, for every encoding, with index.html still revalidated', async () => {
    for (const encoding of ['identity', 'br', 'gzip']) {
      const response = await navigate('/trips?lang=fi', { 'accept-encoding': encoding })
      expect(response.statusCode, encoding).toBe(200)
      expect(response.headers['cache-control'], encoding).toBe('no-cache')
      expect(linked(response.headers.link), encoding).toEqual([
        '/assets/fi-first.js modulepreload',
        '/assets/trips.index-1.js modulepreload',
        '/assets/dateDisplay-1.js modulepreload',
      ])
    }
    const sw = await test.app.inject({
      url: '/sw.js',
      headers: { host: host('demo.localhost'), 'accept-encoding': 'br' },
    })
    expect(sw.headers['content-encoding']).toBe('br')
    expect(sw.headers['cache-control']).toBe('no-cache')
  })

  it('links the catalog of the locale stored on the device before the browser’s language', async () => {
    const stored = await navigate('/trips', { cookie: 'portal_locale=en', 'accept-language': 'sv-FI' })
    expect(linked(stored.headers.link)[0]).toBe('/assets/en-first.js modulepreload')
    const query = await navigate('/trips?lang=fi', { cookie: 'portal_locale=en' })
    expect(linked(query.headers.link)[0]).toBe('/assets/fi-first.js modulepreload')
    const unknown = await navigate('/trips', { cookie: 'portal_locale=de', 'accept-language': 'sv-FI' })
    expect(linked(unknown.headers.link)[0]).toBe('/assets/sv-first.js modulepreload')
  })

  it('adds the signed-in start for a browser with a session, once each', async () => {
    const response = await navigate('/trips/abc/2026-11-21', {
      cookie: 'portal_session_demo=s',
      'accept-language': 'sv-FI,sv;q=0.9,en;q=0.8',
    })
    expect(linked(response.headers.link)).toEqual([
      '/assets/sv-first.js modulepreload',
      '/assets/trips._id._date-1.js modulepreload',
      '/assets/dateDisplay-1.js modulepreload',
      '/assets/sv-screens.js modulepreload',
      '/assets/userSession-1.js modulepreload',
      '/assets/signedInShell-1.js modulepreload',
      '/assets/sv-followUp.js modulepreload',
      '/assets/sync.worker-1.js prefetch',
      '/assets/syncService-1.js prefetch',
    ])
    // The follow-up screens' texts only on those screens.
    const home = await navigate('/', { cookie: 'portal_session_demo=s', 'accept-language': 'sv-FI' })
    expect(linked(home.headers.link)).toContain('/assets/sv-screens.js modulepreload')
    expect(linked(home.headers.link)).not.toContain('/assets/sv-followUp.js modulepreload')
    // Another tenant's session is not this one's.
    const other = await navigate('/trips', { cookie: 'portal_session_espoo=s' })
    expect(linked(other.headers.link)).not.toContain('/assets/userSession-1.js modulepreload')
  })

  it('matches under a tenant prefix, and the home page served as the folder’s index', async () => {
    const prefixed = await test.app.inject({
      url: '/demo/trips',
      headers: { host: host('localhost'), accept: 'text/html', 'accept-language': 'fi-FI' },
    })
    expect(linked(prefixed.headers.link)).toEqual([
      '/assets/fi-first.js modulepreload',
      '/assets/trips.index-1.js modulepreload',
      '/assets/dateDisplay-1.js modulepreload',
    ])
    const home = await navigate('/', { 'accept-language': 'en-GB' })
    expect(linked(home.headers.link)).toEqual([
      '/assets/en-first.js modulepreload',
      '/assets/routes-1.js modulepreload',
    ])
  })

  it('names nothing for a screen it does not know', async () => {
    const unknown = await navigate('/no/such/screen')
    expect(unknown.statusCode).toBe(200)
    expect(unknown.headers.link).toBeUndefined()
  })
})
