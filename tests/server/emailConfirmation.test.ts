import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { confirmAddress } from '../../server/accountMail/addressConfirmation'
import { tenantDb } from '../../server/db/tenantDb'
import { api, createTestApp, sessionTokenFor, testPort, type TestApp } from './support/app'
import { getPage, mailsSince, pageText, queuedMails, queuedOnly, userWith } from './support/accountMail'
import { backends } from './support/database'

const password = 'Vahva-salasana-2026'
const sha256 = (token: string) => createHash('sha256').update(token).digest('base64url')

describe.each(backends)('a confirmed address, on $name', (backend) => {
  let test: TestApp
  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo'], config: { email: queuedOnly } })
  })
  afterAll(() => test.close())

  const setEmail = (token: string, email: string) =>
    api(test.app, 'espoo', token, { method: 'PUT', url: '/api/account/email', payload: { email } })
  const account = async (token: string) =>
    (await api(test.app, 'espoo', token, { url: '/api/account' })).json()
  const verify = (token: string) =>
    getPage(test.app, 'espoo', `/email/verify?token=${encodeURIComponent(token)}`)
  const mailCount = async () => (await queuedMails(test.db, 'espoo')).length
  /** The confirmation link's token of the newest verifyEmail mail. */
  const newestVerifyToken = async () => {
    const mail = (await queuedMails(test.db, 'espoo')).findLast((row) => row.kind === 'verifyEmail')
    if (mail?.data.kind !== 'verifyEmail') throw new Error('no verifyEmail mail')
    return mail.data.token
  }

  it('stores a new address unconfirmed and mails its single-use link, keeping only its hash', async () => {
    const user = await userWith(test.db, 'espoo', { email: null, confirmed: false, name: 'Liisa Laine' })
    const token = await sessionTokenFor(test.db, 'espoo', user.id)
    expect(await account(token)).toMatchObject({ email: null, emailStatus: 'none', mailEnabled: true })
    const before = await mailCount()

    const changed = await setEmail(token, ' liisa.laine@example.fi ')
    expect(changed.statusCode).toBe(200)
    expect(changed.json()).toMatchObject({ email: 'liisa.laine@example.fi', emailStatus: 'unverified' })
    const [mail, ...more] = await mailsSince(test.db, 'espoo', before)
    expect(more).toEqual([])
    expect(mail).toMatchObject({
      user_id: user.id,
      to_address: 'liisa.laine@example.fi',
      kind: 'verifyEmail',
      portal_url: `http://espoo.localhost:${testPort}`,
      data: { kind: 'verifyEmail', firstName: 'Liisa', token: expect.any(String) },
    })
    const linkToken = mail!.data.kind === 'verifyEmail' ? mail!.data.token : ''
    expect(Buffer.from(linkToken, 'base64url')).toHaveLength(32)
    const stored = await test.db
      .selectFrom('email_tokens')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute()
    expect(stored).toHaveLength(1)
    expect(stored[0]).toMatchObject({ token_hash: sha256(linkToken), purpose: 'verify', used_at: null })
    expect(JSON.stringify(stored)).not.toContain(linkToken)
    const lifetime = Temporal.Instant.from(String(stored[0]!.expires_at)).since(stored[0]!.created_at)
    expect(Math.round(lifetime.total('hours'))).toBe(24)

    const confirmed = await verify(linkToken)
    expect(confirmed.statusCode).toBe(200)
    expect(pageText(confirmed.body)).toContain('Your e-mail address is confirmed')
    expect(await account(token)).toMatchObject({ emailStatus: 'verified' })
    const again = await verify(linkToken)
    expect(again.statusCode).toBe(410)
    expect(pageText(again.body)).toContain('Send the link again')
  })

  it('writes the page in the user’s language and refuses an unknown link with 400', async () => {
    const user = await userWith(test.db, 'espoo', { email: null, confirmed: false })
    await tenantDb(test.db, 'espoo').users.noteLocale(user.id, 'sv', 'http://espoo.localhost')
    await setEmail(await sessionTokenFor(test.db, 'espoo', user.id), 'svensk@example.fi')
    const page = await verify(await newestVerifyToken())
    expect(page.body).toContain('lang="sv"')
    const unknown = await verify('not-a-token')
    expect(unknown.statusCode).toBe(400)
    expect(pageText(unknown.body)).toContain('Check that the whole link was copied')
  })

  it('tells the old address only when it was confirmed, and the same address again changes nothing', async () => {
    const user = await userWith(test.db, 'espoo', { email: 'vanha@example.fi', confirmed: true, password })
    const token = await sessionTokenFor(test.db, 'espoo', user.id)
    expect(await account(token)).toMatchObject({ emailStatus: 'verified' })

    const same = await mailCount()
    expect((await setEmail(token, 'vanha@example.fi')).json()).toMatchObject({ emailStatus: 'verified' })
    expect(await mailCount()).toBe(same)

    const first = await mailCount()
    await setEmail(token, 'uusi@example.fi')
    expect((await mailsSince(test.db, 'espoo', first)).map((mail) => [mail.kind, mail.to_address])).toEqual([
      ['verifyEmail', 'uusi@example.fi'],
      ['emailChanged', 'vanha@example.fi'],
    ])
    // The new address is not confirmed: changing it again tells nobody but the newest address.
    const second = await mailCount()
    await setEmail(token, 'toinen@example.fi')
    expect((await mailsSince(test.db, 'espoo', second)).map((mail) => [mail.kind, mail.to_address])).toEqual([
      ['verifyEmail', 'toinen@example.fi'],
    ])
  })

  it('refuses a link to an address the user has changed since, and an expired one', async () => {
    const user = await userWith(test.db, 'espoo', { email: null, confirmed: false })
    const token = await sessionTokenFor(test.db, 'espoo', user.id)
    await setEmail(token, 'eka@example.fi')
    const firstLink = await newestVerifyToken()
    await setEmail(token, 'toka@example.fi')
    const changed = await verify(firstLink)
    expect(changed.statusCode).toBe(410)
    expect(pageText(changed.body)).toContain('has changed since this link was sent')
    expect(await account(token)).toMatchObject({ email: 'toka@example.fi', emailStatus: 'unverified' })

    // A clock 24 hours on finds the link dead; the user's address stays unconfirmed.
    const link = await newestVerifyToken()
    const later = Temporal.Now.instant().add({ hours: 24, seconds: 1 })
    expect((await confirmAddress(tenantDb(test.db, 'espoo'), link, later)).kind).toBe('dead')
    await sql`update email_tokens set expires_at = now() - interval '1 second' where tenant_id = 'espoo' and user_id = ${user.id}`.execute(
      test.db,
    )
    expect((await verify(link)).statusCode).toBe(410)
    expect(await account(token)).toMatchObject({ emailStatus: 'unverified' })
  })

  it('sends the link again at most once a minute and five times a day, only while unconfirmed', async () => {
    const user = await userWith(test.db, 'espoo', { email: null, confirmed: false })
    const token = await sessionTokenFor(test.db, 'espoo', user.id)
    const resend = () =>
      api(test.app, 'espoo', token, { method: 'POST', url: '/api/account/email/confirmation' })
    expect((await resend()).statusCode).toBe(409)
    await setEmail(token, 'uudestaan@example.fi')
    const limited = await resend()
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toMatchObject({ code: 'too_many_requests' })

    const olderByMinutes = (minutes: number) =>
      sql`update email_tokens set created_at = created_at - make_interval(mins => ${minutes}) where tenant_id = 'espoo' and user_id = ${user.id}`.execute(
        test.db,
      )
    for (let sent = 1; sent < 5; sent += 1) {
      await olderByMinutes(2)
      const before = await mailCount()
      const again = await resend()
      expect(again.statusCode).toBe(200)
      expect((await mailsSince(test.db, 'espoo', before)).map((mail) => mail.to_address)).toEqual([
        'uudestaan@example.fi',
      ])
    }
    await olderByMinutes(2)
    expect((await resend()).statusCode).toBe(429)
    // Every link works, the newest as the first: the address is confirmed once.
    expect((await verify(await newestVerifyToken())).statusCode).toBe(200)
    expect((await resend()).statusCode).toBe(409)
  })

  it('mails a confirmation for the email given with a new login', async () => {
    const user = await userWith(test.db, 'espoo', { email: null, confirmed: false, strong: true })
    const token = await sessionTokenFor(test.db, 'espoo', user.id)
    const before = await mailCount()
    const created = await api(test.app, 'espoo', token, {
      method: 'POST',
      url: '/api/account/edit',
      payload: { userName: `login-${user.id}`, password, email: 'kirjautuja@example.fi' },
    })
    expect(created.statusCode).toBe(200)
    expect(created.json()).toMatchObject({ hasPassword: true, emailStatus: 'unverified' })
    expect((await mailsSince(test.db, 'espoo', before)).map((mail) => [mail.kind, mail.to_address])).toEqual([
      ['verifyEmail', 'kirjautuja@example.fi'],
    ])
  })

  it('keeps the language and portal of each sign-in, and of the portal’s token fetch when it differs', async () => {
    const user = await userWith(test.db, 'espoo', { email: null, confirmed: false, password })
    const stored = () =>
      test.db
        .selectFrom('users')
        .select(['locale', 'portal_url'])
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow()
    const response = await test.app.inject({
      method: 'POST',
      url: '/login',
      headers: { host: `espoo.localhost:${testPort}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: user.user_name!, password, locale: 'sv' }).toString(),
    })
    expect(response.statusCode).toBe(303)
    expect(await stored()).toEqual({ locale: 'sv', portal_url: `http://espoo.localhost:${testPort}` })
    const cookie = response.headers['set-cookie']!.toString().split(';')[0]!
    const fetchToken = (query: string) =>
      test.app.inject({
        url: `/api/auth/access_token${query}`,
        headers: { host: `espoo.localhost:${testPort}`, cookie },
      })
    expect((await fetchToken('?locale=en')).statusCode).toBe(200)
    expect((await stored()).locale).toBe('en')
    expect((await fetchToken('?locale=xx')).statusCode).toBe(400)
    expect((await fetchToken('')).statusCode).toBe(200)
    expect((await stored()).locale).toBe('en')
  })
})

describe('with e-mail off', () => {
  let test: TestApp
  beforeAll(async () => {
    test = await createTestApp(backends[0]!, { seed: ['espoo'], config: { email: { mode: 'off' } } })
  })
  afterAll(() => test.close())

  it('stores the address without a link, says mail is off, and offers no recovery', async () => {
    const user = await userWith(test.db, 'espoo', { email: null, confirmed: false })
    const token = await sessionTokenFor(test.db, 'espoo', user.id)
    const changed = await api(test.app, 'espoo', token, {
      method: 'PUT',
      url: '/api/account/email',
      payload: { email: 'ei-postia@example.fi' },
    })
    expect(changed.json()).toMatchObject({ email: 'ei-postia@example.fi', mailEnabled: false })
    expect(await queuedMails(test.db, 'espoo')).toEqual([])
    expect((await getPage(test.app, 'espoo', '/login/forgot')).statusCode).toBe(404)
    expect((await getPage(test.app, 'espoo', '/login')).body).not.toContain('/login/forgot')
  })
})
