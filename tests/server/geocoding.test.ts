import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AddressSearchResult } from '../../src/contract/places'
import { endpoints } from '../../src/contract/endpoints'
import { addressSearchLimit, addressSearchQueryMaxLength } from '../../src/contract/places'
import { loadConfig } from '../../server/config/config'
import { demoPlaces } from '../../server/demo/places'
import { regions } from '../../server/demo/regions'
import { demoStreets } from '../../server/demo/streets'
import { digitransitGeocoder } from '../../server/geo/digitransit'
import { greatCircleMetres } from '../../src/domain/greatCircle'
import { embeddedGeocoder } from '../../server/geo/gazetteer/embeddedGeocoder'
import { GeocodeError, type GeocodedAddress, type Geocoder } from '../../server/geo/geocoder'
import { nominatimGeocoder } from '../../server/geo/nominatim'
import { toSearchResults } from '../../server/geo/searchResults'
import { api, createTestApp, testPort, tokenFor, type TestApp } from './support/app'
import { backends } from './support/database'
import { expectTooManyRequests } from './support/limits'
import { fakeService, recordingLog, type FakeService } from './support/fakeService'

const search = async (geocoder: Geocoder, query: string, language: 'fi' | 'sv' | 'en' = 'fi') =>
  toSearchResults(await geocoder.search(query, { limit: addressSearchLimit, language }), addressSearchLimit)

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

describe('the embedded gazetteer', () => {
  const gazetteer = embeddedGeocoder(demoStreets())

  it('finds streets by the beginning of their name, the whole name first', async () => {
    const results = await search(gazetteer, 'Tapiola')
    expect(results.map((result) => result.address)).toContain('Tapiolantie')
    expect(results.every((result) => fold(result.address).startsWith('tapiola'))).toBe(true)
    const exact = await search(gazetteer, 'asematie')
    expect(exact.map((result) => result.city).sort()).toEqual(['Kauniainen', 'Vantaa'])
    const words = await search(gazetteer, 'kekkosen')
    expect(words[0]?.address).toBe('Urho Kekkosen katu')
  })

  it('answers a house number as the address, with the line the portal shows', async () => {
    const [five] = await search(gazetteer, 'Mannerheimintie 5')
    expect(five).toMatchObject({
      address: 'Mannerheimintie 5',
      streetnumber: '5',
      postalcode: '00100',
      city: 'Helsinki',
      display: 'Mannerheimintie 5, 00100 Helsinki',
      alias: null,
      source: 'mapPlaceResult',
    })
    // Numbers run along a long street: 150 is kilometres north of 5.
    const [far] = await search(gazetteer, 'Mannerheimintie 150')
    expect(far!.latitude - five!.latitude).toBeGreaterThan(0.02)
    const [lettered] = await search(gazetteer, 'mannerheimintie 5 b, helsinki')
    expect(lettered?.address).toBe('Mannerheimintie 5')
  })

  it('narrows by locality or postal code, after a comma or without one', async () => {
    for (const query of [
      'Tapiolantie 3, Espoo',
      'Tapiolantie 3 Espoo',
      'tapiolantie espoo',
      'Tapiolantie 02100',
    ]) {
      const results = await search(gazetteer, query)
      expect(results.length, query).toBe(1)
      expect(results[0], query).toMatchObject({ city: 'Espoo', postalcode: '02100' })
    }
    expect((await search(gazetteer, 'Asematie, Kauniainen')).map((result) => result.city)).toEqual([
      'Kauniainen',
    ])
    expect((await search(gazetteer, 'Asematie 5, 01300')).map((result) => result.city)).toEqual(['Vantaa'])
    expect(await search(gazetteer, 'Tapiolantie, Vantaa')).toEqual([])
    const inPostalCode = await search(gazetteer, '02100')
    expect(inPostalCode.length).toBeGreaterThan(3)
    expect(inPostalCode.every((result) => result.postalcode === '02100')).toBe(true)
  })

  it('ignores case and diacritics: ä, ö and å may be typed as a, o and a', async () => {
    const typed = await search(gazetteer, 'MÄNTYTIE')
    expect(typed.length).toBeGreaterThan(1)
    expect(await search(gazetteer, 'mantytie')).toEqual(typed)
    const hameenkatu = await search(gazetteer, 'hameenkatu')
    expect(hameenkatu.map((result) => result.city).sort()).toEqual(['Hyvinkää', 'Lahti', 'Tampere', 'Turku'])
    expect(hameenkatu.every((result) => result.address === 'Hämeenkatu')).toBe(true)
    expect((await search(gazetteer, 'Töölönkatu 4, hki')).length).toBe(0)
    expect((await search(gazetteer, 'toolonkatu 4, hel'))[0]?.display).toBe('Töölönkatu 4, 00260 Helsinki')
  })

  it('names Swedish localities in Swedish and finds them by either name', async () => {
    const [swedish] = await search(gazetteer, 'Mannerheimintie 5, Helsingfors', 'sv')
    expect(swedish).toMatchObject({ city: 'Helsingfors', display: 'Mannerheimintie 5, 00100 Helsingfors' })
    const [finnish] = await search(gazetteer, 'Mannerheimintie 5, Helsingfors', 'fi')
    expect(finnish?.city).toBe('Helsinki')
  })

  it('answers at most 30, each with a postal code, locality and coordinates', async () => {
    const many = await search(gazetteer, 'k')
    expect(many).toHaveLength(addressSearchLimit)
    const all = await embeddedGeocoder(demoStreets()).search('k', { limit: 1000, language: 'fi' })
    expect(all.length).toBeGreaterThan(addressSearchLimit)
    for (const result of many) {
      expect(result.postalcode).toMatch(/^\d{5}$/)
      expect(result.city.length).toBeGreaterThan(0)
      expect(Number.isFinite(result.latitude) && Number.isFinite(result.longitude)).toBe(true)
    }
    expect(new Set(many.map((result) => result.id)).size).toBe(many.length)
  })

  it('answers nothing for an empty query or one of punctuation only', async () => {
    expect(await search(gazetteer, '')).toEqual([])
    expect(await search(gazetteer, ' , - ')).toEqual([])
    expect(await search(gazetteer, 'Qwxzyv')).toEqual([])
  })

  it('finds every demo place of every demo town within a kilometre of where the demo put it', async () => {
    for (const region of Object.values(regions)) {
      for (const kind of ['child', 'elder'] as const) {
        for (const place of demoPlaces(randomUUID(), kind, region, 7)) {
          const street = place.address.split(',')[0]!
          const found = await search(gazetteer, `${street}, ${region.city}`)
          expect(found[0]?.address, street).toBe(street)
          expect(found.every((result) => result.city === region.city)).toBe(true)
          const point = { latitude: place.latitude!, longitude: place.longitude! }
          const exact = found.filter((result) => result.address === street)
          const nearest = Math.min(...exact.map((result) => greatCircleMetres(result, point)))
          expect(nearest, `${street}, ${region.city}`).toBeLessThan(1_000)
        }
      }
    }
  })
})

