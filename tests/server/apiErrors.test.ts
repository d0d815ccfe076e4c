import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiError } from '../../src/contract/common'
import { endpoints } from '../../src/contract/endpoints'
import { operatorEndpoints } from '../../src/contract/operator'
import { createTestApp, testPort, tokenFor, type TestApp } from './support/app'
import { backends } from './support/database'

describe.each(backends)('bad input and the API document on $name', (backend) => {
  let test: TestApp
  let token: string
  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo'] })
    token = await tokenFor(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
  })
  afterAll(() => test.close())

  const post = (payload: string, contentType = 'application/json') =>
    test.app.inject({
      method: 'POST',
      url: '/api/passenger',
      headers: {
        host: `espoo.localhost:${testPort}`,
        authorization: `Bearer ${token}`,
        'content-type': contentType,
      },
      payload,
    })

  it.each([
    ['malformed JSON', () => post('{"token": '), 400, 'bad_request'],
    ['an empty JSON body', () => post(''), 400, 'bad_request'],
    ['a wrong type', () => post('{"token": 12345}'), 400, 'validation_failed'],
    ['a missing field', () => post('{}'), 400, 'validation_failed'],
    ['an array body', () => post('[]'), 400, 'validation_failed'],
    ['plain text', () => post('LISAA-1001', 'text/plain'), 415, 'unsupported_media_type'],
    [
      'a form post',
      () => post('token=LISAA-1001', 'application/x-www-form-urlencoded'),
      415,
      'unsupported_media_type',
    ],
    ['an oversize body', () => post(JSON.stringify({ token: 'x'.repeat(70_000) })), 413, 'payload_too_large'],
  ])('answers %s with %i and the stable shape', async (_name, send, status, code) => {
    const response = await send()
    expect(response.statusCode).toBe(status)
    expect(response.headers['content-type']).toContain('application/json')
    const body = response.json()
    expect(apiError.parse(body)).toEqual(body)
    expect(body).toMatchObject({ statusCode: status, code })
  })

  it('refuses a NUL character in the body or the path with 400, where the database could not store it', async () => {
    const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
      test.app.inject({
        method,
        url,
        headers: { host: `espoo.localhost:${testPort}`, authorization: `Bearer ${token}` },
        payload,
      })
    for (const [method, url, payload, property] of [
      [
        'POST',
        '/api/trip/cancel',
        { trips: [{ id: 'a', date: '2026-11-24' }], reason: 'a\u0000b' },
        'reason',
      ],
      [
        'POST',
        '/api/trip/cancel',
        { trips: [{ id: 'a\u0000', date: '2026-11-24' }], reason: 'x' },
        'trips.0.id',
      ],
      ['POST', '/api/passenger', { token: 'LISAA\u0000' }, 'token'],
      ['PUT', '/api/passenger/p%00', { avatarText: 'AB' }, 'id'],
    ] as const) {
      const response = await send(method, url, payload)
      expect(response.statusCode, url).toBe(400)
      expect(response.json()).toMatchObject({
        code: 'validation_failed',
        errors: [{ property, error: 'invalid_character' }],
      })
    }
  })

  it('refuses JSON nested deeper than 32 with 400, unauthenticated or not, before anything walks it', async () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`
    const send = (url: string, payload: string, headers: Record<string, string> = {}) =>
      test.app.inject({
        method: 'POST',
        url,
        headers: { host: `espoo.localhost:${testPort}`, 'content-type': 'application/json', ...headers },
        payload,
      })
    const authorized = { authorization: `Bearer ${token}` }
    for (const [url, headers] of [
      ['/api/client-errors', {}],
      ['/api/passenger', authorized],
    ] as const) {
      for (const payload of [nested(20_000), nested(33), `{"a":${nested(32)}}`]) {
        const response = await send(url, payload, headers)
        expect(response.statusCode, url).toBe(400)
        expect(response.json()).toEqual({
          statusCode: 400,
          code: 'validation_failed',
          message: 'The request is nested too deeply',
          errors: [{ property: 'body', error: 'too_deep' }],
        })
      }
      // 32 levels pass the check and meet the endpoint's own validation.
      const allowed = await send(url, nested(32), headers)
      expect(allowed.statusCode, url).toBe(400)
      expect(allowed.json().errors).toEqual([{ property: 'body', error: 'invalid_type' }])
    }
  })

  it('names the field of a validation error', async () => {
    expect((await post('{}')).json().errors).toEqual([{ property: 'token', error: 'invalid_type' }])
    expect((await post('[]')).json().errors).toEqual([{ property: 'body', error: 'invalid_type' }])
  })

  it('answers an unknown API route or method with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing'],
      ['DELETE', '/api/passenger'],
      ['GET', '/api'],
    ] as const) {
      const response = await test.app.inject({
        method,
        url,
        headers: { host: `espoo.localhost:${testPort}` },
      })
      expect(response.statusCode, url).toBe(404)
      expect(response.json()).toMatchObject({ statusCode: 404, code: 'not_found' })
    }
  })

  it('documents every contract endpoint in the OpenAPI document', async () => {
    const response = await test.app.inject({
      url: '/api/docs/json',
      headers: { host: `localhost:${testPort}` },
    })
    expect(response.statusCode).toBe(200)
    interface Operation {
      summary: string
      security?: Record<string, string[]>[]
      parameters?: { in: string; name: string }[]
      responses: Record<string, unknown>
    }
    const document = response.json() as {
      paths: Record<string, Record<string, Operation>>
      components: { securitySchemes: Record<string, { type: string; in?: string; name?: string }> }
    }
    for (const endpoint of [...Object.values(endpoints), ...Object.values(operatorEndpoints)]) {
      const path = endpoint.path.replace(/:(\w+)/g, '{$1}')
      const operation = document.paths[path]?.[endpoint.method.toLowerCase()]
      expect(operation?.summary, path).toBe(endpoint.summary)
      if (endpoint.method === 'GET') continue
      if (('readOnly' in endpoint && endpoint.readOnly) || ('batch' in endpoint && endpoint.batch)) {
        // A POST that only reads (the polled trip status) takes no Idempotency-Key, nor does a batch, whose
        // commands carry one each.
        expect(operation?.parameters ?? [], path).not.toContainEqual(
          expect.objectContaining({ in: 'header', name: 'idempotency-key' }),
        )
        continue
      }
      // Every state-changing call documents its Idempotency-Key and the 409 and 422 answers.
      expect(operation?.parameters, path).toContainEqual(
        expect.objectContaining({ in: 'header', name: 'idempotency-key' }),
      )
      expect(Object.keys(operation?.responses ?? {}), path).toEqual(expect.arrayContaining(['409', '422']))
      // The 409 says a key stays in flight after a crash, and when a retry may run it (Retry-After).
      expect(operation?.responses['409'], path).toMatchObject({
        description: expect.stringMatching(/idempotency_in_flight.*crashed.*2 minutes.*Retry-After/),
        headers: { 'retry-after': { schema: { type: 'integer' } } },
      })
    }
    const operator = document.paths['/api/operator/trips/{id}/events']?.post
    expect(operator?.security).toEqual([{ apiKey: [] }])
    expect(document.components.securitySchemes.apiKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-Api-Key',
    })
    expect(Object.keys(document.paths).every((path) => path.startsWith('/api/'))).toBe(true)
    const ui = await test.app.inject({ url: '/api/docs', headers: { host: `localhost:${testPort}` } })
    expect([200, 302]).toContain(ui.statusCode)
  })
})
