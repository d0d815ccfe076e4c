import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { sql, type Kysely } from 'kysely'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { changeFeed, feedChange, type ChangeFeed } from '../../src/contract/operatorChanges'
import type { TenantId } from '../../tenants'
import type { Database } from '../../server/db/schema'
import { tenantDb } from '../../server/db/tenantDb'
import { demoOperatorKey } from '../../server/demo/operatorKeys'
import { tellOperator } from '../../server/outbox/operatorChanges'
import { deleteOldChanges } from '../../server/retention/expired'
import { createTestApp, testPort, type TestApp } from './support/app'
import { feedCaughtUp } from './support/operatorChanges'
import { backends } from './support/database'
import { describeOnPostgres } from './support/onPostgres'

/** A passenger of the tenant and a user, made for the test: what a change names. */
async function someone(db: Kysely<Database>, tenant: TenantId, ref: string | null = null) {
  const passengerId = randomUUID()
  const userId = randomUUID()
  await db
    .insertInto('passengers')
    .values({ tenant_id: tenant, id: passengerId, name: 'Aino Syöttö', avatar_text: 'AS', external_ref: ref })
    .execute()
  await db.insertInto('users').values({ tenant_id: tenant, id: userId, name: 'Ville Huoltaja' }).execute()
  return { passengerId, userId }
}

/** A guardian's message told to the operator, through `db` (a transaction's, or the database). */
const tellMessage = (
  db: Kysely<Database>,
  tenant: TenantId,
  who: { passengerId: string; userId: string },
  content: string,
) =>
  tellOperator(tenantDb(db, tenant), [
    {
      type: 'message.sent',
      occurredAt: Temporal.Now.instant(),
      passengerId: who.passengerId,
      actorUserId: who.userId,
      data: { message: { id: randomUUID(), content } },
    },
  ])

const operator = (
  app: FastifyInstance,
  method: 'GET' | 'PUT',
  url: string,
  payload?: object,
  tenant: TenantId = 'espoo',
) =>
  app.inject({
    method,
    url,
    headers: { host: `${tenant}.localhost:${testPort}`, 'x-api-key': demoOperatorKey(tenant) },
    ...(payload ? { payload } : {}),
  })

async function readFeed(app: FastifyInstance, query = '', tenant: TenantId = 'espoo'): Promise<ChangeFeed> {
  const response = await operator(app, 'GET', `/api/operator/changes${query}`, undefined, tenant)
  expect(response.statusCode, response.body).toBe(200)
  return changeFeed.parse(response.json())
}

/** Every change after `after`, page by page: what a dispatch system that follows the feed reads. */
async function readAll(app: FastifyInstance, after: string | null, limit = 50) {
  const contents: string[] = []
  let cursor = after
  for (;;) {
    const page = await readFeed(app, `?limit=${limit}${cursor ? `&after=${cursor}` : ''}`)
    for (const change of page.changes)
      if (change.type === 'message.sent') contents.push(change.data.message.content)
    cursor = page.cursor
    if (!page.hasMore) return { contents, cursor }
  }
}

/** Where a reader that has read everything committed so far stands. */
async function endOfFeed(app: FastifyInstance, db: Kysely<Database>) {
  await feedCaughtUp(db)
  return (await readAll(app, null, 500)).cursor
}

