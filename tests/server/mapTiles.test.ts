import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PMTiles, type Source } from 'pmtiles'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mapConfigFrom } from '../../server/config/mapConfig'
import { regions } from '../../server/demo/regions'
import { mapTilesPath } from '../../src/contract/map'
import { archiveZooms, buildTestArchive, testArchiveAttribution } from '../support/pmtilesArchive'
import { createTestApp, testPort, type TestApp } from './support/app'
import { backends } from './support/database'

/** No table is read: the embedded database is enough. */
const [embedded] = backends.filter((backend) => backend.databaseUrl === null)
const host = `localhost:${testPort}`
const turku = regions.helpbus

describe('the map tile archive (MAP_TILES_PATH)', () => {
  const folder = mkdtempSync(join(tmpdir(), 'map-tiles-'))
  const archive = buildTestArchive([turku])
  const archivePath = join(folder, 'finland.pmtiles')
  writeFileSync(archivePath, archive)
  let served: TestApp
  let plain: TestApp
  beforeAll(async () => {
    served = await createTestApp(embedded!, { config: mapConfigFrom({ MAP_TILES_PATH: archivePath }) })
    plain = await createTestApp(embedded!)
  })
  afterAll(async () => {
    await served?.close()
    await plain?.close()
    rmSync(folder, { recursive: true, force: true })
  })

  const get = (test: TestApp, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    test.app.inject({ method, url: mapTilesPath, headers: { host, ...headers } })

  it('checks the path at start: a missing file or one that is not a PMTiles v3 archive stops the server', () => {
    expect(mapConfigFrom({ MAP_TILES_PATH: archivePath }).mapTilesPath).toBe(archivePath)
    expect(mapConfigFrom({}).mapTilesPath).toBeNull()
    expect(() => mapConfigFrom({ MAP_TILES_PATH: join(folder, 'none.pmtiles') })).toThrow(/must name a file/)
    expect(() => mapConfigFrom({ MAP_TILES_PATH: folder })).toThrow(/must name a file/)
    const notAnArchive = join(folder, 'style.json')
    writeFileSync(notAnArchive, '{"version": 8}')
    expect(() => mapConfigFrom({ MAP_TILES_PATH: notAnArchive })).toThrow(/PMTiles version 3/)
  })

  it('tells the map settings whether the archive is there', async () => {
    const settings = (test: TestApp) => test.app.inject({ url: '/api/map/settings', headers: { host } })
    expect((await settings(served)).json()).toEqual({ styleUrl: null, tiles: true })
    expect((await settings(plain)).json()).toEqual({ styleUrl: null, tiles: false })
  })

  it('serves the whole file uncompressed, with what a cache needs to revalidate it', async () => {
    const response = await get(served, { 'accept-encoding': 'br, gzip' })
    expect(response.statusCode).toBe(200)
    expect(response.rawPayload.equals(archive)).toBe(true)
    expect(response.headers['content-encoding']).toBeUndefined()
    expect(response.headers['accept-ranges']).toBe('bytes')
    expect(response.headers['content-type']).toBe('application/vnd.pmtiles')
    expect(response.headers['cache-control']).toBe('public, max-age=3600, no-transform')
    expect(response.headers.etag).toMatch(/^W\/".+"$/)
    expect(response.headers['last-modified']).toBeDefined()
    expect(response.headers['content-security-policy']).toContain("connect-src 'self';")
  })

  it('answers a byte range with 206 and exactly those bytes, however the client asks to compress', async () => {
    const header = await get(served, { range: 'bytes=0-126', 'accept-encoding': 'gzip' })
    expect(header.statusCode).toBe(206)
    expect(header.headers['content-range']).toBe(`bytes 0-126/${archive.length}`)
    expect(header.headers['content-length']).toBe('127')
    expect(header.headers['content-encoding']).toBeUndefined()
    expect(header.rawPayload.equals(archive.subarray(0, 127))).toBe(true)

    const middle = await get(served, { range: 'bytes=1000-1499' })
    expect(middle.statusCode).toBe(206)
    expect(middle.rawPayload.equals(archive.subarray(1000, 1500))).toBe(true)
    const tail = await get(served, { range: 'bytes=-10' })
    expect(tail.rawPayload.equals(archive.subarray(archive.length - 10))).toBe(true)
  })

  it('refuses a range outside the file with 416, its size and the error shape', async () => {
    const response = await get(served, { range: `bytes=${archive.length}-${archive.length + 10}` })
    expect(response.statusCode).toBe(416)
    expect(response.headers['content-range']).toBe(`bytes */${archive.length}`)
    expect(response.json()).toMatchObject({ statusCode: 416, code: 'range_not_satisfiable' })
  })

  it('answers HEAD with the length and no body, and 304 to a copy it still matches', async () => {
    const head = await get(served, {}, 'HEAD')
    expect(head.statusCode).toBe(200)
    expect(head.headers['content-length']).toBe(String(archive.length))
    expect(head.rawPayload.length).toBe(0)

    const { etag, 'last-modified': lastModified } = head.headers
    expect((await get(served, { 'if-none-match': String(etag) })).statusCode).toBe(304)
    expect((await get(served, { 'if-modified-since': String(lastModified) })).statusCode).toBe(304)
    // A copy of another archive is sent again.
    expect((await get(served, { 'if-none-match': 'W/"another"' })).statusCode).toBe(200)
  })

  it('answers 404 in the error shape where no archive is configured', async () => {
    const response = await get(plain)
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ statusCode: 404, code: 'not_found' })
  })

  it('is read by the pmtiles reader the browser uses: the metadata and a street tile at the demo', async () => {
    // The browser's FetchSource asks for byte ranges as this does; the answers come from the route.
    const source: Source = {
      getKey: () => mapTilesPath,
      getBytes: async (offset, length) => {
        const response = await get(served, { range: `bytes=${offset}-${offset + length - 1}` })
        expect(response.statusCode).toBe(206)
        const bytes = response.rawPayload
        return { data: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer }
      },
    }
    const reader = new PMTiles(source)
    const header = await reader.getHeader()
    expect([header.minZoom, header.maxZoom]).toEqual([archiveZooms.min, archiveZooms.max])
    expect(await reader.getMetadata()).toMatchObject({ attribution: testArchiveAttribution })
    const z = archiveZooms.max
    const x = Math.floor(((turku.longitude + 180) / 360) * 2 ** z)
    const rad = (turku.latitude * Math.PI) / 180
    const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * 2 ** z)
    const tile = await reader.getZxy(z, x, y)
    // A vector tile names its layers in plain text: the basemap style's, as the archive was drawn.
    const layers = Buffer.from(tile!.data).toString('latin1')
    for (const name of ['earth', 'water', 'roads', 'buildings']) expect(layers).toContain(name)
    // Outside the archive's area there is no tile.
    expect(await reader.getZxy(z, 0, 0)).toBeUndefined()
  })
})
