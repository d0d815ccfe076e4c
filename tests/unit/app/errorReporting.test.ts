import { describe, expect, it, vi } from 'vitest'
import { installErrorCapture } from '../../../src/app/startup/errorCapture'
import { createErrorReporter, type ErrorReporterOptions } from '../../../src/api/errorReporting'
import { fakeFetch, json } from '../api/fakeServer'

function reporter(answer: () => Response, options: Partial<ErrorReporterOptions> = {}) {
  const server = fakeFetch({ 'POST /api/client-errors': answer })
  const settings: ErrorReporterOptions = {
    origin: 'http://portal.test',
    tenantId: 'espoo',
    release: '0.1.0+abc',
    page: () => '/espoo/trips/t-77/2026-11-21?redirect=x',
    fetch: server.fetch,
    online: () => true,
    ...options,
  }
  return { reporter: createErrorReporter(settings), settings, server }
}

const accepted = () => json(200, { accepted: true })

describe('client error reporter', () => {
  it('sends a scrubbed report with tenant and release, and never a token or cookie', async () => {
    const { reporter: errors, server } = reporter(accepted)
    await errors.report({ kind: 'error', error: new TypeError('no trip for ella@example.fi') })
    const [request] = server.requests
    expect(request?.path).toBe('/api/client-errors')
    expect(request?.headers.get('x-tenant')).toBe('espoo')
    expect(request?.headers.has('authorization')).toBe(false)
    expect(server.fetch).toHaveBeenCalledWith(
      expect.any(URL),
      expect.objectContaining({ credentials: 'omit', keepalive: true }),
    )
    expect(request?.body).toMatchObject({
      kind: 'error',
      message: 'TypeError: no trip for [email]',
      page: '/espoo/trips/:param/:param',
      release: '0.1.0+abc',
      api: null,
    })
    expect((request?.body as { stack: string }).stack).toContain('errorReporting.test.ts')
  })

  it('reports a failed call with its endpoint and status', async () => {
    const { reporter: errors, server } = reporter(accepted)
    await errors.report({
      kind: 'api',
      endpoint: 'listTrips',
      status: 503,
      message: 'GET /api/x answered 503',
    })
    expect(server.requests[0]?.body).toMatchObject({
      kind: 'api',
      stack: null,
      api: { endpoint: 'listTrips', status: 503 },
    })
  })

  it('sends each distinct error once and at most maxReports per page', async () => {
    const { reporter: errors, server } = reporter(accepted, { maxReports: 3 })
    for (let i = 0; i < 3; i++) await errors.report({ kind: 'rejection', error: new Error('same') })
    for (let i = 0; i < 5; i++) await errors.report({ kind: 'rejection', error: new Error(`other ${i}`) })
    expect(server.requests.map((request) => (request.body as { message: string }).message)).toEqual([
      'Error: same',
      'Error: other 0',
      'Error: other 1',
    ])
  })

  it.each([
    ['a 429', () => json(429, { statusCode: 429, code: 'too_many_requests', message: 'slow down' })],
    ['a 500', () => json(500, {})],
    [
      'no answer',
      () => {
        throw new TypeError('Failed to fetch')
      },
    ],
  ])('falls silent after its own failure (%s), so it cannot loop', async (_, answer) => {
    const { reporter: errors, server } = reporter(answer)
    await errors.report({ kind: 'error', error: new Error('first') })
    await errors.report({ kind: 'error', error: new Error('second') })
    expect(server.requests).toHaveLength(1)
  })

  it('sends nothing offline, and keeps the error for when it happens again online', async () => {
    let online = false
    const { reporter: errors, server } = reporter(accepted, { online: () => online })
    await errors.report({ kind: 'api', endpoint: 'listTrips', status: 0, message: 'no answer' })
    expect(server.requests).toHaveLength(0)
    online = true
    await errors.report({ kind: 'api', endpoint: 'listTrips', status: 0, message: 'no answer' })
    expect(server.requests).toHaveLength(1)
  })

  it('sends no tenant header for the default tenant and describes a thrown non-error', async () => {
    const { reporter: errors, server } = reporter(accepted, { tenantId: 'default' })
    await errors.report({ kind: 'rejection', error: { secret: 'x' } })
    expect(server.requests[0]?.headers.has('x-tenant')).toBe(false)
    expect(server.requests[0]?.body).toMatchObject({ message: 'Non-error value thrown', stack: null })
  })
})

describe('error capture', () => {
  it('reports uncaught errors and unhandled rejections of the page, loading the reporter on the first', async () => {
    const target = new EventTarget()
    const { settings, server } = reporter(accepted)
    installErrorCapture(target as unknown as Window, settings)
    target.dispatchEvent(Object.assign(new Event('error'), { error: new RangeError('bad index') }))
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('lost') }))
    await vi.waitFor(() => expect(server.requests).toHaveLength(2))
    expect(server.requests.map((request) => request.body)).toEqual([
      expect.objectContaining({ kind: 'error', message: 'RangeError: bad index' }),
      expect.objectContaining({ kind: 'rejection', message: 'Error: lost' }),
    ])
  })
})
