import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tenantDb } from '../../server/db/tenantDb'
import { api, createTestApp, logIn, sessionTokenFor, tokenFor, type TestApp } from './support/app'
import { backends } from './support/database'

const strongPassword = 'Uusi-salasana-2026'

describe.each(backends)('account calls on $name', (backend) => {
  let test: TestApp
  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo', 'demo'] })
  })
  afterAll(() => test.close())

  /** A token for the seeded user without a password (they normally arrive by strong authentication). */
  async function strongUserToken(tenant: 'espoo' | 'demo') {
    const db = tenantDb(test.db, tenant)
    const user = await db.users.findByIdentitySubject('demo-aino-virtanen')
    return sessionTokenFor(test.db, tenant, user!.id)
  }

  it('shows the signed-in user without secrets', async () => {
    const token = await tokenFor(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    const response = await api(test.app, 'espoo', token, { url: '/api/account' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      userName: 'guardian',
      email: expect.stringContaining('@example.com'),
      phone: expect.any(String),
      hasPassword: true,
      identityVerified: false,
      // The seed's address was never confirmed by its link.
      emailStatus: 'unverified',
      mailEnabled: true,
    })
    const strong = await api(test.app, 'espoo', await strongUserToken('espoo'), { url: '/api/account' })
    expect(strong.json()).toMatchObject({
      name: 'Aino Virtanen',
      userName: null,
      hasPassword: false,
      identityVerified: true,
    })
  })

  it('refuses a login that breaks the rules, field by field', async () => {
    const token = await strongUserToken('espoo')
    const response = await api(test.app, 'espoo', token, {
      method: 'POST',
      url: '/api/account/edit',
      payload: { userName: 'abc', password: 'lyhyt', email: 'ei-osoite' },
    })
    expect(response.statusCode).toBe(400)
    const body = response.json()
    expect(body).toMatchObject({ statusCode: 400, code: 'validation_failed' })
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { property: 'userName', error: 'InvalidUserName' },
        { property: 'password', error: 'PasswordTooShort' },
        { property: 'password', error: 'PasswordRequiresUniqueChars' },
        { property: 'password', error: 'PasswordRequiresDigit' },
        { property: 'password', error: 'PasswordRequiresUpper' },
        { property: 'password', error: 'PasswordRequiresNonAlphanumeric' },
        { property: 'email', error: 'InvalidEmail' },
      ]),
    )
  })

  it('refuses a username taken in the tenant, whatever its case', async () => {
    const response = await api(test.app, 'espoo', await strongUserToken('espoo'), {
      method: 'POST',
      url: '/api/account/edit',
      payload: { userName: 'GUARDIAN', password: strongPassword },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual([{ property: 'userName', error: 'DuplicateUserName' }])
  })

  it('creates a login for a user without a password, then refuses a second one', async () => {
    const token = await strongUserToken('espoo')
    const created = await api(test.app, 'espoo', token, {
      method: 'POST',
      url: '/api/account/edit',
      payload: { userName: 'aino', password: strongPassword, email: 'aino@example.com' },
    })
    expect(created.statusCode).toBe(200)
    expect(created.json()).toMatchObject({ userName: 'aino', hasPassword: true, email: 'aino@example.com' })
    await expect(logIn(test.app, 'espoo', 'aino', strongPassword)).resolves.toContain('portal_session_espoo=')

    const again = await api(test.app, 'espoo', token, {
      method: 'POST',
      url: '/api/account/edit',
      payload: { userName: 'aino2', password: strongPassword },
    })
    expect(again.statusCode).toBe(400)
    expect(again.json()).toMatchObject({ code: 'already_has_password' })
  })

  it('lets another tenant use the same username', async () => {
    const response = await api(test.app, 'demo', await strongUserToken('demo'), {
      method: 'POST',
      url: '/api/account/edit',
      payload: { userName: 'aino', password: strongPassword },
    })
    expect(response.statusCode).toBe(200)
  })

  it('changes the password only with the right current password when the identity is not verified', async () => {
    const token = await tokenFor(test.app, 'demo', 'single', 'demo-single-2026')
    const change = (payload: object) =>
      api(test.app, 'demo', token, { method: 'POST', url: '/api/account/changePassword', payload })

    const missing = await change({ userName: 'single', password: strongPassword })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors).toEqual([{ property: 'currentPassword', error: 'Required' }])

    const wrong = await change({ userName: 'single', password: strongPassword, currentPassword: 'väärä' })
    expect(wrong.json().errors).toEqual([{ property: 'currentPassword', error: 'PasswordMismatch' }])

    const weak = await change({ userName: 'single', password: 'heikko', currentPassword: 'demo-single-2026' })
    expect(weak.json().errors.map((error: { property: string }) => error.property)).toEqual(
      expect.arrayContaining(['password']),
    )

    const ok = await change({
      userName: 'single-renamed',
      password: strongPassword,
      currentPassword: 'demo-single-2026',
    })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({ userName: 'single-renamed', hasPassword: true })
    await expect(logIn(test.app, 'demo', 'single-renamed', strongPassword)).resolves.toBeDefined()
    await expect(logIn(test.app, 'demo', 'single', 'demo-single-2026')).rejects.toThrow()
  })

  it('lets a verified identity change the password without the old one', async () => {
    const token = await strongUserToken('espoo')
    const response = await api(test.app, 'espoo', token, {
      method: 'POST',
      url: '/api/account/changePassword',
      payload: { userName: 'aino', password: 'Toinen-salasana-77' },
    })
    expect(response.statusCode).toBe(200)
    await expect(logIn(test.app, 'espoo', 'aino', 'Toinen-salasana-77')).resolves.toBeDefined()
  })

  it('refuses a password change for a user without a password, and a username taken by someone else', async () => {
    const noPassword = await api(
      test.app,
      'espoo',
      await tokenFor(test.app, 'espoo', 'guardian', 'demo-guardian-2026'),
      {
        method: 'POST',
        url: '/api/account/changePassword',
        payload: { userName: 'aino', password: strongPassword, currentPassword: 'demo-guardian-2026' },
      },
    )
    expect(noPassword.json().errors).toEqual([{ property: 'userName', error: 'DuplicateUserName' }])

    const db = tenantDb(test.db, 'espoo')
    const fresh = await db.users.create({
      name: 'Uusi Käyttäjä',
      identitySubject: 'x',
      identityVerified: true,
    })
    const token = await sessionTokenFor(test.db, 'espoo', fresh.id)
    const response = await api(test.app, 'espoo', token, {
      method: 'POST',
      url: '/api/account/changePassword',
      payload: { userName: 'uusi', password: strongPassword },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'no_password' })
  })

  it('sets and changes the email of any user, trimmed, and shows it at once', async () => {
    const token = await tokenFor(test.app, 'espoo', 'single', 'demo-single-2026')
    const setEmail = (email: unknown, as = token, tenant: 'espoo' | 'demo' = 'espoo') =>
      api(test.app, tenant, as, { method: 'PUT', url: '/api/account/email', payload: { email } })
    // The account is read first, so that the session's cached row is the old one.
    const before = await api(test.app, 'espoo', token, { url: '/api/account' })
    expect(before.json().email).not.toBe('sanna.laine@example.fi')

    const changed = await setEmail('  sanna.laine@example.fi ')
    expect(changed.statusCode).toBe(200)
    expect(changed.json()).toMatchObject({ userName: 'single', email: 'sanna.laine@example.fi' })
    expect((await api(test.app, 'espoo', token, { url: '/api/account' })).json()).toMatchObject({
      email: 'sanna.laine@example.fi',
    })

    // A user who signs in only with strong authentication may give one too (for a login made later).
    const strong = await strongUserToken('demo')
    expect((await setEmail('aino.virtanen@example.fi', strong, 'demo')).json()).toMatchObject({
      name: 'Aino Virtanen',
      email: 'aino.virtanen@example.fi',
    })
    const guardian = await tokenFor(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    expect((await api(test.app, 'espoo', guardian, { url: '/api/account' })).json().email).toContain(
      '@example.com',
    )
  })

  it.each([
    ['sanna.laine@example', 'InvalidEmail'],
    ['sanna laine@example.fi', 'InvalidEmail'],
    ['sanna@@example.fi', 'InvalidEmail'],
    ['sanna@example..fi', 'InvalidEmail'],
    [`${'a'.repeat(250)}@example.fi`, 'InvalidEmail'],
    ['   ', 'Required'],
  ])('refuses the email %j with the field’s error %s, and keeps the old one', async (email, error) => {
    const token = await tokenFor(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    const before = (await api(test.app, 'espoo', token, { url: '/api/account' })).json().email
    const response = await api(test.app, 'espoo', token, {
      method: 'PUT',
      url: '/api/account/email',
      payload: { email },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'validation_failed',
      message: expect.any(String),
      errors: [{ property: 'email', error }],
    })
    expect((await api(test.app, 'espoo', token, { url: '/api/account' })).json().email).toBe(before)
  })

  it('needs a login to set an email, and an email in the body', async () => {
    const anonymous = await api(test.app, 'espoo', null, {
      method: 'PUT',
      url: '/api/account/email',
      payload: { email: 'x@example.fi' },
    })
    expect(anonymous.statusCode).toBe(401)
    const token = await tokenFor(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    const missing = await api(test.app, 'espoo', token, {
      method: 'PUT',
      url: '/api/account/email',
      payload: {},
    })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({ code: 'validation_failed', errors: [{ property: 'email' }] })
  })

  it('answers missing fields and wrong types with 400 and the stable shape', async () => {
    const token = await tokenFor(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    const response = await api(test.app, 'espoo', token, {
      method: 'POST',
      url: '/api/account/changePassword',
      payload: { userName: 42 },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'validation_failed',
      message: expect.any(String),
      errors: [
        { property: 'userName', error: 'invalid_type' },
        { property: 'password', error: 'invalid_type' },
      ],
    })
  })
})
