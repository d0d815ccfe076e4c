import { sql, type Kysely } from 'kysely'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/connect'
import type { Database } from '../../server/db/schema'
import { tenantDb } from '../../server/db/tenantDb'
import type { ToldOperator } from '../../server/outbox/operatorChanges'
import { newWebhookSecret } from '../../server/webhooks/signing'
import { freshPostgres } from '../bench/apiThroughput'
import { startServer } from '../e2e/support/server'
import { createTestApp, type TestApp } from './support/app'
import { drain } from './support/drain'
import { describeOnPostgres } from './support/onPostgres'
import { parsePrometheusText } from './support/prometheusText'
import { simulatedClock } from './support/simulatedClock'
import { startWebhookReceiver, type WebhookReceiver } from './support/webhookReceiver'
import { changeMaker, webhookSenderFor } from './support/webhookSenders'
import { operatorKeyOf, operatorWebhookOf, verifies } from './support/webhooks'

/** Deliveries of the database's changes, by state. */
const states = async (db: Kysely<Database>) =>
  (
    await sql<{ state: string; n: number }>`
      select state, count(*)::int as n from webhook_deliveries group by state`.execute(db)
  ).rows.reduce<Record<string, number>>((all, row) => ({ ...all, [row.state]: row.n }), {})

/**
 * Instances share nothing but the database: two of them (or a dead one and a living one) must between them send
 * every change, each under its one webhook-id. Only PostgreSQL has connections of their own to race on, and a
 * server process to kill; PGlite is one connection in one process.
 */
describeOnPostgres('webhooks across instances', (backend) => {
  let test: TestApp
  let receiver: WebhookReceiver
  const receivedFor = (changeId: string) =>
    receiver.received.filter((request) => request.headers['webhook-id'] === changeId)

  beforeAll(async () => {
    receiver = await startWebhookReceiver()
    test = await createTestApp(backend, { config: { webhookSender: false, pushSender: false } })
  })
  afterAll(async () => {
    await test.close()
    await receiver.close()
  })

  it('two instances deliver every change of many writers, each once under its own webhook-id', async () => {
    await operatorKeyOf(test.db)
    const put = await operatorWebhookOf(test.app).put({ url: receiver.url })
    expect(put.statusCode, put.body).toBe(200)
    const secret = put.json<{ secret: string }>().secret
    const instances = [
      await test.secondInstance({ webhookSender: true, opsPort: 0 }),
      await test.secondInstance({ webhookSender: true, opsPort: 0 }),
    ]
    for (const instance of instances) await instance.ready()

    const make = await changeMaker(test.db)
    const writers = [await test.connectAgain(), await test.connectAgain(), await test.connectAgain()]
    const told: ToldOperator[] = (
      await Promise.all(
        writers.map(async (db) => {
          const mine: ToldOperator[] = []
          for (let batch = 0; batch < 12; batch++) mine.push(...(await make(5, db)))
          return mine
        }),
      )
    ).flat()
    expect(told).toHaveLength(180)
    await expect.poll(() => states(test.db), { timeout: 30_000, interval: 100 }).toEqual({ delivered: 180 })

    for (const change of told) {
      const requests = receivedFor(change.changeId)
      expect(requests, change.changeId).toHaveLength(1)
      expect(verifies(secret, requests[0]!, Temporal.Now.instant())).toBe(true)
      expect((JSON.parse(requests[0]!.body) as { id: string }).id).toBe(change.changeId)
    }
    expect(receiver.received).toHaveLength(180)
    // Each instance counted what it delivered, and together they delivered each change once. A batch adds its
    // counts when its last send is settled, so the rows can read delivered a moment before the counters do.
    const deliveredBy = async (instance: (typeof instances)[number]) => {
      const family = parsePrometheusText(await instance.ops.metrics!.scrape()).get(
        'portal_webhook_deliveries_total',
      )
      return family?.samples.find((sample) => sample.labels.outcome === 'delivered')?.value ?? 0
    }
    await expect
      .poll(async () => (await Promise.all(instances.map(deliveredBy))).reduce((sum, n) => sum + n, 0), {
        timeout: 10_000,
        interval: 100,
      })
      .toBe(180)
  })

  it(
    'after kill -9 of the instance sending it, another sends it once the lease has run out, with the same webhook-id',
    { timeout: 200_000 },
    async () => {
      const database = await freshPostgres(backend.databaseUrl!)
      // The compiled server, as production runs it, reaching the receiver through the stand-in network.
      const network = receiver.childProcess()
      receiver.answer('hold', true)
      const server = await startServer(
        {
          DATABASE_URL: database.url,
          STATIC_DIR: 'none',
          DEMO: 'false',
          EMAIL: 'off',
          PUSH_SENDER: 'off',
          ...network.env,
        },
        network.nodeArgs,
      )
      const db = await openDatabase({ databaseUrl: database.url, pgliteDir: null })
      try {
        const secret = newWebhookSecret()
        await tenantDb(db, 'espoo').webhooks.create(
          { url: receiver.url, enabled: true },
          secret,
          Temporal.Now.instant(),
        )
        const [told] = await (await changeMaker(db))(1)
        // The server's sender has posted it, and waits for an answer that does not come.
        await expect.poll(() => receivedFor(told!.changeId).length, { timeout: 30_000, interval: 50 }).toBe(1)
        process.kill(server.pid, 'SIGKILL')
        await server.stop()

        const clock = simulatedClock(Temporal.Now.instant())
        const { sender, client } = webhookSenderFor(db, clock)
        try {
          // Leased by the dead instance for a minute: not another's yet.
          expect(await drain(sender)).toMatchObject({ claimed: 0 })
          await clock.advance({ seconds: 61 })
          expect(await drain(sender)).toMatchObject({ claimed: 1, delivered: 1 })
        } finally {
          client.close()
        }
        const [first, second, ...more] = receivedFor(told!.changeId)
        expect(more).toEqual([])
        expect(first!.status).toBeNull()
        expect(second!.status).toBe(200)
        expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id'])
        expect(second!.body).toBe(first!.body)
        expect(verifies(secret, second!, clock.now())).toBe(true)
        const row = await sql<{ state: string; attempts: number }>`
          select state, attempts from webhook_deliveries`.execute(db)
        expect(row.rows).toEqual([{ state: 'delivered', attempts: 2 }])
      } finally {
        await db.destroy()
        await server.stop()
        await database.drop()
      }
    },
  )
})
