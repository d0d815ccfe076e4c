import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '../../src/contract/endpoints'
import { routeMaxPoints, type RouteDetails, type RoutePoint } from '../../src/contract/places'
import { greatCircleMetres } from '../../src/domain/greatCircle'
import { estimateRouter, roadFactor, urbanSpeedMetresPerSecond } from '../../server/geo/estimateRouter'
import { osrmRouter } from '../../server/geo/osrmRouter'
import { RouteError } from '../../server/geo/router'
import { api, createTestApp, testPort, tokenFor, type TestApp } from './support/app'
import { backends } from './support/database'
import { fakeService, type FakeService } from './support/fakeService'

const railwayStation: RoutePoint = { latitude: 60.1719, longitude: 24.9414 }
const tapiola: RoutePoint = { latitude: 60.1756, longitude: 24.8047 }
const pasila: RoutePoint = { latitude: 60.1989, longitude: 24.9336 }

describe('the embedded route estimate', () => {
  it('measures great circles: a tenth of a degree of latitude is 11.1 km', () => {
    const a = { latitude: 60.1, longitude: 24.9 }
    expect(greatCircleMetres(a, { latitude: 60.2, longitude: 24.9 })).toBeCloseTo(11_119.5, 0)
    // A degree of longitude shrinks with the cosine of the latitude.
    expect(greatCircleMetres(a, { latitude: 60.1, longitude: 25.9 })).toBeCloseTo(
      111_195 * Math.cos((60.1 * Math.PI) / 180),
      -2,
    )
    expect(greatCircleMetres(a, a)).toBe(0)
  })

  it('drives each leg at the road factor and the urban speed', async () => {
    const direct = await estimateRouter().route([railwayStation, tapiola])
    const straight = greatCircleMetres(railwayStation, tapiola)
    expect(direct.distanceMetres).toBe(Math.round(straight * roadFactor))
    expect(direct.durationSeconds).toBe(Math.round((straight * roadFactor) / urbanSpeedMetresPerSecond))
    // 40 km/h: 10 km in 15 minutes.
    expect(direct.durationSeconds / direct.distanceMetres).toBeCloseTo(900 / 10_000, 4)
    const via = await estimateRouter().route([railwayStation, pasila, tapiola])
    const legs = (greatCircleMetres(railwayStation, pasila) + greatCircleMetres(pasila, tapiola)) * roadFactor
    expect(via.distanceMetres).toBe(Math.round(legs))
    expect(via.distanceMetres).toBeGreaterThan(direct.distanceMetres)
  })
})

/** An OSRM route answer as the service gives it, without geometry. */
const osrmAnswer = (distance: number, duration: number) => ({
  code: 'Ok',
  routes: [
    {
      legs: [{ steps: [], summary: '', weight: duration, duration, distance }],
      weight_name: 'routability',
      weight: duration,
      duration,
      distance,
    },
  ],
  waypoints: [
    { hint: 'abc', distance: 4.2, name: 'Mannerheimintie', location: [24.9414, 60.1719] },
    { hint: 'def', distance: 1.3, name: 'Tapiolantie', location: [24.8047, 60.1756] },
  ],
})

describe('the OSRM adapter against a stand-in service', () => {
  let service: FakeService
  beforeAll(async () => {
    service = await fakeService()
  })
  afterAll(() => service.close())

  it('asks for the driving route through the points in order, longitude first, without geometry', async () => {
    service.answer({ body: osrmAnswer(12_345.6, 1_234.4) })
    const leg = await osrmRouter({ url: service.url, timeoutMs: 2_000 }).route([
      railwayStation,
      pasila,
      tapiola,
    ])
    expect(leg).toEqual({ distanceMetres: 12_346, durationSeconds: 1_234 })
    const request = service.requests.at(-1)!
    expect(request.url.pathname).toBe('/route/v1/driving/24.9414,60.1719;24.9336,60.1989;24.8047,60.1756')
    expect(request.url.searchParams.get('overview')).toBe('false')
  })

  const route = (timeoutMs = 2_000) =>
    osrmRouter({ url: service.url, timeoutMs }).route([railwayStation, tapiola])
  const reasonOf = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (failure: unknown) => failure,
    )
    expect(error).toBeInstanceOf(RouteError)
    return (error as RouteError).reason
  }

  it('reports no route when OSRM finds none between the points', async () => {
    service.answer({ status: 400, body: { code: 'NoRoute', message: 'Impossible route between points' } })
    expect(await reasonOf(route())).toBe('noRoute')
  })

  it.each([
    ['a 5xx', { status: 502, body: 'Bad gateway' }],
    [
      'a refusal of the request',
      { status: 400, body: { code: 'InvalidQuery', message: 'Query string malformed' } },
    ],
    ['garbage', { body: '<html></html>' }],
    ['an Ok without routes', { body: { code: 'Ok', routes: [] } }],
    ['no answer in time', { body: osrmAnswer(1, 1), delayMs: 1_000 }],
  ])('reports the service unavailable for %s', async (_, answer) => {
    service.answer(answer)
    expect(await reasonOf(route(200))).toBe('unavailable')
  })
})

