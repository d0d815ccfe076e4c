import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentSecurityPolicy } from '../../server/plugins/securityHeaders'
import { createTestApp, testPort, type TestApp } from './support/app'
import { backends } from './support/database'

const host = (name: string) => `${name}:${testPort}`

describe.each(backends)('tenant resolution and the portal host on $name', (backend) => {
  let test: TestApp
  let dist: string

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'portal-dist-'))
    await mkdir(join(dist, 'assets'))
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>portal</title>')
    await writeFile(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})')
    await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)')
    await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
    test = await createTestApp(backend, {
      config: {
        staticDir: dist,
        extraHosts: { 'kyyti.staging.example.fi': 'meneva' },
        devHosts: ['portal.dev.example.fi', 'staging.example.fi'],
      },
    })
  })
  afterAll(async () => {
    await test.close()
    await rm(dist, { recursive: true, force: true })
  })

  const manifest = async (url: string, headers: Record<string, string>) => {
    const response = await test.app.inject({ url, headers })
    expect(response.statusCode).toBe(200)
    return response.json() as { name: string; start_url: string; scope: string }
  }

  it('takes the tenant from a .localhost host name', async () => {
    expect((await manifest('/manifest.webmanifest', { host: host('espoo.localhost') })).name).toBe(
      'Espoon asiointiliikenne',
    )
  })

  it('takes the tenant from a production or configured host name', async () => {
    expect((await manifest('/manifest.webmanifest', { host: 'helpbus.matkaportaali.fi' })).name).toBe(
      'Helpbus',
    )
    expect((await manifest('/manifest.webmanifest', { host: 'kyyti.staging.example.fi' })).name).toBe(
      'Meneva',
    )
  })

  it('takes the tenant from the X-Tenant header when the host names none', async () => {
    expect(
      (await manifest('/manifest.webmanifest', { host: host('localhost'), 'x-tenant': 'lapha' })).name,
    ).toBe('Lapha')
  })

  it('takes the tenant from a path prefix on local hosts and strips it', async () => {
    const espoo = await manifest('/espoo/manifest.webmanifest', { host: host('localhost') })
    expect(espoo).toMatchObject({
      name: 'Espoon asiointiliikenne',
      start_url: '/espoo/trips',
      scope: '/espoo/',
    })
    const login = await test.app.inject({
      url: '/fimlab/login?locale=fi',
      headers: { host: host('127.0.0.1') },
    })
    expect(login.body).toContain('Fimlab')
    expect(login.body).toContain('action="/fimlab/login"')
  })

  it('takes the path prefix on the dev and staging hosts it is configured with too, and strips it', async () => {
    const dev = await manifest('/espoo/manifest.webmanifest', { host: 'portal.dev.example.fi' })
    expect(dev).toMatchObject({ name: 'Espoon asiointiliikenne', start_url: '/espoo/trips' })
    const login = await test.app.inject({ url: '/fimlab/login', headers: { host: 'staging.example.fi' } })
    expect(login.statusCode).toBe(200)
    expect(login.body).toContain('action="/fimlab/login"')
  })

  it('keeps a production host to its own tenant: a path prefix naming another is a clear 400', async () => {
    const response = await test.app.inject({
      url: '/espoo/manifest.webmanifest',
      headers: { host: 'helpbus.matkaportaali.fi' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'tenant_mismatch' })
  })

  it('uses the default tenant on a bare local host', async () => {
    expect(await manifest('/manifest.webmanifest', { host: host('localhost') })).toMatchObject({
      name: 'Matkaportaali',
      scope: '/',
      start_url: '/trips',
    })
  })

  it('answers an unknown tenant with a clear 404: JSON for the API, a page for browsers', async () => {
    const apiCall = await test.app.inject({
      url: '/api/passenger',
      headers: { host: host('nobody.localhost') },
    })
    expect(apiCall.statusCode).toBe(404)
    expect(apiCall.json()).toMatchObject({ statusCode: 404, code: 'unknown_tenant' })
    expect(apiCall.json().message).toContain('nobody')

    const header = await test.app.inject({
      url: '/api/account',
      headers: { host: host('localhost'), 'x-tenant': 'x' },
    })
    expect(header.json()).toMatchObject({ statusCode: 404, code: 'unknown_tenant' })

    const page = await test.app.inject({ url: '/?lang=fi', headers: { host: 'portal.example.org' } })
    expect(page.statusCode).toBe(404)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.body).toContain('<html lang="fi">')
    expect(page.body).toContain('portal.example.org')
  })

  it('serves the manifest with theme colours, starting on the trips, and generated icons per tenant', async () => {
    const response = await test.app.inject({
      url: '/manifest.webmanifest',
      headers: { host: host('espoo.localhost') },
    })
    expect(response.headers['content-type']).toContain('application/manifest+json')
    expect(response.json()).toMatchObject({
      display: 'standalone',
      theme_color: '#00587c',
      start_url: '/trips',
      icons: [
        { src: '/tenant-icon/espoo-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/tenant-icon/espoo-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        {
          src: '/tenant-icon/espoo-maskable-192.png',
          sizes: '192x192',
          type: 'image/png',
          purpose: 'maskable',
        },
        {
          src: '/tenant-icon/espoo-maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
        { src: '/tenant-icon/espoo.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      ],
    })
    const icon = await test.app.inject({
      url: '/tenant-icon/espoo.svg',
      headers: { host: host('localhost') },
    })
    expect(icon.headers['content-type']).toContain('image/svg+xml')
    expect(icon.body).toContain('fill="#00587c"')
    expect(icon.body).toContain('stroke="#ffffff"')
    for (const unknown of [
      'nobody.svg',
      'nobody-192.png',
      'espoo-64.png',
      'espoo-maskable.png',
      'espoo-192.gif',
    ]) {
      const response = await test.app.inject({
        url: `/tenant-icon/${unknown}`,
        headers: { host: host('localhost') },
      })
      expect(response.statusCode, unknown).toBe(404)
    }
  })

  it.each([
    ['espoo-192.png', 192],
    ['espoo-512.png', 512],
    ['espoo-maskable-192.png', 192],
    ['espoo-maskable-512.png', 512],
    ['tatkela-maskable-180.png', 180],
  ])('serves the icon %s as a PNG of %i px', async (file, size) => {
    const response = await test.app.inject({
      url: `/tenant-icon/${file}`,
      headers: { host: host('localhost') },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('image/png')
    expect(response.headers['cache-control']).toBe('public, max-age=86400')
    const png = response.rawPayload
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    expect(png.toString('latin1', 12, 16)).toBe('IHDR')
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size])
  })

  it('serves the built portal with the right caching', async () => {
    const index = await test.app.inject({ url: '/', headers: { host: host('espoo.localhost') } })
    expect(index.body).toContain('<title>portal</title>')
    expect(index.headers['cache-control']).toBe('no-cache')
    const sw = await test.app.inject({ url: '/sw.js', headers: { host: host('localhost') } })
    expect(sw.headers['cache-control']).toBe('no-cache')
    const asset = await test.app.inject({
      url: '/espoo/assets/index-abc123.js',
      headers: { host: host('localhost') },
    })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toContain('immutable')
  })

  it('falls back to index.html for client routes, also under a tenant prefix', async () => {
    for (const url of ['/passengers', '/espoo/trips/abc/2026-11-21', '/privacy?lang=sv']) {
      const response = await test.app.inject({
        url,
        headers: { host: host('localhost'), accept: 'text/html' },
      })
      expect(response.statusCode, url).toBe(200)
      expect(response.body).toContain('<title>portal</title>')
      expect(response.headers['cache-control']).toBe('no-cache')
    }
  })

  it('does not fall back for API, server paths and missing files', async () => {
    const api = await test.app.inject({
      url: '/api/nothing',
      headers: { host: host('localhost'), accept: 'text/html' },
    })
    expect(api.statusCode).toBe(404)
    expect(api.json()).toMatchObject({ statusCode: 404, code: 'not_found' })
    for (const url of [
      '/acceptinvite/x',
      '/espoo/logoutandacceptinvite/x',
      '/assets/missing.js',
      '/idp/x/y/z',
    ]) {
      const response = await test.app.inject({
        url,
        headers: { host: host('localhost'), accept: 'text/html' },
      })
      expect(response.statusCode, url).toBe(404)
    }
  })

  it('never answers an /api path with the portal, with or without a tenant prefix', async () => {
    const cases = [
      { url: '/espoo/api/nothing', headers: { host: host('localhost') } },
      { url: '/espoo/api/nothing', headers: { host: host('localhost'), 'x-tenant': 'espoo' } },
      { url: '/espoo/api/nothing', headers: { host: host('espoo.localhost') } },
      { url: '/default/api/nothing', headers: { host: host('localhost') } },
    ]
    for (const { url, headers } of cases) {
      const response = await test.app.inject({ url, headers: { ...headers, accept: 'text/html' } })
      expect(response.statusCode, url).toBe(404)
      expect(response.headers['content-type'], url).toContain('application/json')
      expect(response.json(), url).toMatchObject({ statusCode: 404, code: 'not_found' })
    }
  })

  it('routes a tenant prefix that agrees with the header or host as if it were absent', async () => {
    for (const headers of [
      { 'x-tenant': 'espoo', host: host('localhost') },
      { host: host('espoo.localhost') },
    ]) {
      const response = await test.app.inject({ url: '/espoo/api/passenger', headers })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toMatchObject({ code: 'unauthorized' })
    }
  })

  it('refuses a tenant prefix that disagrees with the header or the host with 400', async () => {
    const cases = [
      { url: '/demo/api/passenger', headers: { host: host('localhost'), 'x-tenant': 'espoo' } },
      { url: '/demo/api/passenger', headers: { host: host('espoo.localhost') } },
      { url: '/demo/passengers', headers: { host: host('espoo.localhost') } },
      { url: '/demo/login', headers: { host: 'helpbus.matkaportaali.fi' } },
    ]
    for (const { url, headers } of cases) {
      const response = await test.app.inject({ url, headers: { ...headers, accept: 'text/html' } })
      expect(response.statusCode, url).toBe(400)
      expect(response.json(), url).toMatchObject({ statusCode: 400, code: 'tenant_mismatch' })
    }
  })

  it('sends security headers on every answer', async () => {
    for (const url of ['/', '/login', '/api/passenger', '/manifest.webmanifest']) {
      const response = await test.app.inject({ url, headers: { host: host('localhost') } })
      expect(response.headers['content-security-policy'], url).toBe(contentSecurityPolicy)
      expect(response.headers['x-content-type-options']).toBe('nosniff')
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    }
    expect(contentSecurityPolicy).toContain("script-src 'self'")
    expect(contentSecurityPolicy).toContain("frame-ancestors 'none'")
    expect(contentSecurityPolicy).toContain("worker-src 'self' blob:")
  })
})
