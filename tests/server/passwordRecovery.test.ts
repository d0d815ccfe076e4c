import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, createTestApp, logIn, sessionFor, testPort, type TestApp } from './support/app'
import {
  getPage,
  mailsSince,
  pageText,
  postForm,
  queuedMails,
  queuedOnly,
  userWith,
} from './support/accountMail'
import { backends } from './support/database'

const password = 'Vanha-salasana-2026'
const newPassword = 'Uusi-Salasana-2027'

describe.each(backends)('password recovery, on $name', (backend) => {
  let test: TestApp
  let second: FastifyInstance
  let clients = 0
  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo'], config: { email: queuedOnly } })
    second = await test.secondInstance()
  })
  afterAll(() => test.close())

  /** Each request from a client address of its own unless given, so that only the test's limits count. */
  const forgot = (
    identifier: string,
    remoteAddress = `10.0.${Math.floor(++clients / 250)}.${clients % 250}`,
  ) => postForm(test.app, 'espoo', '/login/forgot', { identifier, locale: 'fi' }, { remoteAddress })
  const mailCount = async () => (await queuedMails(test.db, 'espoo')).length
  const resetMails = async (before: number) =>
    (await mailsSince(test.db, 'espoo', before)).filter((mail) => mail.kind === 'passwordReset')
  /** The first username's reset token of a reset mail. */
  const tokenOf = (mail: Awaited<ReturnType<typeof resetMails>>[number] | undefined) =>
    mail?.data.kind === 'passwordReset' ? mail.data.accounts[0]!.token : ''
  /** Sets `newPassword` by the reset link of `token`. */
  const setNewPassword = (token: string) =>
    postForm(test.app, 'espoo', '/login/reset', {
      token,
      password: newPassword,
      passwordAgain: newPassword,
    })

  it('answers alike whether anything matched, and mails only a matching confirmed address', async () => {
    const user = await userWith(test.db, 'espoo', { email: 'tunnettu@example.fi', confirmed: true, password })
    const before = await mailCount()
    const unknown = await forgot('ei-ketaan')
    const known = await forgot(user.user_name!.toUpperCase())
    const unknownEmail = await forgot('ei-ketaan@example.fi')
    for (const answer of [unknown, known, unknownEmail]) {
      expect(answer.statusCode).toBe(200)
      expect(pageText(answer.body)).toBe(pageText(unknown.body))
    }
    expect(pageText(known.body)).toContain('Jos käyttäjätunnus tai sähköposti on käytössä')
    const mails = await resetMails(before)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({
      to_address: 'tunnettu@example.fi',
      locale: 'fi',
      data: { kind: 'passwordReset', accounts: [{ userName: user.user_name }], strongAuthOnly: false },
    })
  })

  it('sends one mail per address listing each username, says when an account signs in only strongly, and nothing unconfirmed', async () => {
    const first = await userWith(test.db, 'espoo', { email: 'perhe@example.fi', confirmed: true, password })
    const other = await userWith(test.db, 'espoo', { email: 'Perhe@Example.fi', confirmed: true, password })
    await userWith(test.db, 'espoo', { email: 'perhe@example.fi', confirmed: true, strong: true })
    await userWith(test.db, 'espoo', { email: 'perhe@example.fi', confirmed: false, password })
    const unconfirmed = await userWith(test.db, 'espoo', {
      email: 'vahvistamaton@example.fi',
      confirmed: false,
      password,
    })
    const before = await mailCount()
    await forgot('PERHE@example.fi')
    await forgot(unconfirmed.user_name!)
    await forgot('vahvistamaton@example.fi')
    const mails = await resetMails(before)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.user_id).toBeNull()
    expect(mails[0]!.data).toEqual({
      kind: 'passwordReset',
      accounts: expect.arrayContaining([
        { userName: first.user_name, token: expect.any(String) },
        { userName: other.user_name, token: expect.any(String) },
      ]),
      strongAuthOnly: true,
    })
    expect(mails[0]!.data.kind === 'passwordReset' && mails[0]!.data.accounts).toHaveLength(2)
  })

  it('limits requests per client address, and mails per e-mail address, without telling who exists', async () => {
    await userWith(test.db, 'espoo', { email: 'rajattu@example.fi', confirmed: true, password })
    for (let request = 1; request <= 5; request += 1)
      expect((await forgot(`kuka-tahansa-${request}`, '192.0.2.7')).statusCode).toBe(200)
    const limited = await forgot('kuka-tahansa-6', '192.0.2.7')
    expect(limited.statusCode).toBe(429)
    expect(pageText(limited.body)).toContain('Liian monta pyyntöä')
    expect((await forgot('kuka-tahansa-7', '192.0.2.8')).statusCode).toBe(200)

    const before = await mailCount()
    for (let request = 1; request <= 3; request += 1)
      expect((await forgot('rajattu@example.fi')).statusCode).toBe(200)
    expect((await forgot('rajattu@example.fi')).statusCode).toBe(429)
    expect((await forgot('ei-kaytossa@example.fi')).statusCode).toBe(200)
    expect(await resetMails(before)).toHaveLength(3)
  })

  it('sets a new password by the link, ending every session of the user on every instance', async () => {
    const user = await userWith(test.db, 'espoo', { email: 'palautus@example.fi', confirmed: true, password })
    const cookie = await logIn(test.app, 'espoo', user.user_name!, password)
    const onA = await sessionFor(test.db, 'espoo', user.id, 600)
    const onB = await sessionFor(test.db, 'espoo', user.id, 600)
    await expect.poll(() => test.app.versionWatch.connected && second.versionWatch.connected).toBe(true)
    expect((await api(test.app, 'espoo', onA.token, { url: '/api/account' })).statusCode).toBe(200)
    expect((await api(second, 'espoo', onB.token, { url: '/api/account' })).statusCode).toBe(200)

    const before = await mailCount()
    await forgot(user.user_name!)
    await forgot('palautus@example.fi')
    const [older, newer] = await resetMails(before)
    const link = tokenOf(newer)
    const form = await getPage(test.app, 'espoo', `/login/reset?token=${link}&locale=fi`)
    expect(form.statusCode).toBe(200)
    expect(pageText(form.body)).toContain(user.user_name!)
    expect(form.body).toContain('autocomplete="new-password"')

    const reset = (fields: Record<string, string>, headers?: Record<string, string>) =>
      postForm(
        test.app,
        'espoo',
        '/login/reset',
        { token: link, locale: 'fi', ...fields },
        headers && { headers },
      )
    const weak = await reset({ password: 'lyhyt', passwordAgain: 'lyhyt' })
    expect(weak.statusCode).toBe(400)
    expect(pageText(weak.body)).toContain('Salasanan on oltava vähintään')
    const mismatch = await reset({ password: newPassword, passwordAgain: `${newPassword}x` })
    expect(pageText(mismatch.body)).toContain('Salasanat eivät täsmää')
    const foreign = await reset(
      { password: newPassword, passwordAgain: newPassword },
      { 'sec-fetch-site': 'same-site' },
    )
    expect(foreign.statusCode).toBe(403)

    const done = await reset({ password: newPassword, passwordAgain: newPassword })
    expect(done.statusCode).toBe(200)
    expect(pageText(done.body)).toContain('Salasanasi vaihdettiin')
    const announced = { timeout: 2_000, interval: 10 }
    await expect
      .poll(
        async () => (await api(second, 'espoo', onB.token, { url: '/api/account' })).statusCode,
        announced,
      )
      .toBe(401)
    expect((await api(test.app, 'espoo', onA.token, { url: '/api/account' })).statusCode).toBe(401)
    const token = await test.app.inject({
      url: '/api/auth/access_token',
      headers: { host: `espoo.localhost:${testPort}`, cookie },
    })
    expect(token.json()).toEqual({ accessToken: null, expiresIn: null, sessionEndsIn: null })
    const remaining = await test.db
      .selectFrom('sessions')
      .select('sid')
      .where('user_id', '=', user.id)
      .execute()
    expect(remaining).toEqual([])

    // The link and the user's other live link are used; the new password signs in, the old one does not.
    expect((await reset({ password: newPassword, passwordAgain: newPassword })).statusCode).toBe(410)
    expect((await getPage(test.app, 'espoo', `/login/reset?token=${tokenOf(older)}`)).statusCode).toBe(410)
    await expect(logIn(test.app, 'espoo', user.user_name!, password)).rejects.toThrow()
    expect(await logIn(test.app, 'espoo', user.user_name!, newPassword)).toBeTruthy()
  })

  it('forgives the username’s login throttle and refuses an expired or unknown link', async () => {
    const user = await userWith(test.db, 'espoo', { email: 'unohtui@example.fi', confirmed: true, password })
    for (let attempt = 0; attempt < 6; attempt += 1)
      await postForm(test.app, 'espoo', '/login', { username: user.user_name!, password: 'väärin' })
    const before = await mailCount()
    await forgot(user.user_name!)
    const [mail] = await resetMails(before)
    const done = await setNewPassword(tokenOf(mail))
    expect(done.statusCode).toBe(200)
    expect(await logIn(test.app, 'espoo', user.user_name!, newPassword)).toBeTruthy()

    await forgot(user.user_name!)
    const [expiring] = await resetMails(before + 1)
    const expired = tokenOf(expiring)
    await sql`update email_tokens set expires_at = now() - interval '1 second' where tenant_id = 'espoo' and user_id = ${user.id}`.execute(
      test.db,
    )
    const dead = await getPage(test.app, 'espoo', `/login/reset?token=${expired}&locale=fi`)
    expect(dead.statusCode).toBe(410)
    expect(pageText(dead.body)).toContain('Pyydä uusi linkki')
    expect((await getPage(test.app, 'espoo', '/login/reset?token=tuntematon')).statusCode).toBe(410)

    // A week after they stopped working, the next request forgets the user's links.
    await sql`update email_tokens set expires_at = now() - interval '8 days' where tenant_id = 'espoo' and user_id = ${user.id}`.execute(
      test.db,
    )
    await forgot('joku-muu')
    const left = await test.db
      .selectFrom('email_tokens')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute()
    expect(left).toEqual([])
  })

  it('refuses a reset link once the user has moved to another address', async () => {
    const user = await userWith(test.db, 'espoo', { email: 'vanha@example.fi', confirmed: true, password })
    const before = await mailCount()
    await forgot(user.user_name!)
    const [mail] = await resetMails(before)
    const link = tokenOf(mail)
    expect((await getPage(test.app, 'espoo', `/login/reset?token=${link}&locale=fi`)).statusCode).toBe(200)
    await test.db
      .updateTable('users')
      .set({ email: 'uusi@example.fi', email_verified_at: null })
      .where('tenant_id', '=', 'espoo')
      .where('id', '=', user.id)
      .execute()
    expect((await getPage(test.app, 'espoo', `/login/reset?token=${link}&locale=fi`)).statusCode).toBe(410)
    const refused = await setNewPassword(link)
    expect(refused.statusCode).toBe(410)
    expect(await logIn(test.app, 'espoo', user.user_name!, password)).toBeTruthy()
  })

  it('shows the way to recovery on the login page', async () => {
    const login = await getPage(test.app, 'espoo', '/login?locale=fi')
    expect(login.body).toContain('href="/login/forgot?locale=fi"')
    expect(pageText(login.body)).toContain('Unohditko salasanasi?')
    const form = await getPage(test.app, 'espoo', '/login/forgot?locale=sv')
    expect(form.statusCode).toBe(200)
    expect(form.body).toContain('lang="sv"')
  })
})
