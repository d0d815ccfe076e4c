import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { NotificationKind } from '../../src/contract'
import { emailLinkKeyOnce, unsubscribeToken } from '../../server/email/unsubscribeLinks'
import type { TenantId } from '../../tenants'
import { createTestApp, testPort, type TestApp } from './support/app'
import { backends } from './support/database'
import { newGuardian } from './support/messages'

/** One-click unsubscribe (RFC 8058, server/routes/emailUnsubscribe.ts): the token is the authority, no session. */
describe.each(backends)('one-click unsubscribe on $name', (backend) => {
  let test: TestApp
  let key: Buffer

  beforeAll(async () => {
    test = await createTestApp(backend)
    key = await emailLinkKeyOnce(test.db)()
  })
  afterAll(() => test.close())

  const tokenFor = (userId: string, kind: NotificationKind, tenant: TenantId = 'espoo') =>
    unsubscribeToken(key, { tenant, userId, kind })

  /** A request as a mail client or a browser makes it: from another site, no cookie, under the tenant's prefix. */
  const visit = (method: 'GET' | 'POST', token: string, body?: { type: string; payload: string }) =>
    test.app.inject({
      method,
      url: `/espoo/email/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: {
        host: `localhost:${testPort}`,
        'sec-fetch-site': 'cross-site',
        origin: 'https://mail.example.com',
        ...(body ? { 'content-type': body.type } : {}),
      },
      payload: body?.payload,
    })
  const oneClick = { type: 'application/x-www-form-urlencoded', payload: 'List-Unsubscribe=One-Click' }

  const emailSwitches = (userId: string) =>
    test.db
      .selectFrom('email_switches')
      .select(['passenger_id', 'kind', 'enabled'])
      .where('tenant_id', '=', 'espoo')
      .where('user_id', '=', userId)
      .orderBy('passenger_id')
      .orderBy('kind')
      .execute()

  /** A guardian of two passengers who chose the car-is-near alert by e-mail for the first, writing in `locale`. */
  const guardian = async (locale: 'fi' | 'sv' | null = 'fi') => {
    const user = await newGuardian(test.db, 'espoo', 'Peruuttava Huoltaja', 2)
    await test.db
      .updateTable('users')
      .set({ locale })
      .where('tenant_id', '=', 'espoo')
      .where('id', '=', user.userId)
      .execute()
    await test.db
      .insertInto('email_switches')
      .values({
        tenant_id: 'espoo',
        user_id: user.userId,
        passenger_id: user.passengerIds[0]!,
        kind: 'eta',
        enabled: true,
      })
      .execute()
    return user
  }

  it('asks on GET, naming the kind in the user’s language, and changes nothing', async () => {
    const user = await guardian('fi')
    const before = await emailSwitches(user.userId)
    const page = await visit('GET', tokenFor(user.userId, 'tripChanged'))
    expect(page.statusCode, page.body).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.headers['cache-control']).toBe('no-store')
    expect(page.body).toContain('<html lang="fi">')
    expect(page.body).toContain('Matka peruttu tai aika muuttunut')
    expect(page.body).toMatch(/<form method="post" action="\/espoo\/email\/unsubscribe\?token=[^"]+"/)
    expect(await emailSwitches(user.userId)).toEqual(before)
  })

  it('turns that kind off by e-mail for all the user’s passengers on the mail client’s one-click POST', async () => {
    const user = await guardian('sv')
    const other = await guardian()
    const [first, second] = user.passengerIds as [string, string]
    const done = await visit('POST', tokenFor(user.userId, 'tripChanged'), oneClick)
    expect(done.statusCode, done.body).toBe(200)
    expect(done.body).toContain('<html lang="sv">')
    expect(done.body).toContain('Resan inställd eller tiden ändrad')
    expect(done.body).toContain('href="/espoo/notifications?lang=sv"')
    const expected = [
      { passenger_id: first, kind: 'eta', enabled: true },
      { passenger_id: first, kind: 'tripChanged', enabled: false },
      { passenger_id: second, kind: 'tripChanged', enabled: false },
    ].sort((a, b) => a.passenger_id.localeCompare(b.passenger_id) || a.kind.localeCompare(b.kind))
    expect(await emailSwitches(user.userId)).toEqual(expected)
    // Again is the same; another user's choices are untouched.
    expect((await visit('POST', tokenFor(user.userId, 'tripChanged'), oneClick)).statusCode).toBe(200)
    expect(await emailSwitches(user.userId)).toEqual(expected)
    expect(await emailSwitches(other.userId)).toEqual([
      { passenger_id: other.passengerIds[0], kind: 'eta', enabled: true },
    ])
  })

  it('turns a chosen kind off too, from the page’s form or a multipart one-click', async () => {
    const user = await guardian(null)
    const form = await visit('POST', tokenFor(user.userId, 'eta'), {
      type: 'application/x-www-form-urlencoded',
      payload: 'locale=en',
    })
    expect(form.statusCode, form.body).toBe(200)
    expect(form.body).toContain('The car is near')
    const multipart = await visit('POST', tokenFor(user.userId, 'message'), {
      type: 'multipart/form-data; boundary=x',
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    })
    expect(multipart.statusCode, multipart.body).toBe(200)
    const rows = await emailSwitches(user.userId)
    expect(rows.filter((row) => row.kind === 'eta').map((row) => row.enabled)).toEqual([false, false])
    expect(rows.filter((row) => row.kind === 'message').map((row) => row.enabled)).toEqual([false, false])
  })

  it('refuses a forged token, one cut short, one for another tenant and none with a translated 400 page', async () => {
    const user = await guardian('fi')
    const good = tokenFor(user.userId, 'tripChanged')
    const before = await emailSwitches(user.userId)
    const forged = `${user.userId}.reminder.${good.split('.')[2]}`
    for (const token of [forged, good.slice(0, -3), tokenFor(user.userId, 'tripChanged', 'demo'), ''])
      for (const method of ['GET', 'POST'] as const) {
        const refused = await visit(method, token, method === 'POST' ? oneClick : undefined)
        expect(refused.statusCode, `${method} ${token}`).toBe(400)
        expect(refused.headers['content-type']).toMatch(/^text\/html/)
        // No user is known: the page's language, English on localhost.
        expect(refused.body).toContain('This link does not work')
      }
    const finnish = await test.app.inject({
      url: `/espoo/email/unsubscribe?token=${encodeURIComponent(forged)}&lang=fi`,
      headers: { host: `localhost:${testPort}` },
    })
    expect(finnish.body).toContain('Linkki ei toimi')
    expect(await emailSwitches(user.userId)).toEqual(before)
  })
})
