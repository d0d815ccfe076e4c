import { describe, expect, it } from 'vitest'
import { defaultLocaleForHost, resolveLocale, selectableLocales } from '../../../src/domain/locale'
import { isDevHost, isLocalHost, timeZoneForHost } from '../../../src/domain/hosts'

describe('locale rules (spec section 9)', () => {
  it.each([
    ['espoo.matkaportaali.fi', 'fi'],
    ['demo.passengerportal.co.uk', 'en'],
    ['localhost', 'en'],
  ] as const)('default for %s is %s', (host, locale) => {
    expect(defaultLocaleForHost(host)).toBe(locale)
  })

  it.each([
    [{ hostname: 'a.fi', query: 'sv', stored: 'en', browserLanguages: ['fi'] }, 'sv'],
    [{ hostname: 'a.fi', query: 'de', stored: 'en', browserLanguages: ['fi'] }, 'en'],
    [{ hostname: 'a.fi', stored: null, browserLanguages: ['sv-FI', 'en'] }, 'sv'],
    [{ hostname: 'a.fi', browserLanguages: ['de-DE'] }, 'fi'],
    [{ hostname: 'localhost', browserLanguages: [] }, 'en'],
  ] as const)('resolves %o to %s', (inputs, locale) => {
    expect(resolveLocale(inputs)).toBe(locale)
  })

  it('hides English on .uk and .us hosts only while English is active', () => {
    expect(selectableLocales('demo.passengerportal.co.uk', 'en')).toEqual(['fi', 'sv'])
    expect(selectableLocales('demo.passengerportal.us', 'en')).toEqual(['fi', 'sv'])
    expect(selectableLocales('demo.passengerportal.us', 'fi')).toEqual(['fi', 'sv', 'en'])
    expect(selectableLocales('demo.matkaportaali.fi', 'en')).toEqual(['fi', 'sv', 'en'])
  })
})

describe('host rules', () => {
  it.each([
    ['localhost:8080', true, true],
    ['espoo.localhost', true, true],
    ['127.0.0.1', true, true],
    ['[::1]:8080', true, true],
    ['staging.matkaportaali.fi', false, true],
    ['espoo.dev.matkaportaali.fi', false, true],
    ['espoo.matkaportaali.fi', false, false],
    ['portal-staging.example.fi', false, true],
    ['staging2.example.fi', false, true],
    ['devices.example.fi', false, false],
  ] as const)('%s local=%s dev=%s', (host, local, dev) => {
    expect(isLocalHost(host)).toBe(local)
    expect(isDevHost(host)).toBe(dev)
  })

  it.each([
    ['demo.passengerportal.co.uk', 'Europe/London'],
    ['demo.passengerportal.us', 'US/Central'],
    ['demo.matkaportaali.fi', 'Europe/Helsinki'],
  ])('time zone of %s is %s', (host, zone) => {
    expect(timeZoneForHost(host)).toBe(zone)
  })
})
