import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { invitation as invitationSchema, type Invitation } from '../../src/contract/invitations'
import type { MessagePage } from '../../src/contract/messages'
import {
  createdAccessCode,
  createdInvitation,
  operatorAccessCode,
  operatorGuardian,
  operatorTravelCard,
} from '../../src/contract/operatorAccess'
import type { ChangeFeed } from '../../src/contract/operatorChanges'
import type { Passenger } from '../../src/contract/passenger'
import type { TenantId } from '../../tenants'
import { jsonb } from '../../server/db/json'
import { accessCodeHash } from '../../server/db/repositories/passengers'
import { tenantDb } from '../../server/db/tenantDb'
import { demoOperatorKey } from '../../server/demo/operatorKeys'
import { api, createTestApp, sessionTokenFor, testPort, type TestApp } from './support/app'
import { feedCaughtUp } from './support/operatorChanges'
import { backends } from './support/database'
import { storeDevice } from './support/push'
import { messagesOf, newGuardian, operatorMessagesOf } from './support/messages'
import { bookTrip, helsinkiIn } from './support/trips'

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** What the server makes: 12 characters without 0, O, 1, I or L, in groups of four. */
const accessCodeShape = /^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/

describe.each(backends)('guardians’ access through the operator API on $name', (backend) => {
  let test: TestApp

  /** An operator API call with the tenant's demo key, on the tenant's host (or `host`). */
  const operator = (
    method: Method,
    url: string,
    payload?: unknown,
    options: {
      tenant?: TenantId
      app?: FastifyInstance
      host?: string
      headers?: Record<string, string>
    } = {},
  ) => {
    const tenant = options.tenant ?? 'espoo'
    return (options.app ?? test.app).inject({
      method,
      url,
      headers: {
        host: options.host ?? `${tenant}.localhost:${testPort}`,
        'x-api-key': demoOperatorKey(tenant),
        ...options.headers,
      },
      ...(payload === undefined ? {} : { payload: payload as object }),
    })
  }

  /** A passenger of the tenant whom nobody holds yet. */
  const newPassenger = async (tenant: TenantId = 'espoo', name = 'Uusi Matkustaja') => {
    const id = randomUUID()
    await tenantDb(test.db, tenant).passengers.insertMany([{ id, name, phone: null, avatar_text: 'UM' }])
    return id
  }

  /** A new user of the tenant with no passengers, and a bearer token. */
  const newUser = async (tenant: TenantId = 'espoo', name = 'Uusi Käyttäjä') => {
    const user = await tenantDb(test.db, tenant).users.create({ name })
    return { userId: user.id, token: await sessionTokenFor(test.db, tenant, user.id, 600) }
  }

  const passengerIdsOf = async (token: string, tenant: TenantId = 'espoo', app = test.app) =>
    (await api(app, tenant, token, { url: '/api/passenger' })).json<Passenger[]>().map((p) => p.id)

  const claim = (token: string, code: string) =>
    api(test.app, 'espoo', token, { method: 'POST', url: '/api/passenger', payload: { token: code } })

  const createCode = async (passengerId: string, body: object = {}) => {
    const response = await operator('POST', `/api/operator/passengers/${passengerId}/accessCodes`, body)
    expect(response.statusCode, response.body).toBe(200)
    return createdAccessCode.strict().parse(response.json())
  }

  const listCodes = async (passengerId: string) => {
    const response = await operator('GET', `/api/operator/passengers/${passengerId}/accessCodes`)
    expect(response.statusCode, response.body).toBe(200)
    return { body: response.body, codes: operatorAccessCode.strict().array().parse(response.json()) }
  }

  const invite = (body: object, options: Parameters<typeof operator>[3] = {}) =>
    operator('POST', '/api/operator/invitations', body, options)

  const days = (from: Temporal.Instant, iso: string) =>
    Math.round(from.until(Temporal.Instant.from(iso)).total('hours') / 24)

  beforeAll(async () => {
    test = await createTestApp(backend, {
      seed: ['espoo', 'demo', 'kovanen'],
      config: { invitationRateLimitPerMinute: 100_000 },
    })
  })
  afterAll(() => test.close())

  describe('access codes', () => {
    it('makes a code that a user claims once, typed in any case with or without dashes, and keeps only its hash', async () => {
      const passengerId = await newPassenger()
      const before = Temporal.Now.instant()
      const created = await createCode(passengerId)
      expect(created.code).toMatch(accessCodeShape)
      expect(created.hint).toBe(created.code.slice(-4))
      expect(days(before, created.expiresAt)).toBe(90)
      expect((await createCode(passengerId)).code).not.toBe(created.code)

      const stored = await test.db
        .selectFrom('access_codes')
        .select(['token', 'hint'])
        .where('tenant_id', '=', 'espoo')
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow()
      expect(stored).toEqual({ token: accessCodeHash(created.code), hint: created.hint })
      expect(stored.token).not.toContain(created.code.replaceAll('-', ''))

      const user = await newUser()
      const typed = ` ${created.code.toLowerCase().replaceAll('-', ' ')} `
      const claimed = await claim(user.token, typed)
      expect(claimed.statusCode, claimed.body).toBe(200)
      expect(claimed.json()).toMatchObject({ id: passengerId, name: 'Uusi Matkustaja' })
      expect(await passengerIdsOf(user.token)).toEqual([passengerId])
      const again = await claim((await newUser()).token, created.code)
      expect(again.statusCode).toBe(404)
      expect(again.json()).toMatchObject({ code: 'invalid_token' })
    })

    it('lists a passenger’s codes with their hints and use, never the code', async () => {
      const passengerId = await newPassenger()
      const unused = await createCode(passengerId, { validDays: 7 })
      const used = await createCode(passengerId, { validDays: 365 })
      const user = await newUser()
      expect((await claim(user.token, used.code)).statusCode).toBe(200)

      const { body, codes } = await listCodes(passengerId)
      for (const code of [unused.code, used.code]) {
        expect(body).not.toContain(code)
        expect(body).not.toContain(code.replaceAll('-', ''))
      }
      expect(codes).toHaveLength(2)
      expect(codes.find((code) => code.id === unused.id)).toEqual({
        id: unused.id,
        hint: unused.hint,
        expiresAt: unused.expiresAt,
        usedAt: null,
        usedByUserId: null,
        createdAt: unused.createdAt,
      })
      expect(codes.find((code) => code.id === used.id)).toMatchObject({
        hint: used.hint,
        usedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
        usedByUserId: user.userId,
      })
      expect(days(Temporal.Instant.from(unused.createdAt), unused.expiresAt)).toBe(7)
    })

    it('refuses revoked and expired codes; revoking a used code keeps the access it gave', async () => {
      const passengerId = await newPassenger()
      const user = await newUser()

      const revoked = await createCode(passengerId)
      const revoke = (id: string) => operator('DELETE', `/api/operator/accessCodes/${id}`)
      const revoking = await revoke(revoked.id)
      expect(revoking.statusCode, revoking.body).toBe(200)
      expect(revoking.json()).toBeNull()
      expect((await claim(user.token, revoked.code)).statusCode).toBe(404)
      expect((await revoke(revoked.id)).statusCode).toBe(404)

      const expired = await createCode(passengerId, { validDays: 1 })
      await test.db
        .updateTable('access_codes')
        .set({ expires_at: Temporal.Now.instant().subtract({ minutes: 1 }) })
        .where('tenant_id', '=', 'espoo')
        .where('id', '=', expired.id)
        .execute()
      const late = await claim(user.token, expired.code)
      expect(late.statusCode).toBe(404)
      expect(late.json()).toMatchObject({ code: 'invalid_token' })
      expect(await passengerIdsOf(user.token)).toEqual([])

      const used = await createCode(passengerId)
      expect((await claim(user.token, used.code)).statusCode).toBe(200)
      expect((await revoke(used.id)).statusCode).toBe(200)
      expect(await passengerIdsOf(user.token)).toEqual([passengerId])
      expect((await listCodes(passengerId)).codes.map((code) => code.id)).toEqual([expired.id])
    })

    it('gives no code for a passenger who has ended', async () => {
      const passengerId = await newPassenger()
      await test.db
        .updateTable('passengers')
        .set({ ended_at: Temporal.Now.instant() })
        .where('tenant_id', '=', 'espoo')
        .where('id', '=', passengerId)
        .execute()
      const response = await operator('POST', `/api/operator/passengers/${passengerId}/accessCodes`, {})
      expect(response.statusCode).toBe(404)
      expect(response.json()).toMatchObject({ code: 'not_found' })
    })
  })

  describe('invitations', () => {
    it('answers a link to the invitation’s page under the portal’s root for the tenant', async () => {
      const passengerId = await newPassenger()
      const link = async (options: Parameters<typeof operator>[3]) => {
        const response = await invite({ passengerIds: [passengerId] }, options)
        expect(response.statusCode, response.body).toBe(200)
        const created = createdInvitation.strict().parse(response.json())
        return created.link.replace(created.code, '{code}')
      }
      // Without PUBLIC_ORIGIN: the default http://localhost:{port}'s protocol and port.
      expect(await link({})).toBe(`http://espoo.localhost:${testPort}/invitation/{code}`)
      expect(await link({ host: `localhost:${testPort}`, headers: { 'x-tenant': 'espoo' } })).toBe(
        `http://localhost:${testPort}/espoo/invitation/{code}`,
      )
      const configured = await test.secondInstance({ publicOrigin: 'https://portal.example.fi' })
      expect(await link({ app: configured, host: 'espoo.matkaportaali.fi' })).toBe(
        'https://espoo.matkaportaali.fi/invitation/{code}',
      )
      const withPort = await test.secondInstance({ publicOrigin: 'https://portal.example.fi:8443' })
      expect(await link({ app: withPort })).toBe('https://espoo.localhost:8443/invitation/{code}')
    })

    it('is accepted by a user, who then holds its passengers', async () => {
      const first = await newPassenger('espoo', 'Aatu Kutsuttu')
      const second = await newPassenger('espoo', 'Beata Kutsuttu')
      const before = Temporal.Now.instant()
      const response = await invite({ passengerIds: [first, second, first] })
      expect(response.statusCode, response.body).toBe(200)
      const created = createdInvitation.parse(response.json())
      expect(created.code).toMatch(/^[A-Za-z0-9_-]{22}$/)
      expect(days(before, created.expiresAt)).toBe(14)

      const shown = await api(test.app, 'espoo', null, { url: `/api/invitation/${created.code}` })
      expect(shown.statusCode).toBe(200)
      expect(invitationSchema.parse(shown.json()).items.map((item) => item.passenger.name)).toEqual([
        'Aatu Kutsuttu',
        'Beata Kutsuttu',
      ])
      const user = await newUser()
      const accepted = await api(test.app, 'espoo', user.token, {
        method: 'POST',
        url: '/api/invitation',
        payload: { code: created.code },
      })
      expect(accepted.statusCode, accepted.body).toBe(200)
      expect((await passengerIdsOf(user.token)).toSorted()).toEqual([first, second].toSorted())
      const other = await newUser()
      const late = await api(test.app, 'espoo', other.token, {
        method: 'POST',
        url: '/api/invitation',
        payload: { code: created.code },
      })
      expect(late.statusCode).toBe(404)
    })

    it('is withdrawn: its link no longer shows it and it can no longer be accepted', async () => {
      const passengerId = await newPassenger()
      const created = createdInvitation.parse(
        (await invite({ passengerIds: [passengerId], validDays: 90 })).json(),
      )
      const withdraw = () => operator('DELETE', `/api/operator/invitations/${created.code}`)
      const withdrawn = await withdraw()
      expect(withdrawn.statusCode, withdrawn.body).toBe(200)
      expect(withdrawn.json()).toBeNull()
      const shown = await api(test.app, 'espoo', null, { url: `/api/invitation/${created.code}` })
      expect(shown.statusCode).toBe(404)
      const user = await newUser()
      const accepted = await api(test.app, 'espoo', user.token, {
        method: 'POST',
        url: '/api/invitation',
        payload: { code: created.code },
      })
      expect(accepted.statusCode).toBe(404)
      expect((await withdraw()).statusCode).toBe(404)
    })

    it('names each passenger the tenant does not have, or has ended', async () => {
      const own = await newPassenger()
      const demo = await newPassenger('demo')
      const ended = await newPassenger()
      await test.db
        .updateTable('passengers')
        .set({ ended_at: Temporal.Now.instant() })
        .where('tenant_id', '=', 'espoo')
        .where('id', '=', ended)
        .execute()
      const response = await invite({ passengerIds: [own, demo, 'no-such-passenger', ended] })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toMatchObject({
        code: 'not_found',
        errors: [
          { property: 'passengerIds.1', error: 'not_found' },
          { property: 'passengerIds.2', error: 'not_found' },
          { property: 'passengerIds.3', error: 'not_found' },
        ],
      })
    })
  })

  describe('travel cards', () => {
    const register = (cardNumber: string, name: string) =>
      api(test.app, 'kovanen', null, {
        method: 'POST',
        url: '/api/account/registercard',
        payload: { cardNumber, name },
      })
    const putCard = (number: string, body: object, tenant: TenantId = 'kovanen') =>
      operator('PUT', `/api/operator/travelCards/${encodeURIComponent(number)}`, body, { tenant })

    it('issues a card that its holder registers, which makes them the passenger’s guardian', async () => {
      const passengerId = await newPassenger('kovanen', 'Ilmari Korttila')
      const issued = await putCard('7300 2000 0001', { passengerId, holderName: ' Ilmari Korttila ' })
      expect(issued.statusCode, issued.body).toBe(200)
      expect(operatorTravelCard.strict().parse(issued.json())).toEqual({
        cardNumber: '730020000001',
        passengerId,
        holderName: 'Ilmari Korttila',
      })
      const listed = await operator('GET', `/api/operator/passengers/${passengerId}/travelCards`, undefined, {
        tenant: 'kovanen',
      })
      expect(listed.json()).toEqual([issued.json()])

      const registered = await register('7300-2000-0001', 'ilmari  korttila')
      expect(registered.statusCode, registered.body).toBe(200)
      const invitation = registered.json<Invitation>()
      expect(invitation.items.map((item) => item.passenger.id)).toEqual([passengerId])
      const user = await newUser('kovanen')
      const accepted = await api(test.app, 'kovanen', user.token, {
        method: 'POST',
        url: '/api/invitation',
        payload: { code: invitation.code },
      })
      expect(accepted.statusCode, accepted.body).toBe(200)
      expect(await passengerIdsOf(user.token, 'kovanen')).toEqual([passengerId])
    })

    it('moves a card to another passenger, withdrawing the invitations it made, and takes a card away', async () => {
      const first = await newPassenger('kovanen', 'Kaarlo Kortiton')
      const second = await newPassenger('kovanen', 'Kaarina Kortiton')
      expect(
        (await putCard('7300-2000-0002', { passengerId: first, holderName: 'Kaarlo Kortiton' })).statusCode,
      ).toBe(200)
      const early = (await register('730020000002', 'Kaarlo Kortiton')).json<Invitation>()

      const moved = await putCard('730020000002', { passengerId: second, holderName: 'Kaarina Kortiton' })
      expect(moved.json()).toEqual({
        cardNumber: '730020000002',
        passengerId: second,
        holderName: 'Kaarina Kortiton',
      })
      expect(
        (await api(test.app, 'kovanen', null, { url: `/api/invitation/${early.code}` })).statusCode,
      ).toBe(404)
      expect((await register('730020000002', 'Kaarlo Kortiton')).statusCode).toBe(404)
      const now = (await register('730020000002', 'Kaarina Kortiton')).json<Invitation>()
      expect(now.items.map((item) => item.passenger.id)).toEqual([second])
      const listFirst = await operator('GET', `/api/operator/passengers/${first}/travelCards`, undefined, {
        tenant: 'kovanen',
      })
      expect(listFirst.json()).toEqual([])

      const remove = () =>
        operator('DELETE', '/api/operator/travelCards/7300-2000-0002', undefined, { tenant: 'kovanen' })
      const removed = await remove()
      expect(removed.statusCode, removed.body).toBe(200)
      expect(removed.json()).toBeNull()
      expect((await register('730020000002', 'Kaarina Kortiton')).statusCode).toBe(404)
      expect((await api(test.app, 'kovanen', null, { url: `/api/invitation/${now.code}` })).statusCode).toBe(
        404,
      )
      expect((await remove()).statusCode).toBe(404)
    })
  })

  describe('guardians', () => {
    it('lists the users who hold a passenger, with no contact data', async () => {
      const family = await newGuardian(test.db, 'espoo', 'Listattu Huoltaja')
      const passengerId = family.passengerIds[0]!
      const verified = await tenantDb(test.db, 'espoo').users.create({
        name: 'Vahva Huoltaja',
        identitySubject: `subject-${randomUUID()}`,
        identityVerified: true,
        email: 'vahva@example.com',
        phone: '+358401234567',
      })
      await tenantDb(test.db, 'espoo').passengers.grant(verified.id, [passengerId])
      const response = await operator('GET', `/api/operator/passengers/${passengerId}/guardians`)
      expect(response.statusCode, response.body).toBe(200)
      const guardians = operatorGuardian.strict().array().parse(response.json())
      expect(guardians).toEqual([
        {
          userId: family.userId,
          name: 'Listattu Huoltaja',
          strongAuthentication: false,
          grantedAt: expect.any(String) as string,
        },
        {
          userId: verified.id,
          name: 'Vahva Huoltaja',
          strongAuthentication: true,
          grantedAt: expect.any(String) as string,
        },
      ])
      expect(response.body).not.toContain('vahva@example.com')
      expect(
        (await operator('GET', `/api/operator/passengers/${await newPassenger()}/guardians`)).json(),
      ).toEqual([])
    })

    it('takes a passenger away from a user on every instance at once, with their notifications about it', async () => {
      const family = await newGuardian(test.db, 'espoo', 'Vaihtuva Huoltaja', 2)
      const [taken, kept] = family.passengerIds as [string, string]
      const { userId, token } = family
      const trip = await bookTrip(test.app, 'espoo', { passengerId: taken, start: helsinkiIn(60) })
      const subscriptionId = randomUUID()
      await storeDevice(test.db, 'espoo', userId, subscriptionId)
      await test.db
        .insertInto('notification_switches')
        .values(
          [taken, kept].map((passengerId) => ({
            tenant_id: 'espoo' as const,
            user_id: userId,
            passenger_id: passengerId,
            kind: 'eta',
            enabled: false,
          })),
        )
        .execute()
      for (const passengerId of [taken, kept]) {
        const sent = await operatorMessagesOf(test.app, 'espoo').send(passengerId, {
          content: 'Huomenna myöhässä.',
        })
        expect(sent.statusCode).toBe(200)
      }
      const reminderTrip = (passengerId: string) => ({
        passengerId,
        firstName: 'Lapsi',
        tripId: 't',
        date: trip.date,
      })
      await test.db
        .insertInto('push_deliveries')
        .values({
          tenant_id: 'espoo',
          subscription_id: subscriptionId,
          kind: 'reminder',
          data: jsonb({
            kind: 'reminder',
            date: trip.date,
            trips: [reminderTrip(kept), reminderTrip(taken)],
          }),
          topic: null,
          urgency: 'normal',
          expires_at: Temporal.Now.instant().add({ hours: 1 }),
        })
        .execute()
      const queued = async () =>
        (
          await test.db
            .selectFrom('push_deliveries')
            .select(['kind', 'data'])
            .where('tenant_id', '=', 'espoo')
            .where('subscription_id', '=', subscriptionId)
            .execute()
        ).map((row) => [row.kind, (row.data as { passengerId?: string }).passengerId])
      expect(await queued()).toHaveLength(3)

      // The user reads on instance B, which keeps the answers.
      const b = await test.secondInstance()
      const status = () =>
        api(b, 'espoo', token, {
          method: 'POST',
          url: '/api/trip/status',
          payload: { passengerId: taken, tripId: trip.id, date: trip.date },
        })
      const reads = {
        trips: () => api(b, 'espoo', token, { url: `/api/passenger/${taken}/trips` }),
        places: () => api(b, 'espoo', token, { url: `/api/passenger/${taken}/places` }),
        permissions: () =>
          api(b, 'espoo', token, { url: `/api/passenger/${taken}/transportationPermissions` }),
      }
      const passengerReads = async () =>
        (await api(b, 'espoo', token, { url: '/api/passenger/reads' }))
          .json<{ passenger: { id: string } }[]>()
          .map((read) => read.passenger.id)
      const messagesAbout = async (passengerId: string) =>
        (await messagesOf(b, 'espoo', token).page())
          .json<MessagePage>()
          .items.filter((item) => item.passengerId === passengerId)
      for (let round = 0; round < 2; round++) {
        expect((await passengerIdsOf(token, 'espoo', b)).toSorted()).toEqual([taken, kept].toSorted())
        expect((await passengerReads()).toSorted()).toEqual([taken, kept].toSorted())
        for (const read of Object.values(reads)) expect((await read()).statusCode).toBe(200)
        expect((await status()).statusCode).toBe(200)
        expect(await messagesAbout(taken)).toHaveLength(1)
      }

      // The operator removes the grant on instance A.
      const removal = await operator('DELETE', `/api/operator/passengers/${taken}/guardians/${userId}`)
      expect(removal.statusCode, removal.body).toBe(200)
      expect(removal.json()).toBeNull()

      expect(await passengerIdsOf(token, 'espoo', b)).toEqual([kept])
      expect(await passengerReads()).toEqual([kept])
      for (const [name, read] of Object.entries(reads)) {
        const response = await read()
        expect(response.statusCode, name).toBe(404)
        expect(response.json(), name).toMatchObject({ code: 'not_found' })
      }
      expect(await messagesAbout(taken)).toEqual([])
      expect(await messagesAbout(kept)).toHaveLength(1)
      const written = await messagesOf(b, 'espoo', token).send({ passengerId: taken, content: 'Hei' })
      expect(written.statusCode).toBe(404)
      const link = await api(b, 'espoo', token, {
        method: 'POST',
        url: '/api/trip/trackingLink',
        payload: { passengerId: taken, tripId: trip.id, date: trip.date },
      })
      expect(link.statusCode).toBe(404)
      // The polled status answers from the versions the database announced: B hears of the removal at once.
      await expect.poll(async () => (await status()).statusCode, { timeout: 2_000, interval: 5 }).toBe(404)

      // Their switches and queued notifications about the passenger are gone, and none come any more.
      const switches = await test.db
        .selectFrom('notification_switches')
        .select('passenger_id')
        .where('tenant_id', '=', 'espoo')
        .where('user_id', '=', userId)
        .execute()
      expect(switches).toEqual([{ passenger_id: kept }])
      expect(await queued()).toEqual([['message', kept]])
      await operatorMessagesOf(test.app, 'espoo').send(taken, { content: 'Vielä yksi.' })
      expect(await queued()).toEqual([['message', kept]])

      const guardians = await operator('GET', `/api/operator/passengers/${taken}/guardians`)
      expect(guardians.json()).toEqual([])
      const again = await operator('DELETE', `/api/operator/passengers/${taken}/guardians/${userId}`)
      expect(again.statusCode).toBe(404)
      expect(again.json()).toMatchObject({ code: 'not_found' })
      // The feed tells the removal once, with the user who lost the passenger: the first removal, not the second.
      await feedCaughtUp(test.db)
      const feed = await operator('GET', '/api/operator/changes?types=passenger.removed&limit=500')
      const removed = feed.json<ChangeFeed>().changes.filter((change) => change.data.passenger.id === taken)
      expect(removed).toEqual([
        expect.objectContaining({
          type: 'passenger.removed',
          data: expect.objectContaining({ actor: expect.objectContaining({ userId }) }),
        }),
      ])
    })
  })

  it('keeps every route to the tenant: another tenant’s key answers 404 and changes nothing', async () => {
    const passengerId = await newPassenger()
    const family = await newGuardian(test.db, 'espoo', 'Eristetty Huoltaja')
    const code = await createCode(passengerId)
    const invitation = createdInvitation.parse((await invite({ passengerIds: [passengerId] })).json())
    const card = await operator('PUT', '/api/operator/travelCards/7300-3000-0001', {
      passengerId,
      holderName: 'Eristetty Matkustaja',
    })
    expect(card.statusCode).toBe(200)

    const demo = { tenant: 'demo' as const }
    const calls: [Method, string, unknown?][] = [
      ['POST', `/api/operator/passengers/${passengerId}/accessCodes`, {}],
      ['GET', `/api/operator/passengers/${passengerId}/accessCodes`],
      ['DELETE', `/api/operator/accessCodes/${code.id}`],
      ['POST', '/api/operator/invitations', { passengerIds: [passengerId] }],
      ['DELETE', `/api/operator/invitations/${invitation.code}`],
      ['PUT', '/api/operator/travelCards/7300-3000-0001', { passengerId, holderName: 'Toinen' }],
      ['GET', `/api/operator/passengers/${passengerId}/travelCards`],
      ['DELETE', '/api/operator/travelCards/7300-3000-0001'],
      ['GET', `/api/operator/passengers/${family.passengerIds[0]}/guardians`],
      ['DELETE', `/api/operator/passengers/${family.passengerIds[0]}/guardians/${family.userId}`],
    ]
    for (const [method, url, payload] of calls) {
      const response = await operator(method, url, payload, demo)
      expect(response.statusCode, `${method} ${url}`).toBe(404)
      expect(response.json(), `${method} ${url}`).toMatchObject({ code: 'not_found' })
    }
    // Nothing changed in espoo.
    expect((await listCodes(passengerId)).codes.map((listed) => listed.id)).toEqual([code.id])
    expect(
      (await api(test.app, 'espoo', null, { url: `/api/invitation/${invitation.code}` })).statusCode,
    ).toBe(200)
    expect((await operator('GET', `/api/operator/passengers/${passengerId}/travelCards`)).json()).toEqual([
      card.json(),
    ])
    expect(await passengerIdsOf(family.token)).toEqual(family.passengerIds)
    // And the demo key's own lists do not see espoo's.
    const demoPassenger = await newPassenger('demo')
    const listed = await operator(
      'GET',
      `/api/operator/passengers/${demoPassenger}/accessCodes`,
      undefined,
      demo,
    )
    expect(listed.json()).toEqual([])
  })

  it('answers bad input with 400 and the fields at fault, never 500', async () => {
    const passengerId = await newPassenger()
    const cases: [Method, string, unknown, string][] = [
      ['POST', `/api/operator/passengers/${passengerId}/accessCodes`, { validDays: 0 }, 'validDays'],
      ['POST', `/api/operator/passengers/${passengerId}/accessCodes`, { validDays: 366 }, 'validDays'],
      ['POST', `/api/operator/passengers/${passengerId}/accessCodes`, { validDays: 1.5 }, 'validDays'],
      ['POST', `/api/operator/passengers/${passengerId}/accessCodes`, { validDays: '7' }, 'validDays'],
      ['POST', `/api/operator/passengers/${'x'.repeat(65)}/accessCodes`, {}, 'id'],
      ['DELETE', `/api/operator/accessCodes/${'x'.repeat(65)}`, undefined, 'id'],
      ['POST', '/api/operator/invitations', { passengerIds: [] }, 'passengerIds'],
      ['POST', '/api/operator/invitations', { passengerIds: Array(21).fill(passengerId) }, 'passengerIds'],
      ['POST', '/api/operator/invitations', { passengerIds: [''] }, 'passengerIds.0'],
      ['POST', '/api/operator/invitations', { passengerIds: [passengerId], validDays: 91 }, 'validDays'],
      ['POST', '/api/operator/invitations', {}, 'passengerIds'],
      ['DELETE', '/api/operator/invitations/too-short', undefined, 'code'],
      ['PUT', '/api/operator/travelCards/---', { passengerId, holderName: 'Nimi' }, 'number'],
      ['PUT', '/api/operator/travelCards/7300%2F1', { passengerId, holderName: 'Nimi' }, 'number'],
      ['PUT', '/api/operator/travelCards/73001', { passengerId, holderName: '  ' }, 'holderName'],
      ['PUT', '/api/operator/travelCards/73001', { holderName: 'Nimi' }, 'passengerId'],
      ['DELETE', `/api/operator/travelCards/${'7'.repeat(65)}`, undefined, 'number'],
      ['DELETE', `/api/operator/passengers/${passengerId}/guardians/${'u'.repeat(65)}`, undefined, 'userId'],
    ]
    for (const [method, url, payload, property] of cases) {
      const response = await operator(method, url, payload)
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400)
      expect(response.json(), `${method} ${url}`).toMatchObject({
        code: 'validation_failed',
        errors: expect.arrayContaining([expect.objectContaining({ property })]) as unknown,
      })
    }
    const unknownCard = await operator('PUT', '/api/operator/travelCards/73001', {
      passengerId: 'no-such-passenger',
      holderName: 'Nimi',
    })
    expect(unknownCard.statusCode).toBe(404)
    expect(unknownCard.json()).toMatchObject({ errors: [{ property: 'passengerId', error: 'not_found' }] })
  })
})
