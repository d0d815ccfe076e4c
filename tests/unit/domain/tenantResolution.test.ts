import { describe, expect, it } from 'vitest'
import { resolveTenant, tenantFromHost, tenantFromPath } from '../../../src/domain/tenantResolution'

describe('resolveTenant', () => {
  it.each([
    // hostname, pathname, header, stored, expected
    ['espoo.localhost:8080', '/', undefined, null, { tenantId: 'espoo', source: 'host', pathPrefix: '' }],
    [
      'espoo.matkaportaali.fi',
      '/trips',
      undefined,
      null,
      { tenantId: 'espoo', source: 'host', pathPrefix: '' },
    ],
    ['DEMO.Localhost', '/', undefined, null, { tenantId: 'demo', source: 'host', pathPrefix: '' }],
    ['helpbus.localhost', '/espoo/', 'demo', null, { tenantId: 'helpbus', source: 'host', pathPrefix: '' }],
    [
      'localhost:8080',
      '/api/passenger',
      'kovanen',
      null,
      { tenantId: 'kovanen', source: 'header', pathPrefix: '' },
    ],
    [
      'localhost:8080',
      '/espoo/passengers',
      undefined,
      null,
      { tenantId: 'espoo', source: 'path', pathPrefix: '/espoo' },
    ],
    ['127.0.0.1:8080', '/luvn', undefined, null, { tenantId: 'luvn', source: 'path', pathPrefix: '/luvn' }],
    ['localhost', '/passengers', undefined, 'lapha', { tenantId: 'lapha', source: 'stored', pathPrefix: '' }],
    [
      'localhost',
      '/passengers',
      undefined,
      'nonsense',
      { tenantId: 'default', source: 'default', pathPrefix: '' },
    ],
    [
      'localhost',
      '/default/passengers',
      undefined,
      null,
      { tenantId: 'default', source: 'default', pathPrefix: '' },
    ],
    ['localhost', '/', undefined, null, { tenantId: 'default', source: 'default', pathPrefix: '' }],
    // Spec section 1: dev hosts (and staging, where the theme toggle shows) resolve like local ones.
    [
      'portal.dev.example.fi',
      '/espoo/trips',
      undefined,
      null,
      { tenantId: 'espoo', source: 'path', pathPrefix: '/espoo' },
    ],
    [
      'staging-portal.example.fi',
      '/',
      undefined,
      'kovanen',
      { tenantId: 'kovanen', source: 'stored', pathPrefix: '' },
    ],
    ['dev2.example.fi', '/', undefined, null, { tenantId: 'default', source: 'default', pathPrefix: '' }],
  ] as const)('%s %s header=%s stored=%s', (hostname, pathname, header, stored, expected) => {
    expect(resolveTenant({ hostname, pathname, header, stored })).toEqual({ kind: 'tenant', ...expected })
  })

  it('reports an unknown tenant host, header, or non-local host', () => {
    expect(resolveTenant({ hostname: 'nope.localhost', pathname: '/' })).toEqual({
      kind: 'unknown',
      requested: 'nope',
    })
    expect(resolveTenant({ hostname: 'localhost', pathname: '/', header: 'nope' })).toEqual({
      kind: 'unknown',
      requested: 'nope',
    })
    expect(resolveTenant({ hostname: 'portal.example.com', pathname: '/espoo/' })).toEqual({
      kind: 'unknown',
      requested: 'portal.example.com',
    })
  })

  it('gives neither the prefix nor a stored choice to production hosts', () => {
    for (const hostname of ['espoo.matkaportaali.fi', 'devices.example.fi', 'portal.example.com']) {
      const prefixed = resolveTenant({ hostname, pathname: '/lapha/', stored: 'lapha' })
      expect(prefixed.kind === 'tenant' && prefixed.tenantId, hostname).not.toBe('lapha')
    }
  })

  it('serves every tenant only on the hosts a given rule shares (the server’s configured list)', () => {
    const sharedHost = (hostname: string) => hostname === 'portal.dev.example.fi'
    expect(resolveTenant({ hostname: 'portal.dev.example.fi', pathname: '/espoo/', sharedHost })).toEqual({
      kind: 'tenant',
      tenantId: 'espoo',
      source: 'path',
      pathPrefix: '/espoo',
    })
    for (const request of [
      { hostname: 'staging.example.fi', pathname: '/espoo/' },
      { hostname: 'staging.example.fi', pathname: '/', header: 'espoo' },
      { hostname: 'portal.example.com', pathname: '/', header: 'espoo' },
    ]) {
      expect(resolveTenant({ ...request, sharedHost })).toEqual({
        kind: 'unknown',
        requested: request.hostname,
      })
    }
    // A host that names its tenant still does, whatever the rule.
    expect(resolveTenant({ hostname: 'espoo.matkaportaali.fi', pathname: '/', sharedHost })).toMatchObject({
      tenantId: 'espoo',
      source: 'host',
    })
  })

  it('uses configured extra hosts before the built-in ones', () => {
    const extraHosts = { 'staging.example.fi': 'fcg' } as const
    expect(tenantFromHost('staging.example.fi:443', extraHosts)).toEqual({ kind: 'tenant', tenantId: 'fcg' })
  })

  it('takes only a tenant id as the first path segment', () => {
    expect(tenantFromPath('/espoo/trips')).toBe('espoo')
    expect(tenantFromPath('/trips/espoo')).toBeNull()
    expect(tenantFromPath('/')).toBeNull()
  })
})
