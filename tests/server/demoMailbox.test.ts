import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './support/app'
import { backends } from './support/database'
import { cancelledTrip, queueMail, resetFor } from './support/mailSenders'

/** The demo without SMTP settings keeps its mails and shows them only on a local host. */
describe.each(backends)('the demo mailbox ($name)', (backend) => {
  let test: TestApp
  beforeAll(async () => {
    test = await createTestApp(backend, {
      seed: ['espoo'],
      config: { pushSender: false, webhookSender: false },
    })
    await test.app.ready()
  })
  afterAll(() => test.close())

  const page = (url: string, host: string, headers: Record<string, string> = {}) =>
    test.app.inject({ method: 'GET', url, headers: { host, ...headers } })

  it('keeps each mail in demo_mails, sent once, and lists it newest first with working links on localhost', async () => {
    expect(test.app.email.mode).toBe('demo')
    await queueMail(test.db, { toAddress: 'first@example.fi', data: resetFor('guardian'), locale: 'en' })
    await queueMail(test.db, { toAddress: 'second@example.fi', data: resetFor('single'), locale: 'en' })
    test.app.email.wake()
    const kept = () =>
      test.db.selectFrom('demo_mails').select(['to_address', 'subject']).orderBy('id').execute()
    await expect.poll(kept, { timeout: 10_000, interval: 100 }).toHaveLength(2)
    // Sent 16 at once: kept in either order.
    const [older, newer] = (await kept()).map((mail) => mail.to_address)
    expect([older, newer].sort()).toEqual(['first@example.fi', 'second@example.fi'])
    const states = await test.db.selectFrom('email_deliveries').select('state').execute()
    expect(states.map((row) => row.state)).toEqual(['sent', 'sent'])

    const response = await page('/espoo/demo-mailbox?lang=fi', 'localhost')
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.body).toContain('<html lang="fi">')
    expect(response.body).toContain('Demon sähköpostit')
    expect(response.body.indexOf(newer!)).toBeLessThan(response.body.indexOf(older!))
    expect(response.body).toContain('<h2>Reset your password</h2>')
    const reset = 'https://espoo.matkaportaali.fi/login/reset?token=reset-single&amp;locale=en'
    expect(response.body).toContain(`<a href="${reset}">${reset}</a>`)
  })

  it('answers 404 on a public name, and to a request a proxy forwarded', async () => {
    await queueMail(test.db, { toAddress: 'x@example.fi', data: cancelledTrip() })
    const pub = await page('/demo-mailbox', 'espoo.matkaportaali.fi')
    expect(pub.statusCode, pub.body).toBe(404)
    expect(
      (await page('/espoo/demo-mailbox', 'localhost', { 'x-forwarded-for': '203.0.113.9' })).statusCode,
    ).toBe(404)
    expect((await page('/espoo/demo-mailbox', '127.0.0.1')).statusCode).toBe(200)
  })
})
