import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Passenger } from '../../src/contract/passenger'
import { precompress } from '../../sw/precompress'
import { api, createTestApp, testPort, tokenFor, type TestApp } from './support/app'
import { backends } from './support/database'
import { createHeldEndpoint, heldPath } from './support/heldEndpoint'

const espoo = `espoo.localhost:${testPort}`
/** Large enough to be worth compressing, like a built chunk. */
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, label: 'row ${i}' }`).join(', ')}]\n`

function decoded(response: LightMyRequestResponse): Buffer {
  const encoding = response.headers['content-encoding']
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload)
  if (encoding === 'gzip') return gunzipSync(response.rawPayload)
  return response.rawPayload
}

const varies = (response: LightMyRequestResponse) =>
  String(response.headers.vary ?? '')
    .toLowerCase()
    .split(/,\s*/)
    .includes('accept-encoding')

describe.each(backends)('compressed answers on $name', (backend) => {
  let test: TestApp
  let dist: string
  const held = createHeldEndpoint()
  let guardian: string

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'portal-dist-'))
    await mkdir(join(dist, 'assets'))
    await writeFile(
      join(dist, 'index.html'),
      `<!doctype html><title>portal</title><!-- ${'x'.repeat(2000)} -->`,
    )
    await writeFile(join(dist, 'assets', 'index-abc123.js'), script)
    await precompress(dist, ['index.html', 'assets/index-abc123.js'])
    test = await createTestApp(backend, { seed: ['espoo'], config: { staticDir: dist } })
    held.register(test.app, test.db)
    guardian = await tokenFor(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
  })
  afterAll(async () => {
    await test.close()
    await rm(dist, { recursive: true, force: true })
  })

  const asset = (acceptEncoding: string | null, extra: Record<string, string> = {}) =>
    test.app.inject({
      url: '/assets/index-abc123.js',
      headers: { host: espoo, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...extra },
    })

  it('serves the build’s brotli copy of an asset to a browser that accepts it, gzip to one that accepts only gzip', async () => {
    const original = await readFile(join(dist, 'assets', 'index-abc123.js'))
    const br = await asset('gzip, deflate, br')
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(varies(br)).toBe(true)
    expect(br.rawPayload.equals(await readFile(join(dist, 'assets', 'index-abc123.js.br')))).toBe(true)
    expect(decoded(br).equals(original)).toBe(true)
    expect(br.headers['content-type']).toMatch(/javascript/)
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')

    const gzip = await asset('gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(varies(gzip)).toBe(true)
    expect(decoded(gzip).equals(original)).toBe(true)

    const plain = await asset(null)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.rawPayload.equals(original)).toBe(true)
  })

  it('answers a revalidation of a compressed asset with 304', async () => {
    const first = await asset('br')
    const etag = first.headers.etag
    expect(etag).toBeTruthy()
    const again = await asset('br', { 'if-none-match': String(etag) })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)
  })

  it('serves the shell of a client route compressed', async () => {
    const response = await test.app.inject({
      url: '/trips',
      headers: { host: espoo, 'accept-encoding': 'br' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBe('br')
    expect(decoded(response).toString()).toContain('<title>portal</title>')
  })

  it('compresses an API answer above 1 KB with the encoding the client prefers, and not a small one', async () => {
    const passengers = await api(test.app, 'espoo', guardian, { url: '/api/passenger' })
    const passenger = passengers.json<Passenger[]>()[0]!
    const url = `/api/passenger/${passenger.id}/trips`
    const plain = await api(test.app, 'espoo', guardian, { url })
    expect(plain.rawPayload.length).toBeGreaterThan(1024)
    expect(plain.headers['content-encoding']).toBeUndefined()

    for (const encoding of ['br', 'gzip']) {
      const response = await api(test.app, 'espoo', guardian, {
        url,
        headers: { 'accept-encoding': encoding },
      })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-encoding']).toBe(encoding)
      expect(varies(response)).toBe(true)
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length)
      expect(decoded(response).equals(plain.rawPayload)).toBe(true)
    }

    const small = await test.app.inject({
      url: '/api/auth/access_token',
      headers: { host: espoo, 'accept-encoding': 'br' },
    })
    expect(small.rawPayload.length).toBeLessThan(1024)
    expect(small.headers['content-encoding']).toBeUndefined()
  })

  it('stores the uncompressed answer of an idempotent call, so a compressed replay carries the same bytes', async () => {
    const key = `compressed-${Date.now()}`
    const call = () =>
      api(test.app, 'espoo', guardian, {
        method: 'POST',
        url: heldPath,
        payload: { text: 'y'.repeat(4000) },
        headers: { 'idempotency-key': key, 'accept-encoding': 'br' },
      })
    const first = await call()
    expect(first.statusCode).toBe(200)
    expect(first.headers['content-encoding']).toBe('br')
    const replay = await call()
    expect(replay.statusCode).toBe(200)
    expect(replay.headers['idempotent-replayed']).toBe('true')
    expect(replay.headers['content-encoding']).toBe('br')
    expect(decoded(replay).equals(decoded(first))).toBe(true)
    expect(held.runs).toBe(1)
  })
})
