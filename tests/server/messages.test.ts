import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  message as messageSchema,
  messageContentMaxLength,
  messagePage,
  type Message,
  type MessagePage,
} from '../../src/contract/messages'
import type { Passenger } from '../../src/contract/passenger'
import { tenantDb } from '../../server/db/tenantDb'
import { api, createTestApp, sessionTokenFor, tokenFor, type TestApp } from './support/app'
import { backends } from './support/database'
import { messagesOf, newGuardian, operatorMessagesOf } from './support/messages'

const isoWithOffset = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/

describe.each(backends)('messages on $name', (backend) => {
  let test: TestApp
  let guardian: string
  let single: string
  let singlePassenger: Passenger

  /** The whole body of a read, checked to be exactly its contract. */
  const pageOf = async (token: string, page?: number): Promise<MessagePage> => {
    const response = await messagesOf(test.app, 'espoo', token).page(page)
    expect(response.statusCode, response.body).toBe(200)
    const body = response.json<MessagePage>()
    expect(body).toStrictEqual(messagePage.parse(body))
    return body
  }
  const sent = async (token: string, passengerId: string, content: string): Promise<Message> => {
    const response = await messagesOf(test.app, 'espoo', token).send({ passengerId, content })
    expect(response.statusCode, response.body).toBe(200)
    return response.json()
  }
  const storedCount = async (content: string) =>
    (
      await sql<{ n: number }>`select count(*)::int as n from messages where content = ${content}`.execute(
        test.db,
      )
    ).rows[0]!.n

  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo', 'demo'] })
    guardian = await tokenFor(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    single = await tokenFor(test.app, 'espoo', 'single', 'demo-single-2026')
    singlePassenger = (await api(test.app, 'espoo', single, { url: '/api/passenger' })).json<
      Passenger[]
    >()[0]!
  })
  afterAll(() => test.close())

  it('answers page 1, empty, to a user without messages', async () => {
    const fresh = await newGuardian(test.db, 'espoo', 'Tyhjä Ketju')
    const empty = { items: [], page: 1, totalPages: 1, hasPreviousPage: false, unseenCount: 0 }
    expect(await pageOf(fresh.token)).toEqual(empty)
    expect(await pageOf(fresh.token, 1)).toEqual(empty)
  })

  it('writes a message about a granted passenger, trimmed, from the user to the operator', async () => {
    const writer = await newGuardian(test.db, 'espoo', 'Kirjoittava Huoltaja')
    const response = await messagesOf(test.app, 'espoo', writer.token).send({
      passengerId: writer.passengerIds[0],
      content: '  Huomenna ei kyytiä, kiitos.  ',
    })
    expect(response.statusCode).toBe(200)
    const written = response.json<Message>()
    expect(written).toStrictEqual(messageSchema.parse(written))
    expect(written).toEqual({
      id: expect.any(String) as string,
      passengerId: writer.passengerIds[0],
      from: { kind: 'user', id: writer.userId, name: 'Kirjoittava Huoltaja' },
      to: { kind: 'operator', name: 'Espoon asiointiliikenne' },
      content: 'Huomenna ei kyytiä, kiitos.',
      createdAt: expect.stringMatching(isoWithOffset) as string,
      seenAt: null,
      confirmation: null,
    })
    expect(await pageOf(writer.token)).toEqual({
      items: [written],
      page: 1,
      totalPages: 1,
      hasPreviousPage: false,
      unseenCount: 0,
    })
  })

  it('pages by tens from the oldest, the last page by default, each oldest first', async () => {
    const writer = await newGuardian(test.db, 'espoo', 'Monta Viestiä', 2)
    const contents: string[] = []
    const write = async (count: number) => {
      for (let index = 0; index < count; index++) {
        const content = `Viesti ${contents.length + 1}`
        contents.push(content)
        await sent(writer.token, writer.passengerIds[contents.length % 2]!, content)
      }
    }
    const shape = (page: MessagePage) => ({ ...page, items: page.items.map((item) => item.content) })

    await write(10)
    expect(shape(await pageOf(writer.token))).toEqual({
      items: contents,
      page: 1,
      totalPages: 1,
      hasPreviousPage: false,
      unseenCount: 0,
    })
    await write(1)
    expect(shape(await pageOf(writer.token))).toMatchObject({
      items: ['Viesti 11'],
      page: 2,
      totalPages: 2,
      hasPreviousPage: true,
    })
    expect((await pageOf(writer.token, 1)).items.map((item) => item.content)).toEqual(contents.slice(0, 10))
    await write(9)
    expect(shape(await pageOf(writer.token))).toMatchObject({
      page: 2,
      totalPages: 2,
      items: contents.slice(10),
    })
    await write(1)
    const pages = [await pageOf(writer.token, 1), await pageOf(writer.token, 2), await pageOf(writer.token)]
    expect(pages.map((page) => [page.page, page.totalPages, page.hasPreviousPage])).toEqual([
      [1, 3, false],
      [2, 3, true],
      [3, 3, true],
    ])
    expect(pages.flatMap((page) => page.items.map((item) => item.content))).toEqual(contents)
    const times = pages.flatMap((page) => page.items.map((item) => Date.parse(item.createdAt)))
    expect(times).toEqual([...times].sort((a, b) => a - b))
    expect(shape(await pageOf(writer.token, 4))).toEqual({
      items: [],
      page: 4,
      totalPages: 3,
      hasPreviousPage: true,
      unseenCount: 0,
    })
  })

  it('refuses a page that is not a whole number from 1 with 400 validation_failed', async () => {
    for (const page of ['0', '-1', 'abc', '1.5', '', '10000000']) {
      const response = await messagesOf(test.app, 'espoo', guardian).page(page)
      expect(response.statusCode, page).toBe(400)
      expect(response.json(), page).toMatchObject({
        code: 'validation_failed',
        errors: [{ property: 'page' }],
      })
    }
  })

  it('refuses empty, blank, too long or broken text, and a message without a passenger', async () => {
    const writer = await newGuardian(test.db, 'espoo', 'Tarkka Huoltaja')
    const calls = messagesOf(test.app, 'espoo', writer.token)
    const passengerId = writer.passengerIds[0]!
    const longest = 'x'.repeat(messageContentMaxLength)
    for (const content of ['', '   \n\t ', `${longest}y`, 'A\uD800']) {
      const response = await calls.send({ passengerId, content })
      expect(response.statusCode, content.slice(0, 20)).toBe(400)
      expect(response.json()).toMatchObject({ code: 'validation_failed', errors: [{ property: 'content' }] })
    }
    for (const payload of [{ content: 'Hei' }, { passengerId: '', content: 'Hei' }, { passengerId }]) {
      const response = await calls.send(payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(response.json()).toMatchObject({ code: 'validation_failed' })
    }
    expect((await pageOf(writer.token)).items).toEqual([])
    expect((await calls.send({ passengerId, content: ` ${longest} ` })).statusCode).toBe(200)
  })

  it('writes once per Idempotency-Key, replaying the first answer; needs a key; refuses a reused key', async () => {
    const calls = messagesOf(test.app, 'espoo', guardian)
    const passengerId = (await api(test.app, 'espoo', guardian, { url: '/api/passenger' })).json<
      Passenger[]
    >()[0]!.id
    const content = `Kerran vain ${randomUUID()}`
    const key = randomUUID()
    const first = await calls.send({ passengerId, content }, key)
    expect(first.statusCode).toBe(200)
    for (let attempt = 0; attempt < 2; attempt++) {
      const replay = await calls.send({ passengerId, content }, key)
      expect(replay.statusCode).toBe(200)
      expect(replay.headers['idempotent-replayed']).toBe('true')
      expect(replay.rawPayload.equals(first.rawPayload)).toBe(true)
    }
    expect(await storedCount(content)).toBe(1)

    const reused = await calls.send({ passengerId, content: 'Toinen viesti' }, key)
    expect(reused.statusCode).toBe(422)
    expect(reused.json()).toMatchObject({ code: 'idempotency_key_reused' })
    const keyless = await calls.send({ passengerId, content: 'Ilman avainta' }, null)
    expect(keyless.statusCode).toBe(400)
    expect(keyless.json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ property: 'idempotency-key' }],
    })
    expect(await storedCount('Ilman avainta')).toBe(0)
  })

  it('answers 404 for a passenger that is not the user’s, another user’s or another tenant’s, and writes nothing', async () => {
    const demo = tenantDb(test.db, 'demo')
    const demoGuardian = (await demo.users.findByUserName('guardian'))!
    const demoPassenger = (await demo.passengers.listGranted(demoGuardian.id))[0]!
    for (const passengerId of [singlePassenger.id, demoPassenger.id, 'no-such-passenger']) {
      const content = `Ei kenellekään ${passengerId}`
      const response = await messagesOf(test.app, 'espoo', guardian).send({ passengerId, content })
      expect(response.statusCode, passengerId).toBe(404)
      expect(response.json()).toMatchObject({ statusCode: 404, code: 'not_found' })
      expect(await storedCount(content)).toBe(0)
    }
  })

  it('keeps each user to their passengers’ messages: another user’s or tenant’s message id is 404', async () => {
    const secret = await sent(single, singlePassenger.id, `Yksityinen ${randomUUID()}`)
    const demo = tenantDb(test.db, 'demo')
    const demoGuardian = (await demo.users.findByUserName('guardian'))!
    // An unseen message asking for a confirmation: nothing from another tenant may see or confirm it.
    const demoMessage = (await demo.messages.pageForUser(demoGuardian.id, 0, 100)).find(
      (record) => record.seenAt === null && record.confirmationRequested && record.confirmedAt === null,
    )
    const calls = messagesOf(test.app, 'espoo', guardian)
    for (const id of [secret.id, demoMessage!.id, 'no-such-message']) {
      for (const response of [await calls.seen(id), await calls.confirm(id)]) {
        expect(response.statusCode, id).toBe(404)
        expect(response.json()).toMatchObject({ statusCode: 404, code: 'not_found' })
      }
    }
    const all: Message[] = []
    const last = await pageOf(guardian)
    for (let page = 1; page <= last.totalPages; page++) all.push(...(await pageOf(guardian, page)).items)
    const ids = all.map((item) => item.id)
    expect(ids).not.toContain(secret.id)
    expect(ids).not.toContain(demoMessage!.id)
    expect(await demo.messages.findForUser(demoGuardian.id, demoMessage!.id)).toEqual(demoMessage)
  })

  it('marks others’ messages seen per user, confirms those that ask once, and refuses the rest with 409', async () => {
    const family = await newGuardian(test.db, 'espoo', 'Ensimmäinen Huoltaja')
    const passengerId = family.passengerIds[0]!
    const espoo = tenantDb(test.db, 'espoo')
    const other = await espoo.users.create({ name: 'Toinen Huoltaja' })
    await espoo.passengers.grant(other.id, [passengerId])
    const operator = operatorMessagesOf(test.app, 'espoo')
    const plain = (await operator.send(passengerId, { content: 'Auto on myöhässä.' })).json<Message>()
    const asking = (
      await operator.send(passengerId, { content: 'Vahvistakaa uusi aika.', requestConfirmation: true })
    ).json<Message>()
    const own = await sent(family.token, passengerId, 'Kiitos tiedosta.')
    const calls = messagesOf(test.app, 'espoo', family.token)

    const before = await pageOf(family.token)
    expect(before.unseenCount).toBe(2)
    expect(before.items.map((item) => [item.to, item.seenAt, item.confirmation])).toEqual([
      [{ kind: 'guardians' }, null, null],
      [{ kind: 'guardians' }, null, { confirmedAt: null, confirmedBy: null }],
      [{ kind: 'operator', name: 'Espoon asiointiliikenne' }, null, null],
    ])

    const seen = await calls.seen(plain.id)
    expect(seen.statusCode).toBe(200)
    const seenMessage = seen.json<Message>()
    expect(seenMessage).toStrictEqual(messageSchema.parse(seenMessage))
    expect(seenMessage.seenAt).toMatch(isoWithOffset)
    const again = await calls.seen(plain.id, { 'idempotency-key': randomUUID() })
    expect(again.statusCode).toBe(200)
    expect(again.json<Message>().seenAt).toBe(seenMessage.seenAt)
    expect((await pageOf(family.token)).unseenCount).toBe(1)

    const notAsked = await calls.confirm(plain.id)
    expect(notAsked.statusCode).toBe(409)
    expect(notAsked.json()).toMatchObject({ statusCode: 409, code: 'confirmation_not_requested' })
    for (const response of [await calls.seen(own.id), await calls.confirm(own.id)]) {
      expect(response.statusCode).toBe(409)
      expect(response.json()).toMatchObject({ statusCode: 409, code: 'own_message' })
    }

    const confirmed = await calls.confirm(asking.id)
    expect(confirmed.statusCode).toBe(200)
    const confirmation = confirmed.json<Message>()
    expect(confirmation.confirmation).toEqual({
      confirmedAt: expect.stringMatching(isoWithOffset) as string,
      confirmedBy: { kind: 'user', id: family.userId, name: 'Ensimmäinen Huoltaja' },
    })
    // Confirming is seeing.
    expect(confirmation.seenAt).toMatch(isoWithOffset)
    expect((await calls.confirm(asking.id)).json<Message>()).toEqual(confirmation)
    expect((await pageOf(family.token)).unseenCount).toBe(0)

    // The co-guardian has seen nothing yet: the guardian's message is another's to them, and the confirmation
    // stands as the first guardian gave it.
    const coGuardian = await sessionTokenFor(test.db, 'espoo', other.id, 600)
    const theirs = await pageOf(coGuardian)
    expect(theirs.unseenCount).toBe(3)
    expect(theirs.items.map((item) => item.seenAt)).toEqual([null, null, null])
    const theirConfirm = await messagesOf(test.app, 'espoo', coGuardian).confirm(asking.id)
    expect(theirConfirm.statusCode).toBe(200)
    expect(theirConfirm.json<Message>().confirmation).toEqual(confirmation.confirmation)
    expect((await messagesOf(test.app, 'espoo', coGuardian).seen(own.id)).statusCode).toBe(200)
    expect((await pageOf(coGuardian)).unseenCount).toBe(1)
    expect((await pageOf(family.token)).items.find((item) => item.id === own.id)?.seenAt).toBeNull()
  })
})