describe('GEOCODER and ROUTER configuration', () => {
  const config = (env: Record<string, string>) => loadConfig({ DEMO: 'true', ...env })

  it('defaults to the embedded gazetteer and estimate, with a 5 s timeout and 60 calls of each a minute', () => {
    expect(config({})).toMatchObject({
      geocoder: { kind: 'embedded' },
      router: { kind: 'embedded' },
      geoTimeoutMs: 5_000,
      addressSearchRateLimitPerMinute: 60,
      routeRateLimitPerMinute: 60,
    })
    expect(
      config({ ADDRESS_SEARCH_RATE_LIMIT_PER_MINUTE: '20', ROUTE_RATE_LIMIT_PER_MINUTE: '30' }),
    ).toMatchObject({ addressSearchRateLimitPerMinute: 20, routeRateLimitPerMinute: 30 })
  })

  it('chooses the services, with their public addresses by default', () => {
    expect(config({ GEOCODER: 'digitransit', DIGITRANSIT_API_KEY: 'k' }).geocoder).toEqual({
      kind: 'digitransit',
      url: 'https://api.digitransit.fi',
      apiKey: 'k',
    })
    expect(config({ GEOCODER: 'nominatim', GEOCODER_URL: 'http://geo.internal:8080/' }).geocoder).toEqual({
      kind: 'nominatim',
      url: 'http://geo.internal:8080',
    })
    expect(config({ ROUTER: 'osrm', ROUTER_URL: 'http://osrm:5000', GEO_TIMEOUT_MS: '800' })).toMatchObject({
      router: { kind: 'osrm', url: 'http://osrm:5000' },
      geoTimeoutMs: 800,
    })
  })

  it('stops the server at start on a mistake', () => {
    expect(() => config({ GEOCODER: 'google' })).toThrow(/GEOCODER/)
    expect(() => config({ GEOCODER: 'digitransit' })).toThrow(/DIGITRANSIT_API_KEY/)
    expect(() => config({ GEOCODER: 'nominatim', GEOCODER_URL: 'ftp://x' })).toThrow(/GEOCODER_URL/)
    expect(() => config({ ROUTER: 'osrm' })).toThrow(/ROUTER_URL/)
    expect(() => config({ ROUTER: 'osrm', ROUTER_URL: 'osrm:5000 ' })).toThrow(/ROUTER_URL/)
    expect(() => config({ ROUTER: 'graphhopper' })).toThrow(/ROUTER/)
    expect(() => config({ GEO_TIMEOUT_MS: '0' })).toThrow(/GEO_TIMEOUT_MS/)
    expect(() => config({ ADDRESS_SEARCH_RATE_LIMIT_PER_MINUTE: 'many' })).toThrow(/ADDRESS_SEARCH/)
    expect(() => config({ ROUTE_RATE_LIMIT_PER_MINUTE: '-1' })).toThrow(/ROUTE_RATE_LIMIT/)
  })
})