describe.each(backends)('POST api/booking/route on $name', (backend) => {
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

  const routeOf = (payload: unknown, token: string | null = guardian) =>
    api(test.app, 'espoo', token, { method: 'POST', url: '/api/booking/route', payload })

  it('answers the route through the via points and the direct one, in km to the metre and seconds', async () => {
    const response = await routeOf([
      { ...railwayStation, address: 'Kaivokatu 1', city: 'Helsinki' },
      pasila,
      tapiola,
    ])
    expect(response.statusCode).toBe(200)
    const details: RouteDetails = response.json()
    expect(details).toStrictEqual(endpoints.bookingRoute.response.parse(details))
    const direct = await estimateRouter().route([railwayStation, tapiola])
    const via = await estimateRouter().route([railwayStation, pasila, tapiola])
    expect(details).toEqual({
      routeWithViaPointDistance: via.distanceMetres / 1000,
      routeWithViaPointDuration: via.durationSeconds,
      originalRouteDistance: direct.distanceMetres / 1000,
    })
    const plain: RouteDetails = (await routeOf([railwayStation, tapiola])).json()
    expect(plain.routeWithViaPointDistance).toBe(plain.originalRouteDistance)
    expect(plain.originalRouteDistance).toBe(details.originalRouteDistance)
  })

  it('refuses fewer than two points, more than the most, and coordinates off the globe', async () => {
    for (const payload of [
      [railwayStation],
      Array.from({ length: routeMaxPoints + 1 }, () => railwayStation),
      [railwayStation, { latitude: 91, longitude: 24 }],
      [railwayStation, { latitude: 60 }],
      { from: railwayStation, to: tapiola },
    ]) {
      const response = await routeOf(payload)
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400)
      expect(response.json()).toMatchObject({ statusCode: 400, code: 'validation_failed' })
    }
    expect((await routeOf(Array.from({ length: routeMaxPoints }, () => railwayStation))).statusCode).toBe(200)
  })

  it('refuses a caller without a valid token', async () => {
    const response = await routeOf([railwayStation, tapiola], null)
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ statusCode: 401, code: 'unauthorized' })
  })

  it('measures with a configured OSRM service: 503 when it is down, 400 when it finds no route', async () => {
    const instance = await test.secondInstance({
      router: { kind: 'osrm', url: service.url },
      geoTimeoutMs: 300,
    })
    const post = (payload: unknown) =>
      instance.inject({
        method: 'POST',
        url: '/api/booking/route',
        headers: { host: `espoo.localhost:${testPort}`, authorization: `Bearer ${guardian}` },
        payload: payload as object,
      })
    service.answer((url) =>
      url.pathname.split(';').length > 2
        ? { body: osrmAnswer(9_876.5, 800) }
        : { body: osrmAnswer(7_000.4, 600.6) },
    )
    const measured = await post([railwayStation, pasila, tapiola])
    expect(measured.statusCode).toBe(200)
    expect(measured.json()).toEqual({
      routeWithViaPointDistance: 9.877,
      routeWithViaPointDuration: 800,
      originalRouteDistance: 7,
    })

    service.answer({ status: 503, body: 'Service Unavailable' })
    const down = await post([railwayStation, tapiola])
    expect(down.statusCode).toBe(503)
    expect(down.json()).toEqual({
      statusCode: 503,
      code: 'route_unavailable',
      message: expect.any(String),
    })
    const docs = await test.app.inject({ url: '/api/docs/json', headers: { host: `localhost:${testPort}` } })
    expect(Object.keys(docs.json().paths['/api/booking/route'].post.responses)).toContain('503')

    service.answer({ status: 400, body: { code: 'NoRoute', message: 'Impossible route between points' } })
    const island = await post([railwayStation, { latitude: 60.15, longitude: 24.98 }])
    expect(island.statusCode).toBe(400)
    expect(island.json()).toMatchObject({ statusCode: 400, code: 'route_not_found' })
  })
})
