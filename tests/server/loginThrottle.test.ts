import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { loginThrottlePolicy } from '../../server/domain/loginThrottle'
import { createTestApp, type TestApp } from './support/app'
import { backends } from './support/database'

const addressA = '203.0.113.10'
const addressB = '198.51.100.20'
const right = 'demo-single-2026'
/** A real port, because strong authentication discovers the embedded identity provider over HTTP. */
const port = 9171

describe.each(backends)('the login throttle on $name', (backend) => {
  let test: TestApp
  beforeAll(async () => {
    test = await createTestApp(backend, {
      seed: ['demo'],
      config: { port, publicOrigin: `http://localhost:${port}` },
    })
    await test.app.listen({ host: '127.0.0.1', port })
  })
  afterAll(() => test.close())
  beforeEach(async () => {
    await test.db.deleteFrom('login_throttles').execute()
  })

  const login = (userName: string, password: string, address = addressA, locale = 'en') =>
    test.app.inject({
      method: 'POST',
      url: '/login',
      remoteAddress: address,
      headers: { host: `demo.localhost:${port}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: userName, password, locale }).toString(),
    })
  const free = loginThrottlePolicy.freeFailures

  it('checks at most the free failures of 20 concurrent tries on one username from one address', async () => {
    // All wrong: a right one among them would be free to succeed early and start the pair over (as a success
    // does), letting later ones be checked again; the sequential test below shows the right one refused too.
    const tries = await Promise.all(Array.from({ length: 20 }, () => login('single', 'wrong')))
    const checked = tries.filter((response) => response.statusCode !== 429)
    expect(checked.length).toBeGreaterThanOrEqual(1)
    expect(checked.length).toBeLessThanOrEqual(free)
    for (const refused of tries.filter((response) => response.statusCode === 429)) {
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    }
  })

  it('checks at most the per-address limit of 100 concurrent tries on distinct usernames', async () => {
    const tries = await Promise.all(
      Array.from({ length: 100 }, (_, index) => login(`nobody${index}`, 'wrong')),
    )
    const checked = tries.filter((response) => response.statusCode !== 429)
    expect(checked.length).toBe(loginThrottlePolicy.perAddress)
  })

  it('slows one username from one address down exponentially, answering 429 with Retry-After', async () => {
    for (let i = 1; i < free; i++) {
      const failed = await login('single', 'wrong')
      expect(failed.statusCode).toBe(401)
      expect(failed.body).not.toContain('You can try again')
    }
    // The failure that starts a wait says how long it is, as the refusals after it do.
    const last = await login('single', 'wrong')
    expect(last.statusCode).toBe(401)
    expect(last.body).toContain('Incorrect username or password. You can try again in 2 seconds.')
    const limited = await login('single', right, addressA, 'fi')
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBe('2')
    expect(limited.body).toContain('<html lang="fi">')
    expect(limited.body).toContain('role="alert"')
    expect(limited.body).toContain(
      'Liian monta epäonnistunutta kirjautumisyritystä. Voit yrittää uudelleen 2 sekunnin kuluttua.',
    )
    // The username stays in its field, so the user need not type it again.
    expect(limited.body).toMatch(/name="username"[^>]*value="single"/)

    // Once the wait has passed, one more failure doubles it.
    const waitOver = async () =>
      test.db
        .updateTable('login_throttles')
        .set({ next_allowed_at: Temporal.Now.instant().subtract({ seconds: 1 }) })
        .execute()
    await waitOver()
    const again = await login('single', 'wrong', addressA, 'sv')
    expect(again.statusCode).toBe(401)
    expect(again.body).toContain('Fel användarnamn eller lösenord. Du kan försöka igen om 4 sekunder.')
    expect((await login('single', right)).headers['retry-after']).toBe('4')
    await waitOver()
    expect((await login('single', right)).statusCode).toBe(303)
    // The right password forgives the earlier failures.
    expect((await login('single', 'wrong')).statusCode).toBe(401)
  })

  it('lets the right password in from another address while one address is slowed down', async () => {
    for (let i = 0; i < free; i++) await login('single', 'wrong', addressA)
    expect((await login('single', right, addressA)).statusCode).toBe(429)
    expect((await login('single', right, addressB)).statusCode).toBe(303)
  })

  it('limits one address across usernames, not other addresses', async () => {
    for (let i = 0; i < loginThrottlePolicy.perAddress; i++) await login(`user${i}`, 'wrong', addressA)
    const limited = await login('single', right, addressA)
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(free)
    expect(limited.body).toContain('You can try again in 15 minutes.')
    expect((await login('single', right, addressB)).statusCode).toBe(303)
  })

  it('never limits strong authentication', async () => {
    for (let i = 0; i < loginThrottlePolicy.perAddress; i++) await login(`user${i}`, 'wrong', addressA)
    expect((await login('single', right, addressA)).statusCode).toBe(429)
    const strong = await test.app.inject({
      url: '/login/strong',
      remoteAddress: addressA,
      headers: { host: `demo.localhost:${port}` },
    })
    expect(strong.statusCode).toBe(303)
    expect(strong.headers.location).toMatch(new RegExp(`^http://localhost:${port}/idp/`))
  })
})
