import { sql, type Kysely } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { EmailConfig } from '../../server/config/emailConfig'
import type { Database } from '../../server/db/schema'
import { createTestApp, type TestApp } from './support/app'
import { describeOnPostgres } from './support/onPostgres'
import { parsePrometheusText } from './support/prometheusText'
import { queueMail, resetFor, testMailFrom } from './support/mailSenders'
import { startSmtpPeer, type SmtpPeer } from './support/smtpPeer'

const states = async (db: Kysely<Database>) =>
  (
    await sql<{ state: string; n: number }>`
      select state, count(*)::int as n from email_deliveries group by state`.execute(db)
  ).rows.reduce<Record<string, number>>((all, row) => ({ ...all, [row.state]: row.n }), {})

/**
 * Instances share nothing but the database: two senders racing over one outbox, fed by several writers at once,
 * must send every mail once. Only PostgreSQL has connections of their own to race on.
 */
describeOnPostgres('the mail outbox across instances', (backend) => {
  let test: TestApp
  let peer: SmtpPeer
  const email = (sender: boolean): EmailConfig => ({
    mode: 'smtp',
    smtpUrl: peer.url,
    from: testMailFrom,
    dkim: null,
    sender,
  })

  beforeAll(async () => {
    peer = await startSmtpPeer()
    test = await createTestApp(backend, {
      config: { email: email(false), pushSender: false, webhookSender: false },
    })
  })
  afterAll(async () => {
    await test.close()
    await peer.close()
  })

  it('two instances send every mail of many writers once, each under its own Message-ID', async () => {
    const instances = [
      await test.secondInstance({ email: email(true), opsPort: 0 }),
      await test.secondInstance({ email: email(true), opsPort: 0 }),
    ]
    for (const instance of instances) await instance.ready()

    const writers = [await test.connectAgain(), await test.connectAgain(), await test.connectAgain()]
    const addresses = (
      await Promise.all(
        writers.map(async (db, writer) => {
          const mine: string[] = []
          for (let index = 0; index < 80; index++) {
            const toAddress = `parent-${writer}-${index}@example.fi`
            await queueMail(db, { toAddress, data: resetFor(`user${writer}x${index}`) })
            mine.push(toAddress)
          }
          return mine
        }),
      )
    ).flat()
    expect(addresses).toHaveLength(240)
    await expect.poll(() => states(test.db), { timeout: 60_000, interval: 200 }).toEqual({ sent: 240 })

    const received = peer.all()
    expect(received).toHaveLength(240)
    expect(new Set(received.map((mail) => mail.envelope.to.join())).size).toBe(240)
    expect(new Set(received.map((mail) => mail.messageId)).size).toBe(240)
    // Each instance counted what it sent; together, each mail once.
    const sentBy = async (instance: (typeof instances)[number]) => {
      const family = parsePrometheusText(await instance.ops.metrics!.scrape()).get(
        'portal_email_deliveries_total',
      )
      return family?.samples.find((sample) => sample.labels.outcome === 'sent')?.value ?? 0
    }
    await expect
      .poll(async () => (await Promise.all(instances.map(sentBy))).reduce((sum, n) => sum + n, 0), {
        timeout: 10_000,
        interval: 100,
      })
      .toBe(240)
  })
})