describe('search results from any geocoder', () => {
  const found = (overrides: Partial<GeocodedAddress>): GeocodedAddress => ({
    street: 'Kielotie',
    streetnumber: '12',
    postalcode: '01300',
    city: 'Vantaa',
    latitude: 60.292,
    longitude: 25.038,
    name: null,
    label: null,
    ...overrides,
  })

  it('drops results without a postal code or locality (spec section 5)', () => {
    const results = toSearchResults(
      [
        found({ postalcode: null }),
        found({ city: null }),
        found({ city: ', Suomi' }),
        found({ street: 'Ratatie' }),
      ],
      addressSearchLimit,
    )
    expect(results.map((result) => result.address)).toEqual(['Ratatie 12'])
  })

  it('strips a trailing ", Suomi" from every text', () => {
    const [result] = toSearchResults(
      [found({ label: 'Tikkurilan asema, Kielotie 12, Vantaa, Suomi', name: 'Tikkurilan asema, Suomi' })],
      addressSearchLimit,
    )
    expect(result).toMatchObject({
      display: 'Tikkurilan asema, Kielotie 12, Vantaa',
      alias: 'Tikkurilan asema',
    })
    const [composed] = toSearchResults([found({ city: 'Vantaa, Suomi' })], addressSearchLimit)
    expect(composed?.display).toBe('Kielotie 12, 01300 Vantaa')
  })

  it('answers each address once, at most the limit', () => {
    const same = toSearchResults([found({}), found({}), found({ streetnumber: '14' })], addressSearchLimit)
    expect(same.map((result) => result.address)).toEqual(['Kielotie 12', 'Kielotie 14'])
    const many = Array.from({ length: 40 }, (_, index) => found({ streetnumber: String(index + 1) }))
    expect(toSearchResults(many, addressSearchLimit)).toHaveLength(addressSearchLimit)
  })
})

/** A Digitransit (Pelias) answer as the service gives it, trimmed. */
const peliasAnswer = {
  type: 'FeatureCollection',
  geocoding: { version: '0.2', query: { text: 'mannerheimintie 5', size: 30, lang: 'fi' } },
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [24.94102, 60.16862] },
      properties: {
        id: 'fi:helsinki:1234',
        gid: 'openaddresses:address:fi:helsinki:1234',
        layer: 'address',
        source: 'openaddresses',
        name: 'Mannerheimintie 5',
        housenumber: '5',
        street: 'Mannerheimintie',
        postalcode: '00100',
        confidence: 1,
        country: 'Suomi',
        region: 'Uusimaa',
        localadmin: 'Helsinki',
        locality: 'Helsinki',
        neighbourhood: 'Kluuvi',
        label: 'Mannerheimintie 5, Helsinki, Suomi',
      },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [24.93159, 60.16928] },
      properties: {
        layer: 'venue',
        source: 'openstreetmap',
        name: 'Kampin kauppakeskus',
        street: 'Urho Kekkosen katu',
        housenumber: '1',
        postalcode: '00100',
        locality: 'Helsinki',
        label: 'Kampin kauppakeskus, Urho Kekkosen katu 1, Helsinki',
      },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [24.92, 60.19] },
      properties: {
        layer: 'street',
        name: 'Mannerheimintie',
        locality: 'Helsinki',
        label: 'Mannerheimintie, Helsinki',
      },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [24.6559, 60.2055] },
      properties: {
        layer: 'address',
        name: 'Espoonkatu 2',
        housenumber: '2',
        street: 'Espoonkatu',
        postalcode: '02770',
        localadmin: 'Espoo',
        label: 'Espoonkatu 2, Espoo',
      },
    },
    { type: 'Feature', geometry: { type: 'Point' }, properties: { name: 'broken' } },
  ],
}

