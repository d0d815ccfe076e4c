import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Passenger } from '../../src/contract/passenger'
import type { TenantId } from '../../tenants'
import { buildApp } from '../../server/app'
import { tenantDb } from '../../server/db/tenantDb'
import { purgeExpiredKeys } from '../../server/idempotency/purge'
import { api, createTestApp, testConfig, tokenFor, type TestApp } from './support/app'
import { backends } from './support/database'
import { createHeldEndpoint, heldPath } from './support/heldEndpoint'
import { messagesOf } from './support/messages'
import { describeOnPostgres } from './support/onPostgres'
import type { PgProxy } from './support/pgProxy'
import { startProxiedApp, type ProxiedApp } from './support/proxiedApp'
import { bookTrip, helsinkiIn, operatorEvent } from './support/trips'

describe.each(backends)('idempotency keys on $name', (backend) => {
  let test: TestApp
  /** A second app instance on the same data, with its own connections on PostgreSQL. */
  let other: FastifyInstance
  const held = createHeldEndpoint()
  let guardian: string
  let single: string
  let demoGuardian: string
  let passenger: Passenger
  let keyCount = 0
  const newKey = () => `key-${++keyCount}-${Temporal.Now.instant().epochMilliseconds}`

  const post = (
    app: FastifyInstance,
    url: string,
    payload: object,
    key: string | null,
    options: { token?: string; tenant?: TenantId } = {},
  ) =>
    api(app, options.tenant ?? 'espoo', options.token ?? guardian, {
      method: 'POST',
      url,
      payload,
      ...(key === null ? {} : { headers: { 'idempotency-key': key } }),
    })
  const echo = (text: string, key: string | null, app = test.app) => post(app, heldPath, { text }, key)
  const cancel = (trip: { id: string; date: string }, key: string) =>
    post(test.app, '/api/trip/cancel', { trips: [trip], reason: 'Sairastunut' }, key)

  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo', 'demo'] })
    held.register(test.app, test.db)
    other = await test.secondInstance()
    held.register(other, test.db)
    guardian = await tokenFor(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    single = await tokenFor(test.app, 'espoo', 'single', 'demo-single-2026')
    demoGuardian = await tokenFor(test.app, 'demo', 'guardian', 'demo-guardian-2026')
    passenger = (await api(test.app, 'espoo', guardian, { url: '/api/passenger' })).json<Passenger[]>()[0]!
  })
  afterAll(() => test.close())

  it('replays the first answer byte for byte, marked as replayed, and applies the effect once', async () => {
    const trip = await bookTrip(test.app, 'espoo', { passengerId: passenger.id, start: helsinkiIn(24 * 60) })
    const key = newKey()
    const first = await cancel(trip, key)
    expect(first.statusCode).toBe(200)
    expect(first.headers['idempotent-replayed']).toBeUndefined()
    // The trip is cancelled now, so the same request run again would be refused; the replay still says what the
    // first answer said.
    const runAgain = await cancel(trip, newKey())
    expect(runAgain.statusCode).toBe(409)
    expect(runAgain.json()).toMatchObject({ code: 'trip_not_cancellable' })
    for (let attempt = 0; attempt < 2; attempt++) {
      const replay = await cancel(trip, key)
      expect(replay.statusCode).toBe(200)
      expect(replay.headers['idempotent-replayed']).toBe('true')
      expect(replay.headers['content-type']).toBe(first.headers['content-type'])
      expect(replay.rawPayload.equals(first.rawPayload)).toBe(true)
    }
    const events = await tenantDb(test.db, 'espoo').trips.events(trip.id)
    expect(events.filter((event) => event.type === 'cancelled')).toHaveLength(1)
  })

  it('stores and replays a 4xx answer: a rejected cancellation stays rejected', async () => {
    const trip = await bookTrip(test.app, 'espoo', {
      passengerId: passenger.id,
      start: helsinkiIn(-5),
      then: ['pickedUp'],
    })
    const key = newKey()
    const first = await cancel(trip, key)
    expect(first.statusCode).toBe(409)
    expect(first.json().code).toBe('trip_not_cancellable')
    const replay = await cancel(trip, key)
    expect(replay.statusCode).toBe(409)
    expect(replay.headers['idempotent-replayed']).toBe('true')
    expect(replay.body).toBe(first.body)
  })

  it('answers 422 idempotency_key_reused for the same key with another body or path', async () => {
    const key = newKey()
    expect((await echo('first', key)).statusCode).toBe(200)
    const otherBody = await echo('second', key)
    expect(otherBody.statusCode).toBe(422)
    expect(otherBody.json()).toMatchObject({ statusCode: 422, code: 'idempotency_key_reused' })
    const otherPath = await post(
      test.app,
      '/api/trip/cancel',
      { trips: [{ id: 'x', date: '2026-11-24' }], reason: 'x' },
      key,
    )
    expect(otherPath.statusCode).toBe(422)
    // The same body with its keys in another order is the same request.
    const reordered = await post(test.app, heldPath, JSON.parse('{"text":"first"}') as object, key)
    expect(reordered.statusCode).toBe(200)
  })

  it('keeps keys apart per user and per tenant', async () => {
    const key = newKey()
    const runsBefore = held.runs
    const mine = await echo('same', key)
    const theirs = await post(test.app, heldPath, { text: 'same' }, key, { token: single })
    const foreign = await post(test.app, heldPath, { text: 'same' }, key, {
      token: demoGuardian,
      tenant: 'demo',
    })
    for (const response of [mine, theirs, foreign]) {
      expect(response.statusCode).toBe(200)
      expect(response.headers['idempotent-replayed']).toBeUndefined()
    }
    expect(held.runs).toBe(runsBefore + 3)
  })

  it.each([
    ['longer than 255 characters', 'k'.repeat(256), 'too_big'],
    ['with a space', 'two words', 'invalid_format'],
    ['with a letter outside ASCII', 'avain-ä', 'invalid_format'],
  ])('answers a key %s with 400', async (_name, key, error) => {
    const runsBefore = held.runs
    const response = await echo('x', key)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ property: 'idempotency-key', error }],
    })
    expect(held.runs).toBe(runsBefore)
  })

  it('takes keys of 1 and 255 visible characters, and runs calls without a key each time', async () => {
    expect((await echo('a', '!')).statusCode).toBe(200)
    expect((await echo('a', '~'.repeat(255))).statusCode).toBe(200)
    const runsBefore = held.runs
    await echo('a', null)
    await echo('a', null)
    expect(held.runs).toBe(runsBefore + 2)
  })

  /** Moves a key's claim `seconds` into the past, as if its run had started then. */
  const claimedAgo = (key: string, seconds: number) =>
    sql`update idempotency_keys set claimed_at = ${Temporal.Now.instant().subtract({ seconds }).toString()}::timestamptz where key = ${key}`.execute(
      test.db,
    )

  it('answers 409 idempotency_in_flight while the first request runs, on any instance', async () => {
    const key = newKey()
    const hold = held.hold()
    const first = echo('slow', key)
    await hold.entered
    for (const app of [test.app, other]) {
      const meanwhile = await echo('slow', key, app)
      expect(meanwhile.statusCode).toBe(409)
      expect(meanwhile.json()).toMatchObject({ code: 'idempotency_in_flight' })
      // The whole seconds until a retry may take the claim over (2 minutes after it was made).
      expect(Number(meanwhile.headers['retry-after'])).toBeGreaterThan(100)
      expect(Number(meanwhile.headers['retry-after'])).toBeLessThanOrEqual(120)
    }
    // A run that died 100 s ago (its instance crashed) can be taken over in 20 s; then a retry runs.
    await claimedAgo(key, 100)
    const waiting = await echo('slow', key, other)
    expect(waiting.statusCode).toBe(409)
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThanOrEqual(15)
    expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(20)
    hold.release()
    const done = await first
    expect(done.statusCode).toBe(200)
    const runs = held.runs
    const replay = await echo('slow', key, other)
    expect(replay.headers['idempotent-replayed']).toBe('true')
    expect(replay.body).toBe(done.body)
    // A replay answers without running the handler again.
    expect(held.runs).toBe(runs)
  })

  it('lets exactly one of several simultaneous requests with one key run, across instances', async () => {
    const key = newKey()
    const runsBefore = held.runs
    const responses = await Promise.all(
      [test.app, other, test.app, other].map((app) => echo('race', key, app)),
    )
    expect(held.runs).toBe(runsBefore + 1)
    const fresh = responses.filter(
      (response) => response.statusCode === 200 && !response.headers['idempotent-replayed'],
    )
    expect(fresh).toHaveLength(1)
    for (const response of responses) {
      if (response.statusCode === 200) expect(response.body).toBe(fresh[0]!.body)
      else expect(response.json()).toMatchObject({ statusCode: 409, code: 'idempotency_in_flight' })
    }
  })

  it('releases the key after a 5xx, so that a retry runs again', async () => {
    const key = newKey()
    held.failOnce()
    const failed = await echo('flaky', key)
    expect(failed.statusCode).toBe(500)
    expect(failed.json()).toMatchObject({ code: 'internal_error' })
    const retried = await echo('flaky', key)
    expect(retried.statusCode).toBe(200)
    expect(retried.headers['idempotent-replayed']).toBeUndefined()
    expect((await echo('flaky', key)).headers['idempotent-replayed']).toBe('true')
  })

  it('takes over a key whose first run died in flight', async () => {
    const key = newKey()
    const hold = held.hold()
    const first = echo('orphan', key)
    await hold.entered
    expect((await echo('orphan', key)).statusCode).toBe(409)
    // As if the instance running the first had crashed minutes ago.
    await claimedAgo(key, 180)
    const second = await echo('orphan', key)
    expect(second.statusCode).toBe(200)
    expect(second.headers['idempotent-replayed']).toBeUndefined()
    // The orphan's late answer does not overwrite the run that took over: it rolls back and is told to retry.
    hold.release()
    expect((await first).json()).toMatchObject({ statusCode: 409, code: 'idempotency_in_flight' })
    const replay = await echo('orphan', key)
    expect(replay.headers['idempotent-replayed']).toBe('true')
    expect(replay.body).toBe(second.body)
  })

  it('stores the answer with the handler’s writes: a crash between them cannot apply an operator event twice', async () => {
    const trip = await bookTrip(test.app, 'espoo', { passengerId: passenger.id, start: helsinkiIn(6 * 60) })
    const key = newKey()
    const routed = () =>
      operatorEvent(test.app, 'espoo', trip.id, { type: 'routed' }, { headers: { 'idempotency-key': key } })
    // Storing this key's answer fails, as when the instance dies right after the handler's work.
    await sql`create function fail_storing() returns trigger language plpgsql as $$ begin raise exception 'died before storing the answer'; end $$`.execute(
      test.db,
    )
    await sql`create trigger fail_storing before update on idempotency_keys for each row when (new.key = ${sql.lit(key)} and new.state = 'done') execute function fail_storing()`.execute(
      test.db,
    )
    const died = await routed()
    await sql`drop trigger fail_storing on idempotency_keys`.execute(test.db)
    await sql`drop function fail_storing()`.execute(test.db)
    // Minutes later, whatever claim the dead run left is stale, and the operator retries.
    await claimedAgo(key, 180)
    const retried = await routed()
    expect(retried.statusCode).toBe(200)
    const events = await tenantDb(test.db, 'espoo').trips.events(trip.id)
    expect(events.filter((event) => event.type === 'routed')).toHaveLength(1)
    expect(died.statusCode).toBe(500)
    const replay = await routed()
    expect(replay.headers['idempotent-replayed']).toBe('true')
    expect(replay.body).toBe(retried.body)
  })

  it('makes the account and passenger calls idempotent too', async () => {
    const key = newKey()
    const claim = () => post(test.app, '/api/passenger', { token: 'LISAA-1001' }, key)
    const first = await claim()
    expect(first.statusCode).toBe(200)
    // Without the key a second claim would be 404 (the code is used up); with it, the first answer comes back.
    const again = await claim()
    expect(again.statusCode).toBe(200)
    expect(again.body).toBe(first.body)
    const rename = (avatarText: string, renameKey: string) =>
      api(test.app, 'espoo', guardian, {
        method: 'PUT',
        url: `/api/passenger/${passenger.id}`,
        payload: { avatarText },
        headers: { 'idempotency-key': renameKey },
      })
    const renameKey = newKey()
    expect((await rename('ab', renameKey)).statusCode).toBe(200)
    expect((await rename('ab', renameKey)).headers['idempotent-replayed']).toBe('true')
    expect((await rename('cd', renameKey)).statusCode).toBe(422)
    const password = await post(
      test.app,
      '/api/account/edit',
      { userName: 'guardian', password: 'x' },
      newKey(),
    )
    expect(password.statusCode).toBe(400)
  })

  it('purges keys older than 30 days, at start and when asked, and keeps newer ones', async () => {
    const [old, older, fresh] = [newKey(), newKey(), newKey()]
    for (const key of [old, older, fresh]) expect((await echo(key, key)).statusCode).toBe(200)
    const now = Temporal.Now.instant()
    const age = (key: string, days: number) =>
      sql`update idempotency_keys set created_at = ${now.subtract({ hours: days * 24 }).toString()}::timestamptz where key = ${key}`.execute(
        test.db,
      )
    await age(old, 31)
    await age(fresh, 29)
    expect(await purgeExpiredKeys(test.db, now)).toBe(1)
    // The purged key is free again: the same key with another body now runs instead of 422.
    expect((await echo('another body', old)).statusCode).toBe(200)
    expect((await echo('another body', fresh)).statusCode).toBe(422)

    await age(older, 45)
    const started = await buildApp({ config: testConfig(), db: test.db })
    await started.ready()
    await started.close()
    const left = await test.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('key', 'in', [older, fresh])
      .execute()
    expect(left.map((row) => row.key)).toEqual([fresh])
  })
})