describe.each(backends)('the operator’s change feed on $name', (backend) => {
  let test: TestApp

  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo', 'kovanen'], config: { pushSender: false } })
  })
  afterAll(async () => {
    await test.close()
  })

  it('lists each change once, in order, with the passenger’s reference and the user’s name, page by page', async () => {
    const start = await endOfFeed(test.app, test.db)
    const who = await someone(test.db, 'espoo', `OP-${randomUUID().slice(0, 8)}`)
    for (const content of ['yksi', 'kaksi', 'kolme']) await tellMessage(test.db, 'espoo', who, content)
    await tellMessage(test.db, 'kovanen', await someone(test.db, 'kovanen'), 'toisen operaattorin')
    await feedCaughtUp(test.db)

    const first = await readFeed(test.app, `?limit=2${start ? `&after=${start}` : ''}`)
    expect(first.hasMore).toBe(true)
    const second = await readFeed(test.app, `?limit=2&after=${first.cursor}`)
    expect(second.hasMore).toBe(false)
    const changes = [...first.changes, ...second.changes]
    expect(changes.map((change) => change.type === 'message.sent' && change.data.message.content)).toEqual([
      'yksi',
      'kaksi',
      'kolme',
    ])
    const [change] = changes
    expect(change?.data).toMatchObject({
      passenger: { id: who.passengerId, ref: expect.stringMatching(/^OP-/) },
      actor: { userId: who.userId, name: 'Ville Huoltaja' },
    })
    expect(new Set(changes.map((item) => item.id)).size).toBe(3)
    // Nothing new: the cursor stays where it was.
    expect(await readFeed(test.app, `?after=${second.cursor}`)).toEqual({
      changes: [],
      cursor: second.cursor,
      hasMore: false,
    })
    // One change by its id, as listed.
    const one = await operator(test.app, 'GET', `/api/operator/changes/${change!.id}`)
    expect(feedChange.parse(one.json())).toEqual(change)
    // The other tenant's change is its own.
    expect(
      (await operator(test.app, 'GET', `/api/operator/changes/${change!.id}`, undefined, 'kovanen'))
        .statusCode,
    ).toBe(404)
  })

  it('lists only the types asked for, and refuses an unknown type or a cursor not of the feed', async () => {
    const start = await endOfFeed(test.app, test.db)
    await tellMessage(test.db, 'espoo', await someone(test.db, 'espoo'), 'suodatettu')
    await feedCaughtUp(test.db)
    const after = start ? `&after=${start}` : ''
    expect((await readFeed(test.app, `?types=trip.cancelled${after}`)).changes).toEqual([])
    expect((await readFeed(test.app, `?types=trip.cancelled,message.sent${after}`)).changes).toHaveLength(1)
    for (const query of ['?types=trip.deleted', '?after=12', '?after=x_1', '?limit=0', '?limit=501']) {
      const response = await operator(test.app, 'GET', `/api/operator/changes${query}`)
      expect(response.statusCode, query).toBe(400)
      expect(response.json()).toMatchObject({ code: 'validation_failed' })
    }
  })

  it('keeps the dispatch system’s acknowledgement: the same again answers as the first, the other is 409', async () => {
    const start = await endOfFeed(test.app, test.db)
    await tellMessage(test.db, 'espoo', await someone(test.db, 'espoo'), 'kuitattava')
    await feedCaughtUp(test.db)
    const [change] = (await readFeed(test.app, start ? `?after=${start}` : '')).changes
    const url = `/api/operator/changes/${change!.id}/acknowledgement`
    const refused = await operator(test.app, 'PUT', url, { outcome: 'refused' })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ errors: [{ property: 'reason' }] })
    const applied = await operator(test.app, 'PUT', url, {
      outcome: 'applied',
      at: '2026-12-07T07:12:00+02:00',
    })
    expect(applied.statusCode, applied.body).toBe(200)
    expect(applied.json()).toMatchObject({
      id: change!.id,
      acknowledgement: { outcome: 'applied', reason: null, at: '2026-12-07T07:12:00+02:00' },
    })
    const again = await operator(test.app, 'PUT', url, { outcome: 'applied' })
    expect(again.json()).toEqual(applied.json())
    const other = await operator(test.app, 'PUT', url, { outcome: 'refused', reason: 'Auto on jo matkalla' })
    expect(other.statusCode).toBe(409)
    expect(other.json()).toMatchObject({ code: 'already_acknowledged' })
    const missing = await operator(test.app, 'PUT', `/api/operator/changes/${randomUUID()}/acknowledgement`, {
      outcome: 'applied',
    })
    expect(missing.statusCode).toBe(404)
  })

  it('tells a cursor older than the feed keeps that it has expired', async () => {
    await tellMessage(test.db, 'kovanen', await someone(test.db, 'kovanen'), 'vanha')
    await feedCaughtUp(test.db)
    const [old] = (await readFeed(test.app, '', 'kovanen')).changes
    await tellMessage(test.db, 'kovanen', await someone(test.db, 'kovanen'), 'uudempi')
    // Retention takes everything made before now (a day ahead of the clock), the horizon moves past both.
    expect(
      await deleteOldChanges(test.db, Temporal.Now.instant().add({ hours: 24 }), 500),
    ).toBeGreaterThanOrEqual(2)
    const expired = await operator(
      test.app,
      'GET',
      `/api/operator/changes?after=${old!.cursor}`,
      undefined,
      'kovanen',
    )
    expect(expired.statusCode).toBe(410)
    expect(expired.json()).toMatchObject({ code: 'cursor_expired' })
    // From the start of what it keeps, the feed goes on.
    expect((await readFeed(test.app, '', 'kovanen')).changes).toEqual([])
  })
})

