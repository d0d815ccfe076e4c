import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config/config'
import { mapConfigFrom } from '../../server/config/mapConfig'
import { createTestApp, testPort, type TestApp } from './support/app'
import { backends } from './support/database'

const base = { PORT: String(testPort), STATIC_DIR: 'none', PGLITE_DIR: 'memory', DEMO: 'true' }

describe('map configuration (MAP_STYLE_URL, MAP_ORIGINS)', () => {
  it('draws the basemap shipped with the portal and adds no origin when unset', () => {
    expect(mapConfigFrom({})).toEqual({ mapStyleUrl: null, mapOrigins: [], mapTilesPath: null })
  })

  it('takes the style URL and allows its origin and the extra ones, each once', () => {
    const config = loadConfig({
      ...base,
      MAP_STYLE_URL: 'https://tiles.example.fi/styles/streets.json?key=abc',
      MAP_ORIGINS: 'https://cdn.example.fi/fonts, https://tiles.example.fi',
    })
    expect(config.mapStyleUrl).toBe('https://tiles.example.fi/styles/streets.json?key=abc')
    expect(config.mapOrigins).toEqual(['https://tiles.example.fi', 'https://cdn.example.fi'])
  })

  it('stops the server at start on a style that is not https, or origins without a style', () => {
    expect(() => mapConfigFrom({ MAP_STYLE_URL: 'http://tiles.example.fi/style.json' })).toThrow(/https/)
    expect(() => mapConfigFrom({ MAP_STYLE_URL: 'tiles.example.fi' })).toThrow(/https/)
    expect(() => mapConfigFrom({ MAP_ORIGINS: 'https://tiles.example.fi' })).toThrow(/MAP_STYLE_URL/)
    expect(mapConfigFrom({ MAP_STYLE_URL: 'http://localhost:8081/style.json' }).mapOrigins).toEqual([
      'http://localhost:8081',
    ])
  })
})

describe.each(backends)('GET api/map/settings and the policy ($name)', (backend) => {
  let plain: TestApp
  let configured: TestApp
  beforeAll(async () => {
    plain = await createTestApp(backend)
    configured = await createTestApp(backend, {
      config: mapConfigFrom({
        MAP_STYLE_URL: 'https://tiles.example.fi/styles/streets.json',
        MAP_ORIGINS: 'https://glyphs.example.fi',
      }),
    })
  })
  afterAll(async () => {
    await plain?.close()
    await configured?.close()
  })

  const get = (test: TestApp) =>
    test.app.inject({ url: '/api/map/settings', headers: { host: `localhost:${testPort}` } })

  it('answers null with the default policy when no style is configured', async () => {
    const response = await get(plain)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ styleUrl: null, tiles: false })
    expect(response.headers['content-security-policy']).toContain("connect-src 'self';")
    expect(response.headers['content-security-policy']).not.toContain('example.fi')
  })

  it('answers the configured style and allows only its hosts, for connections and images', async () => {
    const response = await get(configured)
    expect(response.json()).toEqual({
      styleUrl: 'https://tiles.example.fi/styles/streets.json',
      tiles: false,
    })
    const policy = String(response.headers['content-security-policy'])
    const directive = (name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `))
    expect(directive('connect-src')).toBe(
      "connect-src 'self' https://tiles.example.fi https://glyphs.example.fi",
    )
    expect(directive('img-src')).toBe(
      "img-src 'self' data: blob: https://tiles.example.fi https://glyphs.example.fi",
    )
    expect(directive('script-src')).toBe("script-src 'self'")
    expect(directive('default-src')).toBe("default-src 'self'")
  })
})