/**
 * A write whose key was claimed and whose handler then lost the database (instance A reaches PostgreSQL through a
 * proxy, cut as the message is inserted): it answers 503, and its key must not stay in flight, or every retry
 * gets 409 for minutes while nothing was written. Instance B reaches PostgreSQL directly.
 */
describeOnPostgres('idempotency keys of writes that lost the database', (backend) => {
  let test: TestApp
  let proxy: PgProxy
  let proxied: ProxiedApp
  let a: FastifyInstance
  let b: FastifyInstance
  let token: string
  let passengerId: string

  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo'] })
    b = test.app
    proxied = await startProxiedApp(backend.databaseUrl!, test.schema!, 'proxied')
    ;({ proxy, app: a } = proxied)
    token = await tokenFor(a, 'espoo', 'guardian', 'demo-guardian-2026')
    passengerId = (await api(a, 'espoo', token, { url: '/api/passenger' })).json<Passenger[]>()[0]!.id
  })
  afterAll(async () => {
    await proxied?.close()
    await test?.close()
  })

  const send = (app: FastifyInstance, content: string, key: string) =>
    messagesOf(app, 'espoo', token).send({ passengerId, content }, key)
  const written = async (content: string) =>
    (await test.db.selectFrom('messages').select('id').where('content', '=', content).execute()).length
  /** A's write of `content` with `key`, answered 503 because the database went away after it claimed the key. */
  const lostWrite = async (content: string, key: string) => {
    const cut = proxy.cutAt('insert into "messages"')
    const lost = await send(a, content, key)
    await cut
    expect(lost.statusCode, lost.body).toBe(503)
    expect(await written(content)).toBe(0)
    proxy.restore()
  }

  it('answers the retry on the same instance once the database is back, writing the message once', async () => {
    const key = `lost-${randomUUID()}`
    await lostWrite('lost and retried here', key)
    const retry = await send(a, 'lost and retried here', key)
    expect(retry.statusCode, retry.body).toBe(200)
    expect(await written('lost and retried here')).toBe(1)
    expect((await send(a, 'lost and retried here', key)).headers['idempotent-replayed']).toBe('true')
    expect(await written('lost and retried here')).toBe(1)
  })

  it('answers the retry on another instance within seconds of the database coming back', async () => {
    const key = `lost-${randomUUID()}`
    await lostWrite('lost and retried elsewhere', key)
    await expect
      .poll(async () => (await send(b, 'lost and retried elsewhere', key)).statusCode, { timeout: 5_000 })
      .toBe(200)
    expect(await written('lost and retried elsewhere')).toBe(1)
  })
})