/** A Nominatim jsonv2 answer with addressdetails, trimmed. */
const nominatimAnswer = [
  {
    place_id: 129035221,
    licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
    osm_type: 'node',
    lat: '60.1686237',
    lon: '24.9410272',
    category: 'place',
    type: 'house',
    addresstype: 'place',
    name: '',
    display_name:
      '5, Mannerheimintie, Kluuvi, Eteläinen suurpiiri, Helsinki, Helsingin seutukunta, Uusimaa, Manner-Suomi, 00100, Suomi',
    address: {
      house_number: '5',
      road: 'Mannerheimintie',
      neighbourhood: 'Kluuvi',
      city: 'Helsinki',
      postcode: '00100',
      country: 'Suomi',
      country_code: 'fi',
    },
  },
  {
    place_id: 2,
    lat: '60.1779',
    lon: '24.8062',
    category: 'amenity',
    type: 'school',
    addresstype: 'amenity',
    name: 'Tapiolan koulu',
    display_name: 'Tapiolan koulu, 1, Opintie, Tapiola, Espoo, 02100, Suomi',
    address: {
      amenity: 'Tapiolan koulu',
      house_number: '1',
      road: 'Opintie',
      city: 'Espoo',
      postcode: '02100',
    },
  },
  {
    place_id: 3,
    lat: '60.19',
    lon: '24.92',
    addresstype: 'road',
    name: 'Mannerheimintie',
    display_name: 'Mannerheimintie, Helsinki, Suomi',
    address: { road: 'Mannerheimintie', city: 'Helsinki', country: 'Suomi' },
  },
  {
    place_id: 4,
    lat: '60.3126',
    lon: '24.5131',
    addresstype: 'place',
    name: '',
    display_name: '3, Kylätie, Nuuksio, Espoo, 02820, Suomi',
    address: { house_number: '3', road: 'Kylätie', village: 'Nuuksio', postcode: '02820' },
  },
  { place_id: 5, lat: 'north', lon: '24', address: {} },
]

