import { sql } from 'kysely'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { invitation as invitationSchema, type Invitation } from '../../src/contract/invitations'
import type { MessagePage } from '../../src/contract/messages'
import type { Passenger } from '../../src/contract/passenger'
import { getTenant, type TenantId } from '../../tenants'
import { loadConfig } from '../../server/config/config'
import { tenantDb } from '../../server/db/tenantDb'
import { loadServerI18n } from '../../server/i18n/catalogs'
import { acceptInvitation } from '../../server/invitations/invitations'
import {
  api,
  cookieFrom,
  createTestApp,
  sessionTokenFor,
  testPort,
  tokenFor,
  type TestApp,
} from './support/app'
import { backends } from './support/database'
import { waitersOf } from './support/locks'

const cards = {
  ville: { cardNumber: '7300 1000 0001', name: 'Ville Kortesalmi' },
  nelli: { cardNumber: '7300 1000 0002', name: 'Nelli Kortesalmi' },
}
type Card = (typeof cards)[keyof typeof cards]

/**
 * A travel card's number and holder name make anyone a guardian only while the passenger has none. Each
 * test keeps to tenants and card holders of its own, as they change who the guardians are.
 */
describe.each(backends)('travel cards of passengers who have guardians on $name', (backend) => {
  let test: TestApp

  beforeAll(async () => {
    test = await createTestApp(backend, {
      seed: ['kovanen', 'lapha', 'fixutaxi', 'meneva', 'lahitaksi'],
      config: { invitationRateLimitPerMinute: 100_000 },
    })
  })
  afterAll(() => test.close())

  const register = (tenant: TenantId, card: Card, app = test.app) =>
    api(app, tenant, null, { method: 'POST', url: '/api/account/registercard', payload: card })
  const registered = async (tenant: TenantId, card: Card) => {
    const response = await register(tenant, card)
    expect(response.statusCode).toBe(200)
    return invitationSchema.parse(response.json())
  }
  const accept = (tenant: TenantId, code: string, token: string, app = test.app) =>
    api(app, tenant, token, { method: 'POST', url: '/api/invitation', payload: { code } })
  const shown = async (tenant: TenantId, code: string, token: string | null) =>
    (await api(test.app, tenant, token, { url: `/api/invitation/${code}` })).json<Invitation>()
  const passengerNames = async (tenant: TenantId, token: string) =>
    (await api(test.app, tenant, token, { url: '/api/passenger' }))
      .json<Passenger[]>()
      .map((passenger) => passenger.name)
  const guardian = (tenant: TenantId) => tokenFor(test.app, tenant, 'guardian', 'demo-guardian-2026')
  const single = (tenant: TenantId) => tokenFor(test.app, tenant, 'single', 'demo-single-2026')
  /** Aino Virtanen, the seeded user whose identity strong authentication verified. */
  const verified = async (tenant: TenantId) => {
    const user = await tenantDb(test.db, tenant).users.findByIdentitySubject('demo-aino-virtanen')
    return sessionTokenFor(test.db, tenant, user!.id)
  }
  /** The operator's messages about the passenger that the user reads (their newest page). */
  const noticesAbout = async (tenant: TenantId, token: string, passengerId: string) => {
    const page = (await api(test.app, tenant, token, { url: '/api/message' })).json<MessagePage>()
    return page.items.filter((item) => item.passengerId === passengerId && item.from.kind === 'operator')
  }
  const identityRequired = {
    statusCode: 403,
    code: 'identity_verification_required',
    message: expect.any(String) as string,
  }

  it('lets a card serve itself while its passenger has no guardian, then takes a verified identity and tells the guardians', async () => {
    const first = await registered('kovanen', cards.nelli)
    expect(first.requiresVerifiedIdentity).toBe(false)
    const guardianToken = await guardian('kovanen')
    expect((await accept('kovanen', first.code, guardianToken)).statusCode).toBe(200)
    const nelli = first.items[0]!.passenger.id

    // Registered again: still an invitation, which says what accepting it takes (not for its guardian).
    const second = await registered('kovanen', cards.nelli)
    expect(second.requiresVerifiedIdentity).toBe(true)
    expect((await shown('kovanen', second.code, null)).requiresVerifiedIdentity).toBe(true)
    expect((await shown('kovanen', second.code, guardianToken)).requiresVerifiedIdentity).toBe(false)
    const singleToken = await single('kovanen')
    expect((await shown('kovanen', second.code, singleToken)).requiresVerifiedIdentity).toBe(true)

    // A password-only account is refused, and nothing changes.
    const refused = await accept('kovanen', second.code, singleToken)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual(identityRequired)
    expect(await passengerNames('kovanen', singleToken)).not.toContain('Nelli Kortesalmi')
    expect(await noticesAbout('kovanen', guardianToken, nelli)).toEqual([])
    // The guardian again changes nothing and tells nobody.
    const third = await registered('kovanen', cards.nelli)
    expect((await accept('kovanen', third.code, guardianToken)).statusCode).toBe(200)
    expect(await noticesAbout('kovanen', guardianToken, nelli)).toEqual([])

    // A verified identity joins the guardian, who is told in the passenger's thread, in Finnish and Swedish.
    const ainoToken = await verified('kovanen')
    const joined = await accept('kovanen', second.code, ainoToken)
    expect(joined.statusCode).toBe(200)
    expect(await passengerNames('kovanen', ainoToken)).toContain('Nelli Kortesalmi')
    const today = Temporal.Now.plainDateISO('Europe/Helsinki')
    const date = `${today.day}.${today.month}.${today.year}`
    const notices = await noticesAbout('kovanen', guardianToken, nelli)
    expect(notices).toHaveLength(1)
    expect(notices[0]).toMatchObject({
      from: { kind: 'operator', name: getTenant('kovanen').name },
      to: { kind: 'guardians' },
      confirmation: null,
      seenAt: null,
      content:
        `Aino Virtanen lisättiin ${date} matkustajan Nelli Kortesalmi huoltajaksi, kun matkustajan matkakortti rekisteröitiin. Jos et tiedä tästä, ota yhteyttä kuljetusyritykseen.\n\n` +
        `Aino Virtanen lades ${date} till som vårdnadshavare för Nelli Kortesalmi när passagerarens resekort registrerades. Om du inte känner till detta, kontakta transportföretaget.`,
    })
    // The notice is the passenger's: the guardians read it, nobody else does.
    expect(await noticesAbout('kovanen', singleToken, nelli)).toEqual([])
  })

  it('judges when the invitation is accepted: a guardian granted after the registration counts', async () => {
    const [early, late] = [await registered('kovanen', cards.ville), await registered('kovanen', cards.ville)]
    expect(late.requiresVerifiedIdentity).toBe(false)
    expect((await accept('kovanen', early.code, await single('kovanen'))).statusCode).toBe(200)
    expect((await shown('kovanen', late.code, null)).requiresVerifiedIdentity).toBe(true)
    const guardianToken = await guardian('kovanen')
    const refused = await accept('kovanen', late.code, guardianToken)
    expect(refused.statusCode).toBe(403)
    expect(await passengerNames('kovanen', guardianToken)).not.toContain('Ville Kortesalmi')
  })

  it('of two password-only users accepting one passenger’s invitations at once, lets only the first', async () => {
    const [one, two] = [await registered('lapha', cards.ville), await registered('lapha', cards.ville)]
    const [guardianToken, singleToken] = [await guardian('lapha'), await single('lapha')]
    const other = await test.secondInstance()
    const answers = await Promise.all([
      accept('lapha', one.code, guardianToken),
      accept('lapha', two.code, singleToken, other),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403])
    const grants = await test.db
      .selectFrom('passenger_grants')
      .select('user_id')
      .where('tenant_id', '=', 'lapha')
      .where('passenger_id', '=', one.items[0]!.passenger.id)
      .execute()
    expect(grants).toHaveLength(1)
  })

  it('refuses a password sign-in that came to accept such an invitation, and lands on the invitation', async () => {
    const host = `lapha.localhost:${testPort}`
    const first = await registered('lapha', cards.nelli)
    expect((await accept('lapha', first.code, await guardian('lapha'))).statusCode).toBe(200)
    const second = await registered('lapha', cards.nelli)
    const start = await test.app.inject({
      url: `/acceptinvite?code=${second.code}&locale=sv`,
      headers: { host },
    })
    const done = await test.app.inject({
      method: 'POST',
      url: '/login',
      headers: {
        host,
        'content-type': 'application/x-www-form-urlencoded',
        cookie: cookieFrom(start, 'portal_invitation_lapha')!,
      },
      payload: new URLSearchParams({
        username: 'single',
        password: 'demo-single-2026',
        locale: 'sv',
      }).toString(),
    })
    expect(done.statusCode).toBe(303)
    expect(done.headers.location).toBe(`/invitation/${second.code}?lang=sv`)
    expect(await passengerNames('lapha', await single('lapha'))).not.toContain('Nelli Kortesalmi')
    // It is still there for someone who signs in with strong authentication.
    expect((await accept('lapha', second.code, await verified('lapha'))).statusCode).toBe(200)
  })

  describe('failed registrations', () => {
    const wrongName = (index: number): Card => ({ ...cards.ville, name: `Väärä Nimi ${index}` })
    const wrongNumber = (card: Card, index: number): Card => ({ ...card, cardNumber: `7300 1000 09${index}` })
    const failFiveTimes = async (tenant: TenantId, guess: (index: number) => Card) => {
      for (let index = 0; index < 5; index++) {
        expect((await register(tenant, guess(index))).statusCode).toBe(404)
      }
    }
    const expectLimited = (response: Awaited<ReturnType<typeof register>>, atMostSeconds = 24 * 3600) => {
      expect(response.statusCode).toBe(429)
      expect(response.json()).toEqual({
        statusCode: 429,
        code: 'too_many_requests',
        message: expect.any(String) as string,
      })
      const retryAfter = Number(response.headers['retry-after'])
      expect(retryAfter).toBeGreaterThan(atMostSeconds - 60)
      expect(retryAfter).toBeLessThanOrEqual(atMostSeconds)
    }

    it('refuses a card number after 5 failures, whatever name comes with it and on every instance', async () => {
      await failFiveTimes('fixutaxi', wrongName)
      expectLimited(await register('fixutaxi', cards.ville))
      expectLimited(await register('fixutaxi', cards.ville, await test.secondInstance()))
      // Another card and name, and the same card on another tenant, are not affected.
      expect((await register('fixutaxi', cards.nelli)).statusCode).toBe(200)
      expect((await register('meneva', cards.ville)).statusCode).toBe(200)
    })

    it('refuses a name after 5 failures; a success forgives only its own attempt', async () => {
      for (let index = 0; index < 4; index++) {
        expect((await register('meneva', wrongNumber(cards.nelli, index))).statusCode).toBe(404)
      }
      // Nelli's own card, once: it does not wipe out the four guesses at her name.
      expect((await register('meneva', cards.nelli)).statusCode).toBe(200)
      expect((await register('meneva', wrongNumber(cards.nelli, 4))).statusCode).toBe(404)
      expectLimited(await register('meneva', cards.nelli))
      // Spacing and case make no other name.
      expectLimited(await register('meneva', { ...cards.nelli, name: ' NELLI   kortesalmi' }))
      expect((await register('meneva', cards.ville)).statusCode).toBe(200)
    })

    it('counts again once the window has passed, and keeps no typed name or number', async () => {
      await failFiveTimes('lahitaksi', (index) => wrongNumber(cards.ville, index))
      expectLimited(await register('lahitaksi', cards.ville))
      const counters = await test.db
        .selectFrom('travel_card_throttles')
        .selectAll()
        .where('tenant_id', '=', 'lahitaksi')
        .execute()
      for (const counter of counters) expect(counter.subject).toMatch(/^[0-9a-f]{64}$/)
      await test.db
        .updateTable('travel_card_throttles')
        .set({ counted_since: Temporal.Now.instant().subtract({ hours: 24, seconds: 1 }) })
        .where('tenant_id', '=', 'lahitaksi')
        .execute()
      expect((await register('lahitaksi', cards.ville)).statusCode).toBe(200)
    })

    it('takes its limit and window from the configuration', async () => {
      const env = { PGLITE_DIR: 'memory', DEMO: 'true' }
      const configured = loadConfig({
        ...env,
        TRAVEL_CARD_FAILURE_LIMIT: '2',
        TRAVEL_CARD_FAILURE_WINDOW_HOURS: '1',
      }).travelCardFailures
      expect(configured).toEqual({ failures: 2, windowHours: 1 })
      expect(loadConfig(env).travelCardFailures).toEqual({ failures: 5, windowHours: 24 })
      expect(() => loadConfig({ ...env, TRAVEL_CARD_FAILURE_LIMIT: '0' })).toThrow(
        /TRAVEL_CARD_FAILURE_LIMIT/,
      )
      const strict = await test.secondInstance({ travelCardFailures: configured })
      for (let index = 0; index < 2; index++) {
        const guess = { cardNumber: '7300 1000 0777', name: `Kokeilu ${index}` }
        expect((await register('lahitaksi', guess, strict)).statusCode).toBe(404)
      }
      expectLimited(
        await register('lahitaksi', { cardNumber: '730010000777', name: 'Kokeilu' }, strict),
        3600,
      )
    })
  })
})

