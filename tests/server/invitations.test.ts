import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  acceptedInvitation,
  invitation as invitationSchema,
  type Invitation,
} from '../../src/contract/invitations'
import type { Passenger } from '../../src/contract/passenger'
import type { TenantId } from '../../tenants'
import { tenantDb } from '../../server/db/tenantDb'
import { newInvitationCode } from '../../server/invitations/invitations'
import { api, createTestApp, testPort, tokenFor, type TestApp } from './support/app'
import { backends } from './support/database'

const demoCode = (tenant: TenantId, number: number) => `demo-invitation-${tenant}-0${number}`

describe.each(backends)('invitations and travel cards on $name', (backend) => {
  let test: TestApp
  let guardian: string
  let single: string

  const getInvitation = (tenant: TenantId, code: string, token: string | null = null) =>
    api(test.app, tenant, token, { url: `/api/invitation/${code}` })
  const accept = (tenant: TenantId, code: string, token: string) =>
    api(test.app, tenant, token, { method: 'POST', url: '/api/invitation', payload: { code } })
  const registerCard = (tenant: TenantId, cardNumber: string, name: string) =>
    api(test.app, tenant, null, {
      method: 'POST',
      url: '/api/account/registercard',
      payload: { cardNumber, name },
    })
  const passengersOf = async (token: string, tenant: TenantId = 'kovanen') =>
    (await api(test.app, tenant, token, { url: '/api/passenger' })).json<Passenger[]>()

  /** A new invitation of a passenger nobody has been granted (a fresh one each time). */
  async function freshInvitation(expiresAt = Temporal.Now.instant().add({ hours: 1 })): Promise<string> {
    const db = tenantDb(test.db, 'kovanen')
    const [passenger] = await test.db
      .selectFrom('passengers')
      .select('id')
      .where('tenant_id', '=', 'kovanen')
      .where('name', '=', 'Irja Salminen')
      .execute()
    const code = newInvitationCode()
    await db.transaction((trx) => trx.invitations.create({ code, expiresAt, passengerIds: [passenger!.id] }))
    return code
  }

  const notFound = { statusCode: 404, code: 'not_found', message: expect.any(String) as string }

  beforeAll(async () => {
    test = await createTestApp(backend, {
      seed: ['kovanen', 'espoo'],
      config: { invitationRateLimitPerMinute: 100_000 },
    })
    guardian = await tokenFor(test.app, 'kovanen', 'guardian', 'demo-guardian-2026')
    single = await tokenFor(test.app, 'kovanen', 'single', 'demo-single-2026')
  })
  afterAll(() => test.close())

  it('shows a waiting invitation to anyone with its code: its passengers without contact data', async () => {
    const response = await getInvitation('kovanen', demoCode('kovanen', 1))
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    const body = response.json<Invitation>()
    // Answered without the schema on the way out: exactly the contract, nothing it would strip.
    expect(invitationSchema.strict().parse(body)).toEqual(body)
    expect(body).toEqual({
      code: demoCode('kovanen', 1),
      acceptedByUser: false,
      validUntil: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0[23]:00$/) as string,
      requiresVerifiedIdentity: false,
      items: [
        { passenger: { id: expect.any(String) as string, name: 'Kerttu Salminen', avatarText: 'KS' } },
        { passenger: { id: expect.any(String) as string, name: 'Toivo Salminen', avatarText: 'TS' } },
      ],
    })
    const signedIn = await getInvitation('kovanen', demoCode('kovanen', 1), guardian)
    expect(signedIn.json()).toEqual(body)
  })

  it('grants the passengers to the user who accepts, once; again for them is the same, for others 404', async () => {
    const code = demoCode('kovanen', 1)
    const before = await passengersOf(single)
    expect(before).toHaveLength(1)

    const accepted = await accept('kovanen', code, single)
    expect(accepted.statusCode).toBe(200)
    const items = acceptedInvitation.parse(accepted.json())
    expect(items.map((item) => item.passenger.name)).toEqual(['Kerttu Salminen', 'Toivo Salminen'])
    expect(items[0]!.passenger.phone).toMatch(/^\+358/)
    // The list read before is cached: the grants' new version makes the next read fresh.
    expect((await passengersOf(single)).map((passenger) => passenger.name).sort()).toEqual(
      [...before.map((passenger) => passenger.name), 'Kerttu Salminen', 'Toivo Salminen'].sort(),
    )

    const again = await accept('kovanen', code, single)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(accepted.json())
    expect(await passengersOf(single)).toHaveLength(3)

    expect((await getInvitation('kovanen', code, single)).json()).toMatchObject({ acceptedByUser: true })
    for (const token of [guardian, null]) {
      const seen = await getInvitation('kovanen', code, token)
      expect(seen.statusCode).toBe(404)
      expect(seen.json()).toEqual(notFound)
    }
    const late = await accept('kovanen', code, guardian)
    expect(late.statusCode).toBe(404)
    expect(late.json()).toEqual(notFound)
    expect(await passengersOf(guardian)).toHaveLength(3)
  })

  it('shows the guardian the invitation they accepted, and nobody else', async () => {
    const code = demoCode('kovanen', 3)
    expect((await getInvitation('kovanen', code, guardian)).json()).toMatchObject({
      code,
      acceptedByUser: true,
    })
    expect((await getInvitation('kovanen', code)).statusCode).toBe(404)
    expect((await getInvitation('kovanen', code, single)).statusCode).toBe(404)
  })

  it('answers 404 for expired, unknown and other tenants’ codes, and 400 for a malformed one', async () => {
    const expired = [
      demoCode('kovanen', 4),
      await freshInvitation(Temporal.Now.instant().subtract({ seconds: 1 })),
    ]
    for (const code of [...expired, newInvitationCode(), demoCode('espoo', 2)]) {
      const shown = await getInvitation('kovanen', code)
      expect(shown.statusCode, code).toBe(404)
      expect(shown.json()).toEqual(notFound)
      const accepted = await accept('kovanen', code, guardian)
      expect(accepted.statusCode, code).toBe(404)
      expect(accepted.json()).toEqual(notFound)
    }
    // The other way round: kovanen's waiting invitation is nothing on espoo.
    const espoo = await tokenFor(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    expect((await getInvitation('espoo', demoCode('kovanen', 2))).statusCode).toBe(404)
    expect((await accept('espoo', demoCode('kovanen', 2), espoo)).statusCode).toBe(404)
    expect((await getInvitation('kovanen', demoCode('kovanen', 2))).statusCode).toBe(200)

    const malformed = await getInvitation('kovanen', 'short')
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toMatchObject({ code: 'validation_failed' })
    expect((await accept('kovanen', 'x'.repeat(100), guardian)).statusCode).toBe(400)
  })

  it('needs a login to accept, and a valid token when one is sent to show', async () => {
    const code = await freshInvitation()
    const anonymous = await api(test.app, 'kovanen', null, {
      method: 'POST',
      url: '/api/invitation',
      payload: { code },
    })
    expect(anonymous.statusCode).toBe(401)
    expect((await getInvitation('kovanen', code, 'not-a-token')).statusCode).toBe(401)
    expect((await getInvitation('kovanen', code)).json()).toMatchObject({ acceptedByUser: false })
  })

  it('gives an invitation to one of two users accepting it at once', async () => {
    const code = await freshInvitation()
    const other = await test.secondInstance()
    const [first, second] = await Promise.all([
      accept('kovanen', code, guardian),
      api(other, 'kovanen', single, { method: 'POST', url: '/api/invitation', payload: { code } }),
    ])
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 404])
    const accepters = await test.db
      .selectFrom('passenger_grants')
      .innerJoin('passengers', (join) =>
        join
          .onRef('passengers.id', '=', 'passenger_grants.passenger_id')
          .onRef('passengers.tenant_id', '=', 'passenger_grants.tenant_id'),
      )
      .select('passenger_grants.user_id')
      .where('passenger_grants.tenant_id', '=', 'kovanen')
      .where('passengers.name', '=', 'Irja Salminen')
      .execute()
    expect(accepters).toHaveLength(1)
  })

  it('registers a travel card by its holder’s name and number, however spaced or capitalised', async () => {
    const registered = await registerCard('kovanen', '730010000001', '  ville   KORTESALMI ')
    expect(registered.statusCode).toBe(200)
    const card = invitationSchema.parse(registered.json())
    expect(card).toEqual({
      code: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) as string,
      acceptedByUser: false,
      validUntil: expect.any(String) as string,
      requiresVerifiedIdentity: false,
      items: [
        { passenger: { id: expect.any(String) as string, name: 'Ville Kortesalmi', avatarText: 'VK' } },
      ],
    })
    const validFor = Temporal.Instant.from(card.validUntil).since(Temporal.Now.instant())
    expect(validFor.total('minutes')).toBeGreaterThan(58)
    expect(validFor.total('minutes')).toBeLessThanOrEqual(60)

    const again = invitationSchema.parse(
      (await registerCard('kovanen', '7300-1000-0001', 'Ville Kortesalmi')).json(),
    )
    expect(again.code).not.toBe(card.code)
    expect((await getInvitation('kovanen', card.code)).json()).toEqual(card)
    const accepted = await accept('kovanen', card.code, guardian)
    expect(acceptedInvitation.parse(accepted.json()).map((item) => item.passenger.name)).toEqual([
      'Ville Kortesalmi',
    ])
    expect((await passengersOf(guardian)).map((passenger) => passenger.name)).toContain('Ville Kortesalmi')
  })

  it('answers 404 when no card of the tenant has that name and number', async () => {
    const cases: [TenantId, string, string][] = [
      ['kovanen', '7300 1000 0001', 'Nelli Kortesalmi'],
      ['kovanen', '7300 1000 0009', 'Ville Kortesalmi'],
      ['kovanen', '7300 1000 00', 'Ville Kortesalmi'],
      // Lapha registers cards, but these are kovanen's; espoo registers none.
      ['lapha', '7300 1000 0001', 'Ville Kortesalmi'],
      ['espoo', '7300 1000 0001', 'Ville Kortesalmi'],
    ]
    for (const [tenant, cardNumber, name] of cases) {
      const response = await registerCard(tenant, cardNumber, name)
      expect(response.statusCode, `${tenant} ${cardNumber} ${name}`).toBe(404)
      expect(response.json()).toEqual(notFound)
    }
    const empty = await registerCard('kovanen', '   ', 'Ville Kortesalmi')
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toMatchObject({ code: 'validation_failed' })
  })

  it('limits each address across the three calls, with a 429 in the error shape', async () => {
    const limited = await test.secondInstance({ invitationRateLimitPerMinute: 3 })
    const host = `kovanen.localhost:${testPort}`
    const answers = [
      await limited.inject({ url: `/api/invitation/${demoCode('kovanen', 2)}`, headers: { host } }),
      await limited.inject({ url: '/api/invitation/malformed', headers: { host } }),
      await limited.inject({
        method: 'POST',
        url: '/api/account/registercard',
        headers: { host },
        payload: { cardNumber: '1', name: 'Nobody' },
      }),
    ]
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 400, 404])
    const refused = [
      await limited.inject({ url: `/api/invitation/${demoCode('kovanen', 2)}`, headers: { host } }),
      await limited.inject({
        method: 'POST',
        url: '/api/invitation',
        headers: { host, authorization: `Bearer ${guardian}` },
        payload: { code: demoCode('kovanen', 2) },
      }),
      await limited.inject({
        method: 'POST',
        url: '/api/account/registercard',
        headers: { host },
        payload: { cardNumber: '7300 1000 0002', name: 'Nelli Kortesalmi' },
      }),
    ]
    for (const answer of refused) {
      expect(answer.statusCode).toBe(429)
      expect(answer.json()).toEqual({
        statusCode: 429,
        code: 'too_many_requests',
        message: expect.any(String) as string,
      })
    }
    // Nothing was accepted by the refused call.
    expect((await getInvitation('kovanen', demoCode('kovanen', 2))).statusCode).toBe(200)
    const elsewhere = await limited.inject({
      url: `/api/invitation/${demoCode('kovanen', 2)}`,
      headers: { host },
      remoteAddress: '10.0.0.9',
    })
    expect(elsewhere.statusCode).toBe(200)
  })
})