describe('geocoding adapters against a stand-in service', () => {
  let service: FakeService
  beforeAll(async () => {
    service = await fakeService()
  })
  afterAll(() => service.close())

  it('Digitransit: asks with the key, size 30 and the language, and maps its features', async () => {
    service.answer({ body: peliasAnswer })
    const log = recordingLog()
    const geocoder = digitransitGeocoder({ url: service.url, apiKey: 'key-123', timeoutMs: 2_000 }, log)
    const results = await search(geocoder, 'Mannerheimintie 5', 'fi')
    const request = service.requests.at(-1)!
    expect(request.url.pathname).toBe('/geocoding/v1/search')
    expect(Object.fromEntries(request.url.searchParams)).toMatchObject({
      text: 'Mannerheimintie 5',
      size: '30',
      lang: 'fi',
    })
    expect(request.headers['digitransit-subscription-key']).toBe('key-123')
    expect(results).toEqual([
      expect.objectContaining({
        address: 'Mannerheimintie 5',
        streetnumber: '5',
        postalcode: '00100',
        city: 'Helsinki',
        latitude: 60.16862,
        longitude: 24.94102,
        display: 'Mannerheimintie 5, Helsinki',
        alias: null,
      }),
      expect.objectContaining({
        address: 'Urho Kekkosen katu 1',
        alias: 'Kampin kauppakeskus',
        display: 'Kampin kauppakeskus, Urho Kekkosen katu 1, Helsinki',
      }),
      expect.objectContaining({ address: 'Espoonkatu 2', city: 'Espoo', postalcode: '02770' }),
    ])
    expect(log.warnings).toEqual([])
  })

  it('Nominatim: asks for Finland, jsonv2 with address details and limit 30, and maps its results', async () => {
    service.answer({ body: nominatimAnswer })
    const geocoder = nominatimGeocoder({ url: service.url, timeoutMs: 2_000 }, recordingLog())
    const results = await search(geocoder, 'Mannerheimintie 5', 'sv')
    const request = service.requests.at(-1)!
    expect(request.url.pathname).toBe('/search')
    expect(Object.fromEntries(request.url.searchParams)).toEqual({
      format: 'jsonv2',
      addressdetails: '1',
      countrycodes: 'fi',
      limit: '30',
      'accept-language': 'sv',
      q: 'Mannerheimintie 5',
    })
    expect(request.headers['user-agent']).toBe('passenger-portal')
    expect(results).toEqual([
      expect.objectContaining({
        address: 'Mannerheimintie 5',
        postalcode: '00100',
        city: 'Helsinki',
        latitude: 60.1686237,
        longitude: 24.9410272,
        display: 'Mannerheimintie 5, 00100 Helsinki',
        alias: null,
      }),
      expect.objectContaining({
        address: 'Opintie 1',
        alias: 'Tapiolan koulu',
        display: 'Tapiolan koulu, Opintie 1, 02100 Espoo',
      }),
      expect.objectContaining({ address: 'Kylätie 3', city: 'Nuuksio' }),
    ])
  })

  const failures: [string, { status?: number; body: unknown; delayMs?: number }][] = [
    ['a 5xx', { status: 503, body: { error: 'maintenance' } }],
    ['a 429', { status: 429, body: 'Too Many Requests' }],
    ['garbage', { body: '<html>oops</html>' }],
    ['JSON of another shape', { body: { results: 'none' } }],
    ['no answer in time', { body: peliasAnswer, delayMs: 1_000 }],
  ]
  it.each(failures)('fails with a GeocodeError for %s, and logs it without the query', async (_, answer) => {
    service.answer(answer)
    for (const create of [
      (log: ReturnType<typeof recordingLog>) =>
        digitransitGeocoder({ url: service.url, apiKey: 'k', timeoutMs: 200 }, log),
      (log: ReturnType<typeof recordingLog>) => nominatimGeocoder({ url: service.url, timeoutMs: 200 }, log),
    ]) {
      const log = recordingLog()
      const failure = await search(create(log), 'Koivukuja 12, Espoo').catch((error: unknown) => error)
      expect(failure).toBeInstanceOf(GeocodeError)
      expect(String(failure)).not.toContain('Koivukuja')
      expect(log.warnings).toHaveLength(1)
      expect(JSON.stringify(log.warnings)).not.toContain('Koivukuja')
    }
  })

  it('fails with a GeocodeError when nothing listens', async () => {
    const log = recordingLog()
    const geocoder = nominatimGeocoder({ url: 'http://127.0.0.1:9', timeoutMs: 1_000 }, log)
    await expect(search(geocoder, 'Kielotie')).rejects.toBeInstanceOf(GeocodeError)
    expect(log.warnings).toHaveLength(1)
  })

  it('answers an empty list when the service finds nothing', async () => {
    service.answer({ body: { type: 'FeatureCollection', features: [] } })
    const log = recordingLog()
    const geocoder = digitransitGeocoder({ url: service.url, apiKey: 'k', timeoutMs: 2_000 }, log)
    expect(await search(geocoder, 'Qwxzyvkatu')).toEqual([])
    service.answer({ body: [] })
    expect(await search(nominatimGeocoder({ url: service.url, timeoutMs: 2_000 }, log), 'Qwxzyv')).toEqual([])
    expect(log.warnings).toEqual([])
  })
})