/** Row locks need two connections to show: PostgreSQL only (PGlite has one connection). */
describe.each(backends.filter((backend) => backend.databaseUrl))(
  'accepting a travel card’s invitation while another acceptance holds its passenger on $name',
  (backend) => {
    let test: TestApp

    beforeAll(async () => {
      test = await createTestApp(backend, {
        seed: ['kovanen'],
        config: { invitationRateLimitPerMinute: 100_000 },
      })
    })
    afterAll(() => test.close())

    it('waits for it at its first read of the passenger, then judges with the new guardian', async () => {
      const register = async () =>
        invitationSchema.parse(
          (
            await api(test.app, 'kovanen', null, {
              method: 'POST',
              url: '/api/account/registercard',
              payload: cards.nelli,
            })
          ).json(),
        )
      const [first, second] = [await register(), await register()]
      const guardianRow = await tenantDb(test.db, 'kovanen').users.findByUserName('guardian')
      const single = await tokenFor(test.app, 'kovanen', 'single', 'demo-single-2026')
      const notice = { i18n: await loadServerI18n(), timeZone: 'Europe/Helsinki' }
      // The guardian's acceptance is mid-transaction on a connection of its own, holding the passenger.
      const other = await test.db.startTransaction().execute()
      try {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(other)
        const held = await acceptInvitation(
          tenantDb(other, 'kovanen'),
          guardianRow!,
          first.code,
          Temporal.Now.instant(),
          notice,
        )
        expect(held.kind).toBe('accepted')
        const accepting = api(test.app, 'kovanen', single, {
          method: 'POST',
          url: '/api/invitation',
          payload: { code: second.code },
        })
        const waiting = await waitersOf(test.db, rows[0]!.pid, 'The acceptance')
        expect(waiting).toEqual([expect.stringMatching(/^select .* from "passengers" .* for update$/is)])
        await other.commit().execute()
        const response = await accepting
        expect(response.statusCode).toBe(403)
        expect(response.json()).toMatchObject({ code: 'identity_verification_required' })
      } finally {
        if (!other.isCommitted) await other.rollback().execute()
      }
    })
  },
)
