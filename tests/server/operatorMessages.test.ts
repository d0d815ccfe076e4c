import { randomUUID } from 'node:crypto'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  message as messageSchema,
  operatorMessages,
  operatorMessagesLimit,
  type Message,
  type OperatorMessages,
} from '../../src/contract/messages'
import { tenantDb } from '../../server/db/tenantDb'
import { createTestApp, type TestApp } from './support/app'
import { backends } from './support/database'
import { messagesOf, newGuardian, operatorMessagesOf } from './support/messages'

describe.each(backends)('the operator API’s messages on $name', (backend) => {
  let test: TestApp
  const operator = () => operatorMessagesOf(test.app, 'espoo')

  const listed = async (passengerId: string, after?: string): Promise<OperatorMessages> => {
    const response = await operator().list(passengerId, after)
    expect(response.statusCode, response.body).toBe(200)
    const body = response.json<OperatorMessages>()
    expect(body).toStrictEqual(operatorMessages.parse(body))
    return body
  }

  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo', 'demo'] })
  })
  afterAll(() => test.close())

  it('writes to a passenger’s guardians, signed with the tenant’s name or its own, asking to confirm or not', async () => {
    const family = await newGuardian(test.db, 'espoo', 'Saaja Huoltaja')
    const passengerId = family.passengerIds[0]!
    const plain = await operator().send(passengerId, { content: '  Auto on myöhässä.  ' })
    expect(plain.statusCode).toBe(200)
    const written = plain.json<Message>()
    expect(written).toStrictEqual(messageSchema.parse(written))
    expect(written).toMatchObject({
      passengerId,
      from: { kind: 'operator', name: 'Espoon asiointiliikenne' },
      to: { kind: 'guardians' },
      content: 'Auto on myöhässä.',
      seenAt: null,
      confirmation: null,
    })
    const signed = await operator().send(passengerId, {
      content: 'Vahvistakaa uusi aika.',
      requestConfirmation: true,
      senderName: 'Kuljetuskeskus / Maija',
    })
    expect(signed.json()).toMatchObject({
      from: { kind: 'operator', name: 'Kuljetuskeskus / Maija' },
      confirmation: { confirmedAt: null, confirmedBy: null },
    })
    const page = await messagesOf(test.app, 'espoo', family.token).page()
    expect(page.json()).toMatchObject({
      unseenCount: 2,
      items: [{ id: written.id }, { id: signed.json<Message>().id }],
    })
  })

  it('refuses a wrong key, another tenant’s passenger, bad text and a missing Idempotency-Key', async () => {
    const family = await newGuardian(test.db, 'espoo', 'Rajattu Huoltaja')
    const passengerId = family.passengerIds[0]!
    const wrongKey = await operatorMessagesOf(test.app, 'espoo', 'demo-operator-demo').send(passengerId, {
      content: 'Hei',
    })
    expect(wrongKey.statusCode).toBe(401)
    expect(wrongKey.json()).toMatchObject({ code: 'invalid_api_key' })
    const demo = tenantDb(test.db, 'demo')
    const demoPassenger = (
      await demo.passengers.listGranted((await demo.users.findByUserName('guardian'))!.id)
    )[0]!
    for (const id of [demoPassenger.id, 'no-such-passenger']) {
      const sent = await operator().send(id, { content: 'Hei' })
      expect(sent.statusCode, id).toBe(404)
      expect(sent.json()).toMatchObject({ code: 'not_found' })
      expect((await operator().list(id)).statusCode, id).toBe(404)
    }
    for (const content of ['', '  ', 'x'.repeat(2001)]) {
      const response = await operator().send(passengerId, { content })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ code: 'validation_failed', errors: [{ property: 'content' }] })
    }
    const keyless = await operator().send(passengerId, { content: 'Hei' }, null)
    expect(keyless.statusCode).toBe(400)
    expect((await listed(passengerId)).items).toEqual([])
  })

  it('writes once per Idempotency-Key', async () => {
    const family = await newGuardian(test.db, 'espoo', 'Kerran Huoltaja')
    const passengerId = family.passengerIds[0]!
    const key = randomUUID()
    const first = await operator().send(passengerId, { content: 'Vain kerran' }, key)
    const again = await operator().send(passengerId, { content: 'Vain kerran' }, key)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true)
    expect((await listed(passengerId)).items).toHaveLength(1)
  })

  it('reads a passenger’s messages both ways after a cursor, and says when a guardian saw and confirmed', async () => {
    const family = await newGuardian(test.db, 'espoo', 'Vastaava Huoltaja')
    const passengerId = family.passengerIds[0]!
    const guardian = messagesOf(test.app, 'espoo', family.token)
    const question = (
      await operator().send(passengerId, { content: 'Sopiiko nouto klo 8?', requestConfirmation: true })
    ).json<Message>()

    const first = await listed(passengerId)
    expect(first).toEqual({
      items: [question],
      cursor: expect.stringMatching(/^\d+$/) as string,
      hasMore: false,
    })
    const nothingNew = await listed(passengerId, first.cursor!)
    expect(nothingNew).toEqual({ items: [], cursor: first.cursor, hasMore: false })

    const reply = (await guardian.send({ passengerId, content: 'Sopii, kiitos.' })).json<Message>()
    expect((await guardian.confirm(question.id)).statusCode).toBe(200)
    const replies = await listed(passengerId, first.cursor!)
    expect(replies.items).toEqual([
      {
        ...reply,
        // The operator's view: a user's reply goes to the operator, and no seen time is the operator's concern.
        to: { kind: 'operator', name: 'Espoon asiointiliikenne' },
        seenAt: null,
      },
    ])
    expect(BigInt(replies.cursor!)).toBeGreaterThan(BigInt(first.cursor!))

    const now = (await operator().get(question.id)).json<Message>()
    expect(now).toStrictEqual(messageSchema.parse(now))
    expect(now.seenAt).not.toBeNull()
    expect(now.confirmation).toEqual({
      confirmedAt: expect.any(String) as string,
      confirmedBy: { kind: 'user', id: family.userId, name: 'Vastaava Huoltaja' },
    })
    // A co-guardian's seeing later leaves the first seen time.
    const espoo = tenantDb(test.db, 'espoo')
    const other = await espoo.users.create({ name: 'Myöhempi Huoltaja' })
    await espoo.passengers.grant(other.id, [passengerId])
    await espoo.messages.markSeen(question.id, other.id, Temporal.Now.instant().add({ hours: 1 }))
    expect((await operator().get(question.id)).json<Message>().seenAt).toBe(now.seenAt)

    const demo = tenantDb(test.db, 'demo')
    const [demoMessage] = await demo.messages.pageForUser(
      (await demo.users.findByUserName('guardian'))!.id,
      0,
      1,
    )
    for (const id of [demoMessage!.id, 'no-such-message']) {
      const response = await operator().get(id)
      expect(response.statusCode, id).toBe(404)
      expect(response.json()).toMatchObject({ code: 'not_found' })
    }
  })

  it(`reads at most ${operatorMessagesLimit} at a time, and says more follow`, async () => {
    const family = await newGuardian(test.db, 'espoo', 'Kiireinen Huoltaja')
    const passengerId = family.passengerIds[0]!
    const start = Temporal.Now.instant().subtract({ hours: 5 })
    await tenantDb(test.db, 'espoo').messages.insertHistory(
      Array.from({ length: operatorMessagesLimit + 5 }, (_, index) => ({
        id: randomUUID(),
        passengerId,
        from: { userId: family.userId },
        content: `Viesti ${index + 1}`,
        createdAt: start.add({ seconds: index }),
        confirmationRequested: false,
      })),
      [],
    )
    const first = await listed(passengerId)
    expect(first.items).toHaveLength(operatorMessagesLimit)
    expect(first.hasMore).toBe(true)
    const rest = await listed(passengerId, first.cursor!)
    expect(rest.hasMore).toBe(false)
    expect([...first.items, ...rest.items].map((item) => item.content)).toEqual(
      Array.from({ length: operatorMessagesLimit + 5 }, (_, index) => `Viesti ${index + 1}`),
    )
  })

  it('refuses a cursor that is not digits', async () => {
    const family = await newGuardian(test.db, 'espoo', 'Kursori Huoltaja')
    for (const after of ['abc', '-1', '1.5', '1'.repeat(19)]) {
      const response = await operator().list(family.passengerIds[0]!, after)
      expect(response.statusCode, after).toBe(400)
      expect(response.json()).toMatchObject({ code: 'validation_failed', errors: [{ property: 'after' }] })
    }
  })
})