describe.each(backends)('GET api/address/search on $name', (backend) => {
  let test: TestApp
  let guardian: string
  let service: FakeService

  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo'] })
    guardian = await tokenFor(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    service = await fakeService()
  })
  afterAll(async () => {
    await service.close()
    await test.close()
  })

  const searchUrl = (q: string, lang?: string) =>
    `/api/address/search?${new URLSearchParams({ q, ...(lang ? { lang } : {}) }).toString()}`

  it('answers the embedded gazetteer’s addresses exactly in the contract', async () => {
    const response = await api(test.app, 'espoo', guardian, { url: searchUrl('Tapiolantie 3, Espoo') })
    expect(response.statusCode).toBe(200)
    const body: AddressSearchResult[] = response.json()
    expect(body).toStrictEqual(endpoints.searchAddresses.response.parse(body))
    expect(body).toEqual([
      expect.objectContaining({ display: 'Tapiolantie 3, 02100 Espoo', source: 'mapPlaceResult' }),
    ])
    const swedish = await api(test.app, 'espoo', guardian, { url: searchUrl('Tapiolantie 3, Espoo', 'sv') })
    expect(swedish.json()[0].city).toBe('Esbo')
  })

  it('answers an empty list for an empty query and 400 for one over the limit or an unknown language', async () => {
    const empty = await api(test.app, 'espoo', guardian, { url: searchUrl('   ') })
    expect(empty.statusCode).toBe(200)
    expect(empty.json()).toEqual([])
    const long = await api(test.app, 'espoo', guardian, {
      url: searchUrl('a'.repeat(addressSearchQueryMaxLength + 1)),
    })
    expect(long.statusCode).toBe(400)
    expect(long.json()).toMatchObject({ statusCode: 400, code: 'validation_failed' })
    const limit = await api(test.app, 'espoo', guardian, {
      url: searchUrl('a'.repeat(addressSearchQueryMaxLength)),
    })
    expect(limit.statusCode).toBe(200)
    const language = await api(test.app, 'espoo', guardian, { url: searchUrl('Kielotie', 'de') })
    expect(language.statusCode).toBe(400)
  })

  it("limits each user's searches a minute: then 429 too_many_requests with Retry-After, others unaffected", async () => {
    const limited = await test.secondInstance({ addressSearchRateLimitPerMinute: 2 })
    const single = await tokenFor(test.app, 'espoo', 'single', 'demo-single-2026')
    const searchAs = (token: string) => api(limited, 'espoo', token, { url: searchUrl('Tapiolantie 3') })
    expect((await searchAs(guardian)).statusCode).toBe(200)
    expect((await searchAs(guardian)).statusCode).toBe(200)
    expectTooManyRequests(await searchAs(guardian))
    expect((await searchAs(single)).statusCode).toBe(200)
    const docs = await test.app.inject({ url: '/api/docs/json', headers: { host: `localhost:${testPort}` } })
    expect(Object.keys(docs.json().paths['/api/address/search'].get.responses)).toContain('429')
  })

  it('refuses a caller without a valid token', async () => {
    const response = await api(test.app, 'espoo', null, { url: searchUrl('Kielotie') })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ statusCode: 401, code: 'unauthorized' })
    const forged = await api(test.app, 'espoo', 'not-a-token', { url: searchUrl('Kielotie') })
    expect(forged.statusCode).toBe(401)
  })

  it('answers through a configured service, and 503 address_search_unavailable when it fails', async () => {
    const instance = await test.secondInstance({
      geocoder: { kind: 'nominatim', url: service.url },
      geoTimeoutMs: 300,
    })
    service.answer({ body: nominatimAnswer })
    const found = await instance.inject({
      url: searchUrl('Mannerheimintie 5'),
      headers: { host: `espoo.localhost:${testPort}`, authorization: `Bearer ${guardian}` },
    })
    expect(found.statusCode).toBe(200)
    expect(found.json().map((result: AddressSearchResult) => result.address)).toEqual([
      'Mannerheimintie 5',
      'Opintie 1',
      'Kylätie 3',
    ])
    service.answer({ body: [] })
    const none = await instance.inject({
      url: searchUrl('Qwxzyv'),
      headers: { host: `espoo.localhost:${testPort}`, authorization: `Bearer ${guardian}` },
    })
    expect(none.statusCode).toBe(200)
    expect(none.json()).toEqual([])
    service.answer({ status: 500, body: {} })
    const failed = await instance.inject({
      url: searchUrl('Mannerheimintie 5'),
      headers: { host: `espoo.localhost:${testPort}`, authorization: `Bearer ${guardian}` },
    })
    expect(failed.statusCode).toBe(503)
    expect(failed.json()).toEqual({
      statusCode: 503,
      code: 'address_search_unavailable',
      message: expect.any(String),
    })
    const docs = await test.app.inject({ url: '/api/docs/json', headers: { host: `localhost:${testPort}` } })
    expect(Object.keys(docs.json().paths['/api/address/search'].get.responses)).toContain('503')
  })
})