describeOnPostgres('the change feed in commit order across instances', (backend) => {
  let test: TestApp
  let reader: FastifyInstance

  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo'], config: { pushSender: false } })
    reader = await test.secondInstance()
  })
  afterAll(async () => {
    await test.close()
  })

  it('holds back a change committed while an earlier transaction is open, and lists both once it commits', async () => {
    const who = await someone(test.db, 'espoo')
    const start = await endOfFeed(reader, test.db)
    const writer = await test.connectAgain()
    const early = await writer.startTransaction().execute()
    try {
      // The early transaction takes its id first and writes its change after the late one has committed: a
      // reader on the serial id would list the late change and then never the early one.
      await sql`select pg_current_xact_id()`.execute(early)
      await tellMessage(test.db, 'espoo', who, 'myöhempi')
      expect((await readAll(reader, start)).contents).toEqual([])
      await tellMessage(early, 'espoo', who, 'aiempi')
      expect((await readAll(reader, start)).contents).toEqual([])
      await early.commit().execute()
    } finally {
      if (!early.isCommitted) await early.rollback().execute()
      await writer.destroy()
    }
    await feedCaughtUp(test.db)
    expect((await readAll(reader, start)).contents).toEqual(['aiempi', 'myöhempi'])
  })

  it('lists every change of concurrent writers on two instances once, never before one committed earlier', async () => {
    const who = await someone(test.db, 'espoo')
    const start = await endOfFeed(reader, test.db)
    const second = await test.connectAgain()
    const committedAt = new Map<string, number>()
    const beganAt = new Map<string, number>()
    let clock = 0
    const write = async (db: Kysely<Database>, content: string) => {
      await db.transaction().execute(async (trx) => {
        beganAt.set(content, clock++)
        await sql`select pg_current_xact_id()`.execute(trx)
        // Transactions overlap: each waits for a round trip of the other connection's traffic.
        await sql`select pg_sleep(${Math.random() / 50})`.execute(trx)
        await tellMessage(trx, 'espoo', who, content)
      })
      committedAt.set(content, clock++)
    }
    const seen: string[] = []
    let cursor = start
    let writing = true
    const follow = (async () => {
      // A dispatch system polling the feed while the writers write, and once more after they have all committed.
      for (let done = false; !done;) {
        const finished = !writing
        if (finished) await feedCaughtUp(test.db)
        const page = await readAll(reader, cursor, 7)
        seen.push(...page.contents)
        cursor = page.cursor
        done = finished && page.contents.length === 0
      }
    })()
    try {
      await Promise.all(
        [test.db, second].map(async (db, writer) => {
          for (let batch = 0; batch < 12; batch++)
            await Promise.all(
              Array.from({ length: 5 }, (_, index) => write(db, `w${writer}-${batch}-${index}`)),
            )
        }),
      )
    } finally {
      writing = false
      await follow
      await second.destroy()
    }
    expect(seen).toHaveLength(120)
    expect(new Set(seen).size).toBe(120)
    // A change whose transaction committed before another began comes first.
    for (const [index, content] of seen.entries())
      for (const later of seen.slice(0, index))
        expect(committedAt.get(content)! < beganAt.get(later)!, `${content} listed after ${later}`).toBe(
          false,
        )
  })
})
