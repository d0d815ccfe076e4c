import { describe, expect, it, vi } from 'vitest'
import { createApiClient, requestHeaders } from '../../../src/api/client'
import { fillPath, pathParams } from '../../../src/contract/endpoints'
import { ApiRequestError } from '../../../src/api/errors'
import { passengerOf, tripOf } from '../db/samples'
import { fakeFetch, json } from './fakeServer'

function client(
  routes: Parameters<typeof fakeFetch>[0],
  options: { tenantId?: string; token?: string | null } = {},
) {
  const server = fakeFetch(routes)
  const onUnauthorized = vi.fn()
  const onFailure = vi.fn()
  const onAnswer = vi.fn()
  const api = createApiClient({
    origin: 'http://portal.test',
    tenantId: options.tenantId ?? 'espoo',
    token: () => (options.token === undefined ? 'tok' : options.token),
    onUnauthorized,
    onFailure,
    onAnswer,
    fetch: server.fetch,
  })
  return { api, onUnauthorized, onFailure, onAnswer, requests: server.requests }
}

const anna = passengerOf('p1', 'Anna')

describe('fillPath and pathParams', () => {
  it('fills and encodes :params', () => {
    expect(fillPath('/api/passenger/:id/trips', { id: 'a b/c' })).toBe('/api/passenger/a%20b%2Fc/trips')
  })
  it('refuses a missing parameter', () => {
    expect(() => fillPath('/api/passenger/:id', {})).toThrow(/id/)
  })
  it('names the parameters a path takes', () => {
    expect(pathParams('/api/message/:id/seen')).toEqual(['id'])
    expect(pathParams('/api/trip/:tripId/at/:date')).toEqual(['tripId', 'date'])
    expect(pathParams('/api/message')).toEqual([])
  })
})

describe('requestHeaders', () => {
  it('sends the bearer token when there is one, and the tenant unless default', () => {
    expect(requestHeaders('espoo', 'tok')).toMatchObject({ Authorization: 'Bearer tok', 'X-Tenant': 'espoo' })
    const anonymousDefault = requestHeaders('default', null)
    expect(anonymousDefault).not.toHaveProperty('Authorization')
    expect(anonymousDefault).not.toHaveProperty('X-Tenant')
  })
})

describe('api client', () => {
  it('calls an endpoint by name and parses the answer with the contract', async () => {
    const { api, requests } = client({ 'GET /api/passenger': () => json(200, [anna]) })
    await expect(api.call('listPassengers')).resolves.toEqual([anna])
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer tok')
    expect(requests[0]?.headers.get('x-tenant')).toBe('espoo')
  })

  it('fills path params and sends the body as JSON', async () => {
    const { api, requests } = client({
      'PUT /api/passenger/p1': () => json(200, { ...anna, avatarText: 'AN' }),
    })
    const updated = await api.call('updatePassenger', { params: { id: 'p1' }, body: { avatarText: 'an' } })
    expect(updated.avatarText).toBe('AN')
    expect(requests[0]).toMatchObject({
      method: 'PUT',
      path: '/api/passenger/p1',
      body: { avatarText: 'an' },
    })
  })

  it('sends no bearer header without a valid token, and no tenant header for default', async () => {
    const { api, requests } = client(
      { 'GET /api/passenger': () => json(200, []) },
      { tenantId: 'default', token: null },
    )
    await api.call('listPassengers')
    expect(requests[0]?.headers.has('authorization')).toBe(false)
    expect(requests[0]?.headers.has('x-tenant')).toBe(false)
  })

  it('turns an error answer into ApiRequestError with the contract body', async () => {
    const body = {
      statusCode: 400,
      code: 'validation_failed',
      message: 'bad',
      errors: [{ property: 'password', error: 'PasswordTooShort' }],
    }
    const { api } = client({ 'POST /api/account/changePassword': () => json(400, body) })
    const error = await api
      .call('changePassword', { body: { userName: 'x', password: 'y' } })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiRequestError)
    expect(error).toMatchObject({ status: 400, body })
  })

  it('keeps the status with a null body when the error is not in the contract shape', async () => {
    const { api } = client({
      'GET /api/account': () => new Response('<h1>Bad gateway</h1>', { status: 502 }),
    })
    await expect(api.call('getAccount')).rejects.toMatchObject({ status: 502, body: null })
  })

  it('reports a network failure as status 0', async () => {
    const { api } = client({})
    await expect(api.call('listPassengers')).rejects.toMatchObject({ status: 0, body: null })
  })

  it('reports a 401 to the auth machine', async () => {
    const { api, onUnauthorized } = client({
      'GET /api/account': () => json(401, { statusCode: 401, code: 'unauthorized', message: 'no' }),
    })
    await expect(api.call('getAccount')).rejects.toMatchObject({ status: 401 })
    expect(onUnauthorized).toHaveBeenCalledTimes(1)
    // With the token the refused request carried, so a 401 for a replaced token can be told apart.
    expect(onUnauthorized).toHaveBeenCalledWith('tok')
  })

  it('sends extra headers of a call, but never lets them replace the auth or tenant headers', async () => {
    const { api, requests } = client({ 'POST /api/trip/review': () => json(400, {}) })
    const body = { trip: { id: 't1', date: '2026-11-23' }, comment: 'Ok', driverStars: 4, experienceStars: 4 }
    await expect(
      api.call('reviewTrip', { body, headers: { 'Idempotency-Key': 'k-1', Authorization: 'Bearer forged' } }),
    ).rejects.toBeInstanceOf(ApiRequestError)
    expect(requests[0]!.headers.get('Idempotency-Key')).toBe('k-1')
    expect(requests[0]!.headers.get('Authorization')).toBe('Bearer tok')
  })

  it('does not report other errors as unauthorized', async () => {
    const { api, onUnauthorized } = client({
      'GET /api/account': () => json(404, { statusCode: 404, code: 'not_found', message: 'no' }),
    })
    await expect(api.call('getAccount')).rejects.toMatchObject({ status: 404 })
    expect(onUnauthorized).not.toHaveBeenCalled()
  })

  it('rejects a response that does not match the contract', async () => {
    const { api } = client({ 'GET /api/passenger': () => json(200, [{ id: 'p1' }]) })
    await expect(api.call('listPassengers')).rejects.toBeInstanceOf(ApiRequestError)
  })

  it('tells error reporting about a 5xx, no answer, or an answer outside the contract, by path template', async () => {
    const { api, onFailure } = client({
      'GET /api/passenger/p1/trips': () => json(503, {}),
      'GET /api/passenger': () => json(200, [{ id: 'p1' }]),
    })
    await expect(api.call('listTrips', { params: { id: 'p1' } })).rejects.toMatchObject({ status: 503 })
    await expect(api.call('listPassengers')).rejects.toBeInstanceOf(ApiRequestError)
    await expect(api.call('getAccount')).rejects.toMatchObject({ status: 0 })
    expect(onFailure.mock.calls.map(([failure]) => failure as object)).toEqual([
      { endpoint: 'listTrips', status: 503, message: 'GET /api/passenger/:id/trips answered 503' },
      {
        endpoint: 'listPassengers',
        status: 200,
        message: 'GET /api/passenger answered outside the contract',
      },
      { endpoint: 'getAccount', status: 0, message: 'GET /api/account got no answer' },
    ])
  })

  it('does not report ordinary 4xx answers as failures', async () => {
    const { api, onFailure } = client({
      'GET /api/account': () => json(404, { statusCode: 404, code: 'not_found', message: 'no' }),
      'GET /api/passenger': () => json(401, { statusCode: 401, code: 'unauthorized', message: 'no' }),
    })
    await expect(api.call('getAccount')).rejects.toMatchObject({ status: 404 })
    await expect(api.call('listPassengers')).rejects.toMatchObject({ status: 401 })
    expect(onFailure).not.toHaveBeenCalled()
  })
})

