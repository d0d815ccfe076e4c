import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  commandBatchMaxBytes,
  commandBatchMaxCount,
  type BatchedCommand,
  type CommandBatchResponse,
} from '../../src/contract/commandBatch'
import { apiError } from '../../src/contract/common'
import type { Message } from '../../src/contract/messages'
import type { TenantId } from '../../tenants'
import { tenantDb } from '../../server/db/tenantDb'
import { requestFingerprint } from '../../server/idempotency/fingerprint'
import { api, createTestApp, type TestApp } from './support/app'
import { backends } from './support/database'
import { messagesOf, newGuardian, operatorMessagesOf } from './support/messages'
import { bookTrip, helsinkiIn } from './support/trips'

describe.each(backends)('a batch of commands on $name', (backend) => {
  let test: TestApp
  let guardian: Awaited<ReturnType<typeof newGuardian>>

  const batch = (commands: unknown, token: string | null = guardian.token, tenant: TenantId = 'espoo') =>
    api(test.app, tenant, token, { method: 'POST', url: '/api/command/batch', payload: { commands } })
  const answered = async (commands: BatchedCommand[], token?: string, tenant?: TenantId) => {
    const response = await batch(commands, token, tenant)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<CommandBatchResponse>().answers
  }
  const send = (content: string, passenger = 0, key = randomUUID()): BatchedCommand => ({
    key,
    call: 'sendMessage',
    body: { passengerId: guardian.passengerIds[passenger]!, content },
  })
  const cancel = (trip: { id: string; date: string }, key = randomUUID()): BatchedCommand => ({
    key,
    call: 'cancelTrips',
    body: { trips: [trip], reason: 'Sairastunut' },
  })
  /** The user's messages in a passenger's thread, oldest first. */
  const thread = async (passenger = 0) =>
    (
      await sql<{ content: string }>`select content from messages
        where passenger_id = ${guardian.passengerIds[passenger]!} and sender = 'user' order by seq`.execute(
        test.db,
      )
    ).rows.map((row) => row.content)
  /** Commands whose batch is larger than a batch may be. */
  const oversized = () => {
    const padded = Array.from({ length: 40 }, () => send('y'.repeat(2000))).map((command) => ({
      ...command,
      body: { ...(command.body as object), pad: 'z'.repeat(30_000) },
    }))
    expect(JSON.stringify({ commands: padded }).length).toBeGreaterThan(commandBatchMaxBytes)
    return padded
  }
  const keyCount = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from idempotency_keys`.execute(test.db)).rows[0]!.n
  const tomorrow = () =>
    bookTrip(test.app, 'espoo', { passengerId: guardian.passengerIds[0]!, start: helsinkiIn(24 * 60) })
  const cancellations = async (tripId: string) =>
    (await tenantDb(test.db, 'espoo').trips.events(tripId)).filter((event) => event.type === 'cancelled')
      .length

  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo', 'demo'] })
    guardian = await newGuardian(test.db, 'espoo', 'Erä Lähettäjä', 2)
  })
  afterAll(() => test.close())

  it('runs each command once, in order, and answers each as its own call would', async () => {
    const trip = await tomorrow()
    const operator = (
      await operatorMessagesOf(test.app, 'espoo').send(guardian.passengerIds[0]!, { content: 'Auto tulee.' })
    ).json<Message>()
    const answers = await answered([
      send('Eka'),
      cancel(trip),
      { key: randomUUID(), call: 'markMessageSeen', params: { id: operator.id } },
      send('Toka'),
    ])
    expect(answers.map((answer) => [answer.status, answer.replayed])).toEqual([
      [200, false],
      [200, false],
      [200, false],
      [200, false],
    ])
    expect(answers[0]!.body).toMatchObject({ content: 'Eka', passengerId: guardian.passengerIds[0] })
    expect(answers[1]!.body).toEqual([expect.objectContaining({ id: trip.id, cancelReason: 'Sairastunut' })])
    expect(answers[2]!.body).toMatchObject({ id: operator.id, seenAt: expect.any(String) })
    expect(await thread()).toEqual(expect.arrayContaining(['Eka', 'Toka']))
    expect((await thread()).filter((content) => ['Eka', 'Toka'].includes(content))).toEqual(['Eka', 'Toka'])
    expect(await cancellations(trip.id)).toBe(1)
  })

  it('answers the same batch sent again with the first answers, replayed, and applies nothing twice', async () => {
    const trip = await tomorrow()
    const commands = [send('Uudestaan 1'), cancel(trip), send('Uudestaan 2', 1)]
    const first = await answered(commands)
    const again = await answered(commands)
    expect(again.map(({ status, body }) => ({ status, body }))).toEqual(
      first.map(({ status, body }) => ({ status, body })),
    )
    expect(first.every((answer) => !answer.replayed)).toBe(true)
    expect(again.every((answer) => answer.replayed)).toBe(true)
    expect((await thread(0)).filter((content) => content === 'Uudestaan 1')).toHaveLength(1)
    expect((await thread(1)).filter((content) => content === 'Uudestaan 2')).toHaveLength(1)
    expect(await cancellations(trip.id)).toBe(1)
  })

  it('shares keys with the single calls both ways: a command sent alone, then in a batch, is applied once', async () => {
    const alone = randomUUID()
    const single = await messagesOf(test.app, 'espoo', guardian.token).send(
      { passengerId: guardian.passengerIds[0]!, content: 'Ensin yksin' },
      alone,
    )
    expect(single.statusCode).toBe(200)
    const [inBatch] = await answered([send('Ensin yksin', 0, alone)])
    expect(inBatch).toEqual({ status: 200, body: single.json(), replayed: true })

    const batched = send('Ensin erässä')
    const [first] = await answered([batched])
    const later = await messagesOf(test.app, 'espoo', guardian.token).send(
      batched.body as object,
      batched.key,
    )
    expect(later.statusCode).toBe(200)
    expect(later.headers['idempotent-replayed']).toBe('true')
    expect(later.json()).toEqual(first!.body)
    expect(await thread()).toEqual(expect.arrayContaining(['Ensin yksin', 'Ensin erässä']))
    expect((await thread()).filter((content) => content.startsWith('Ensin '))).toHaveLength(2)

    // A seen mark too: a PUT on an id, whose path the batch fills in as its own call's.
    const operator = (
      await operatorMessagesOf(test.app, 'espoo').send(guardian.passengerIds[1]!, { content: 'Huomenna.' })
    ).json<Message>()
    const seenKey = randomUUID()
    const seen = await messagesOf(test.app, 'espoo', guardian.token).seen(operator.id, {
      'idempotency-key': seenKey,
    })
    const [seenAgain] = await answered([
      { key: seenKey, call: 'markMessageSeen', params: { id: operator.id } },
    ])
    expect(seenAgain).toEqual({ status: 200, body: seen.json(), replayed: true })
  })

  it('answers a key used before with another request 422, as its own call would, and goes on', async () => {
    const reused = send('Alkuperäinen')
    await answered([reused])
    const answers = await answered([
      { ...reused, body: { passengerId: guardian.passengerIds[0]!, content: 'Toinen' } },
      send('Perään'),
    ])
    expect(answers.map((answer) => answer.status)).toEqual([422, 200])
    expect(answers[0]!.body).toMatchObject({ code: 'idempotency_key_reused' })
    expect(await thread()).not.toContain('Toinen')
  })

  it('goes on past a command refused for good, keeping the order, and stores the refusal as its key’s answer', async () => {
    const trip = await tomorrow()
    await answered([cancel(trip)])
    const refused = cancel(trip)
    const commands = [
      send('Ennen kieltoa'),
      refused,
      { key: randomUUID(), call: 'markMessageSeen', params: { id: randomUUID() } },
      send('x'.repeat(5000)),
      send('Kiellon jälkeen'),
    ] satisfies BatchedCommand[]
    const answers = await answered(commands)
    expect(answers.map((answer) => [answer.status, (answer.body as { code?: string }).code ?? null])).toEqual(
      [
        [200, null],
        [409, 'trip_not_cancellable'],
        [404, 'not_found'],
        [400, 'validation_failed'],
        [200, null],
      ],
    )
    // Each refusal in the one error shape of the API, as its own call answers.
    for (const answer of answers.slice(1, 4)) expect(apiError.safeParse(answer.body).success).toBe(true)
    const after = (await thread()).filter(
      (content) => content.endsWith('kieltoa') || content.endsWith('jälkeen'),
    )
    expect(after).toEqual(['Ennen kieltoa', 'Kiellon jälkeen'])
    const [replayedRefusal] = await answered([refused])
    expect(replayedRefusal).toEqual({ ...answers[1], replayed: true })
    expect(await cancellations(trip.id)).toBe(1)
  })

  it('stops at a key in flight, answering 409 idempotency_in_flight, and runs none of the commands behind it', async () => {
    const held = send('Kesken')
    // Another run holds the key: claimed for the same request, not yet answered.
    await tenantDb(test.db, 'espoo').idempotencyKeys.claim(
      { principal: `user:${guardian.userId}`, key: held.key },
      requestFingerprint('POST', '/api/message', held.body),
      Temporal.Now.instant(),
      Temporal.Duration.from({ minutes: 2 }),
    )
    const before = send('Ennen keskeneräistä')
    const behind = send('Keskeneräisen jälkeen')
    const answers = await answered([before, held, behind])
    expect(answers.map((answer) => answer.status)).toEqual([200, 409])
    expect(answers[1]!.body).toMatchObject({ code: 'idempotency_in_flight' })
    expect(await thread()).toContain('Ennen keskeneräistä')
    expect(await thread()).not.toContain('Keskeneräisen jälkeen')
    const behindKey = await tenantDb(test.db, 'espoo').idempotencyKeys.claim(
      { principal: `user:${guardian.userId}`, key: behind.key },
      'probe',
      Temporal.Now.instant(),
      Temporal.Duration.from({ minutes: 2 }),
    )
    // Never claimed: the probe is the first to take the key.
    expect(behindKey.kind).toBe('claimed')
  })

  it('keeps keys per user and per tenant: another user’s command under the same key runs as its own', async () => {
    const other = await newGuardian(test.db, 'espoo', 'Toinen Käyttäjä')
    const shared = send('Minun')
    await answered([shared])
    const [theirs] = await answered(
      [
        {
          key: shared.key,
          call: 'sendMessage',
          body: { passengerId: other.passengerIds[0]!, content: 'Heidän' },
        },
      ],
      other.token,
    )
    expect(theirs).toMatchObject({ status: 200, replayed: false, body: { content: 'Heidän' } })

    const abroad = await newGuardian(test.db, 'demo', 'Muu Vuokralainen')
    const [elsewhere] = await answered(
      [
        {
          key: shared.key,
          call: 'sendMessage',
          body: { passengerId: abroad.passengerIds[0]!, content: 'Muualla' },
        },
      ],
      abroad.token,
      'demo',
    )
    expect(elsewhere).toMatchObject({ status: 200, replayed: false, body: { content: 'Muualla' } })
  })

  it('answers 401 for the whole batch without a valid token, running nothing', async () => {
    const keys = await keyCount()
    for (const token of [null, 'not-a-token']) {
      const response = await batch([send('Ilman lupaa')], token)
      expect(response.statusCode).toBe(401)
      expect(response.json()).toMatchObject({ statusCode: 401, code: 'unauthorized' })
    }
    expect(await keyCount()).toBe(keys)
    expect(await thread()).not.toContain('Ilman lupaa')
  })

  it('refuses a caller without a valid token before reading the body: 401, even for one over the limit', async () => {
    for (const token of [null, 'not-a-token']) {
      const response = await batch(oversized(), token)
      expect(response.statusCode).toBe(401)
      expect(apiError.parse(response.json())).toMatchObject({ statusCode: 401, code: 'unauthorized' })
    }
  })

  it.each([
    ['no commands', []],
    [
      'too many commands',
      Array.from({ length: commandBatchMaxCount + 1 }, () => ({ key: 'k', call: 'sendMessage' })),
    ],
    ['a call that is not a command', [{ key: 'k', call: 'addPassenger', body: {} }]],
    ['a key that is not an Idempotency-Key', [{ key: 'two words', call: 'sendMessage', body: {} }]],
    ['a command without a key', [{ call: 'sendMessage', body: {} }]],
    ['a list, not an object', 'commands'],
    ['a seen mark without its message id', [{ key: 'k', call: 'markMessageSeen' }]],
    ['an empty message id', [{ key: 'k', call: 'markMessageSeen', params: { id: '' } }]],
  ])('answers 400 validation_failed to %s, running nothing', async (_, commands) => {
    const keys = await keyCount()
    const fine = send('Kelvoton erä')
    const response = await batch(
      Array.isArray(commands) && commands.length > 0 ? [fine, ...commands] : commands,
    )
    expect(response.statusCode, response.body).toBe(400)
    expect(apiError.parse(response.json())).toMatchObject({ statusCode: 400, code: 'validation_failed' })
    expect(await keyCount()).toBe(keys)
    expect(await thread()).not.toContain('Kelvoton erä')
  })

  it('answers 400 to a body that is not JSON and 413 to one larger than a batch takes', async () => {
    const notJson = await api(test.app, 'espoo', guardian.token, {
      method: 'POST',
      url: '/api/command/batch',
      payload: '{"commands": [',
      headers: { 'content-type': 'application/json' },
    })
    expect(notJson.statusCode).toBe(400)
    expect(apiError.safeParse(notJson.json()).success).toBe(true)
    const tooLarge = await batch(oversized())
    expect(tooLarge.statusCode).toBe(413)
    expect(tooLarge.json()).toMatchObject({ statusCode: 413, code: 'payload_too_large' })
  })
})
