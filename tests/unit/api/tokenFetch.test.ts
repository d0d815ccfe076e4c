import { describe, expect, it } from 'vitest'
import { fetchAccessToken, subjectOf } from '../../../src/api/tokenFetch'
import { fakeFetch, json } from '../api/fakeServer'

const base64url = (value: object) =>
  Buffer.from(JSON.stringify(value))
    .toString('base64')
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
const jwt = (claims: object) => `${base64url({ alg: 'HS256' })}.${base64url(claims)}.signature`

describe('subjectOf', () => {
  it('reads the sub claim of a JWT', () => {
    expect(subjectOf(jwt({ sub: 'u-42', exp: 1 }))).toBe('u-42')
    expect(subjectOf(jwt({ sub: 'käyttäjä-1' }))).toBe('käyttäjä-1')
  })
  it('is null for anything else', () => {
    expect(subjectOf('not-a-jwt')).toBeNull()
    expect(subjectOf(jwt({ name: 'x' }))).toBeNull()
    expect(subjectOf('a.%%%.c')).toBeNull()
  })
})

describe('fetchAccessToken', () => {
  const options = (routes: Parameters<typeof fakeFetch>[0], tenantId = 'espoo') => {
    const server = fakeFetch(routes)
    return {
      options: { origin: 'http://portal.test', tenantId, fetch: server.fetch },
      requests: server.requests,
    }
  }

  it('returns the token, its lifetime, the session’s and the user from the sub claim', async () => {
    const token = jwt({ sub: 'u-1' })
    const { options: o, requests } = options({
      'GET /api/auth/access_token': () =>
        json(200, { accessToken: token, expiresIn: 300, sessionEndsIn: 1790 }),
    })
    await expect(fetchAccessToken(o)).resolves.toEqual({
      kind: 'token',
      token,
      expiresIn: 300,
      userId: 'u-1',
      sessionEndsIn: 1790,
    })
    expect(requests[0]?.headers.get('x-tenant')).toBe('espoo')
  })

  it.each([
    ['missing', {}],
    ['null', { sessionEndsIn: null }],
    ['not a number', { sessionEndsIn: '1790' }],
    ['negative', { sessionEndsIn: -5 }],
  ])('takes the token with the session’s end unknown when that is %s', async (_, extra) => {
    const token = jwt({ sub: 'u-1' })
    const { options: o } = options({
      'GET /api/auth/access_token': () => json(200, { accessToken: token, expiresIn: 300, ...extra }),
    })
    await expect(fetchAccessToken(o)).resolves.toEqual({
      kind: 'token',
      token,
      expiresIn: 300,
      userId: 'u-1',
      sessionEndsIn: null,
    })
  })

  it('says the user was active, so the session slides, only when they were', async () => {
    const token = jwt({ sub: 'u-1' })
    const { options: o, requests } = options({
      'GET /api/auth/access_token': () => json(200, { accessToken: token, expiresIn: 300 }),
    })
    const answers = [true, false]
    await fetchAccessToken({ ...o, active: () => answers.shift()! })
    await fetchAccessToken({ ...o, active: () => answers.shift()! })
    await fetchAccessToken(o)
    expect(requests.map((request) => request.path)).toEqual([
      '/api/auth/access_token?active=1',
      '/api/auth/access_token',
      '/api/auth/access_token',
    ])
  })

  it('sends the page’s locale, which the server keeps with the user for their mails', async () => {
    const token = jwt({ sub: 'u-1' })
    const { options: o, requests } = options({
      'GET /api/auth/access_token': () => json(200, { accessToken: token, expiresIn: 300 }),
    })
    await fetchAccessToken({ ...o, locale: 'sv', active: () => true })
    await fetchAccessToken({ ...o, locale: 'fi' })
    expect(requests.map((request) => request.path)).toEqual([
      '/api/auth/access_token?active=1&locale=sv',
      '/api/auth/access_token?locale=fi',
    ])
  })

  it('asks the account for the user when the token has no sub', async () => {
    const token = jwt({})
    const { options: o, requests } = options({
      'GET /api/auth/access_token': () => json(200, { accessToken: token, expiresIn: 60 }),
      'GET /api/account': () => json(200, { id: 'u-2' }),
    })
    await expect(fetchAccessToken(o)).resolves.toMatchObject({ kind: 'token', userId: 'u-2' })
    expect(requests[1]?.headers.get('authorization')).toBe(`Bearer ${token}`)
  })

  it('is none without a session', async () => {
    const { options: o } = options({
      'GET /api/auth/access_token': () => json(200, { accessToken: null, expiresIn: null }),
    })
    await expect(fetchAccessToken(o)).resolves.toEqual({ kind: 'none' })
  })

  it('sends no tenant header for the default tenant', async () => {
    const { options: o, requests } = options(
      { 'GET /api/auth/access_token': () => json(200, { accessToken: null, expiresIn: null }) },
      'default',
    )
    await fetchAccessToken(o)
    expect(requests[0]?.headers.has('x-tenant')).toBe(false)
  })

  it.each([
    ['a network error', {}],
    ['a server error', { 'GET /api/auth/access_token': () => json(503, {}) }],
    [
      'an HTML page from a static host',
      { 'GET /api/auth/access_token': () => new Response('<!doctype html>') },
    ],
    [
      'a malformed answer',
      { 'GET /api/auth/access_token': () => json(200, { accessToken: 'x', expiresIn: -1 }) },
    ],
  ])('is unreachable on %s', async (_, routes) => {
    const { options: o } = options(routes)
    await expect(fetchAccessToken(o)).resolves.toEqual({ kind: 'unreachable' })
  })

  it.each([
    ['no connection', {}, [false]],
    ['a server error', { 'GET /api/auth/access_token': () => json(503, {}) }, [true]],
    [
      'no session',
      { 'GET /api/auth/access_token': () => json(200, { accessToken: null, expiresIn: null }) },
      [true],
    ],
  ])('tells whether the server answered, on %s', async (_, routes, told) => {
    const answers: boolean[] = []
    const { options: o } = options(routes)
    await fetchAccessToken({ ...o, onAnswer: (answered) => answers.push(answered) })
    expect(answers).toEqual(told)
  })
})