describe('api client: whether the server answered', () => {
  it('counts any answer of the server, and neither no answer nor a gateway’s 502 or 504', async () => {
    const { api, onAnswer } = client({
      'GET /api/account': () => json(404, { statusCode: 404, code: 'not_found', message: 'no' }),
      'GET /api/passenger': () => json(200, [anna]),
      'GET /api/passenger/p1/trips': () => json(502, {}),
      'GET /api/passenger/p2/trips': () => json(504, {}),
      'GET /api/passenger/p3/trips': () => json(503, {}),
    })
    await api.call('getAccount').catch(() => undefined)
    await api.call('listPassengers')
    for (const id of ['p1', 'p2', 'p3', 'p4']) {
      await api.call('listTrips', { params: { id } }).catch(() => undefined)
    }
    expect(onAnswer.mock.calls.map(([answered]) => answered as boolean)).toEqual([
      true,
      true,
      false,
      false,
      true,
      false,
    ])
  })
})

describe('api client: conditional calls', () => {
  const trip = tripOf('t1', anna, '2026-11-21T10:00:00+02:00')
  const body = { passengerId: 'p1', tripId: 't1', date: trip.date }

  it('sends no If-None-Match without an ETag, and hands back the answer with its ETag', async () => {
    const { api, requests } = client({
      'POST /api/trip/status': () =>
        new Response(JSON.stringify(trip), { status: 200, headers: { ETag: '"v1"' } }),
    })
    await expect(api.callIfChanged('tripStatus', { body }, null)).resolves.toEqual({
      changed: true,
      data: trip,
      etag: '"v1"',
    })
    expect(requests[0]?.headers.has('if-none-match')).toBe(false)
  })

  it('sends the last ETag and reads a 304 as unchanged, with no body to parse and no failure', async () => {
    const { api, requests, onFailure } = client({
      'POST /api/trip/status': () => new Response(null, { status: 304, headers: { ETag: '"v1"' } }),
    })
    await expect(api.callIfChanged('tripStatus', { body }, '"v1"')).resolves.toEqual({ changed: false })
    expect(requests[0]?.headers.get('if-none-match')).toBe('"v1"')
    expect(onFailure).not.toHaveBeenCalled()
  })

  it('still fails a conditional call on an error answer', async () => {
    const { api } = client({
      'GET /api/track/abcdefghijklmnopqrstuv': () =>
        json(404, { statusCode: 404, code: 'tracking_ended', message: 'ended' }),
    })
    const answer = api.callIfChanged('trackTrip', { params: { link: 'abcdefghijklmnopqrstuv' } }, '"v1"')
    await expect(answer).rejects.toMatchObject({ status: 404, body: { code: 'tracking_ended' } })
  })
})
