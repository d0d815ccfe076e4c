import { describe, expect, it } from 'vitest'
import { decideBoot, type BootInputs } from '../../../src/app/startup/bootstrap'

const boot = (href: string, inputs: Partial<BootInputs> = {}) =>
  decideBoot({ href, storedTenant: null, storedLocale: null, browserLanguages: [], ...inputs })

describe('decideBoot', () => {
  it('redirects legacy hash invitation links', () => {
    expect(boot('https://espoo.matkaportaali.fi/#/invitation/ABC123?x=1')).toEqual({
      kind: 'redirect',
      url: 'https://espoo.matkaportaali.fi/invitation/ABC123?x=1',
    })
    expect(boot('http://localhost:8080/espoo/#/invitation/ABC')).toEqual({
      kind: 'redirect',
      url: 'http://localhost:8080/espoo/invitation/ABC',
    })
  })

  it('starts the tenant of the host name, without a prefix', () => {
    const decision = boot('http://espoo.localhost:8080/trips')
    expect(decision).toMatchObject({ kind: 'start', storeTenant: false })
    if (decision.kind !== 'start') throw new Error(decision.kind)
    expect(decision.environment).toMatchObject({ pathPrefix: '', hostname: 'espoo.localhost', devHost: true })
    expect(decision.environment.tenant.id).toBe('espoo')
  })

  it('uses and remembers a path prefix on local hosts', () => {
    const decision = boot('http://localhost:8080/helpbus/passengers')
    expect(decision).toMatchObject({ kind: 'start', storeTenant: true })
    if (decision.kind !== 'start') throw new Error(decision.kind)
    expect(decision.environment.pathPrefix).toBe('/helpbus')
    expect(decision.environment.tenant.id).toBe('helpbus')
  })

  it('sends a local visit without a prefix to the stored tenant’s prefix, keeping path, query and hash', () => {
    expect(boot('http://localhost:8080/trips?lang=sv#top', { storedTenant: 'demo' })).toEqual({
      kind: 'redirect',
      url: 'http://localhost:8080/demo/trips?lang=sv#top',
    })
  })

  it('does the same on dev and staging hosts, and starts a prefixed visit there', () => {
    expect(boot('https://portal.staging.example.fi/trips', { storedTenant: 'lapha' })).toEqual({
      kind: 'redirect',
      url: 'https://portal.staging.example.fi/lapha/trips',
    })
    const prefixed = boot('https://dev.example.fi/espoo/trips')
    if (prefixed.kind !== 'start') throw new Error(prefixed.kind)
    expect(prefixed.environment.tenant.id).toBe('espoo')
  })

  it('ignores a stored tenant on production hosts and a stored default', () => {
    expect(boot('https://espoo.matkaportaali.fi/', { storedTenant: 'demo' })).toMatchObject({ kind: 'start' })
    const local = boot('http://localhost:8080/', { storedTenant: 'default' })
    if (local.kind !== 'start') throw new Error(local.kind)
    expect(local.environment.tenant.id).toBe('default')
  })

  it('reports an unknown tenant instead of starting', () => {
    expect(boot('http://nosuch.localhost:8080/')).toMatchObject({
      kind: 'unknownTenant',
      requested: 'nosuch',
    })
    expect(boot('https://portal.example.com/')).toMatchObject({ kind: 'unknownTenant' })
  })

  it('takes the locale from the lang query and stores it', () => {
    expect(boot('http://demo.localhost/?lang=sv', { storedLocale: 'fi' })).toMatchObject({
      locale: 'sv',
      storeLocale: true,
    })
  })

  it('ignores an unsupported lang query', () => {
    expect(boot('http://demo.localhost/?lang=de', { storedLocale: 'fi' })).toMatchObject({
      locale: 'fi',
      storeLocale: false,
    })
  })

  it('falls back to the stored locale, then the browser, then the host default', () => {
    expect(boot('http://demo.localhost/', { storedLocale: 'sv', browserLanguages: ['en'] })).toMatchObject({
      locale: 'sv',
    })
    expect(boot('http://demo.localhost/', { browserLanguages: ['de-DE', 'fi-FI'] })).toMatchObject({
      locale: 'fi',
    })
    expect(boot('https://demo.matkaportaali.fi/')).toMatchObject({ locale: 'fi' })
    expect(boot('https://demo.passengerportal.co.uk/')).toMatchObject({ locale: 'en' })
  })

  it('gives the host’s time zone', () => {
    const decision = boot('https://demo.passengerportal.co.uk/')
    if (decision.kind !== 'start') throw new Error(decision.kind)
    expect(decision.environment.timeZone).toBe('Europe/London')
    expect(decision.environment.devHost).toBe(false)
  })
})
