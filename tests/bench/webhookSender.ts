/**
 * The webhook sender's throughput on one instance: changes a second from the outbox to a local receiver stand-in
 * (tests/server/support/webhookReceiver.ts), each built from its change, signed and posted over TLS to its public
 * name through the endpoint and address policy, as production sends, and settled in the delivery log. On
 * PostgreSQL when TEST_DATABASE_URL is set, else on PGlite. Against the floor measured in the same run: the same
 * bodies signed and posted by the same outbound client, 16 at once, with no database. The budget: 100,000
 * changes within an hour on one instance (a school morning's cancellations and bookings with room to spare),
 * 27.8 a second; with the 25 % margin every budget keeps, the budget may use at most three quarters of what is
 * measured, so the sender must reach 100,000 / 0.75 = 133,334 an hour (37.1 a second).
 */
import { Temporal } from 'temporal-polyfill'
import { tenantDb } from '../../server/db/tenantDb'
import { forEachBounded } from '../../server/outbound/boundedConcurrency'
import { systemClock } from '../../server/time/clock'
import { newWebhookSecret, signedHeaders } from '../../server/webhooks/signing'
import type { Backend } from '../server/support/database'
import { drain } from '../server/support/drain'
import { startWebhookReceiver } from '../server/support/webhookReceiver'
import { changeMaker, webhookSenderFor } from '../server/support/webhookSenders'
import { benchDatabase, onOneBackend, runWhenMain } from './oneBackend'
import type { BenchReport } from './report'

const changes = 2000
/** Changes a transaction tells, as a cancellation of a few rides does. */
const perTransaction = 20
/** 100,000 changes within an hour. */
const budgetPerHour = 100_000
const margin = 0.25

async function benchOn(backend: Backend, label: string, report: BenchReport): Promise<void> {
  const database = await benchDatabase(backend)
  const receiver = await startWebhookReceiver()
  try {
    const secret = newWebhookSecret()
    await tenantDb(database.db, 'espoo').webhooks.create(
      { url: receiver.url, enabled: true },
      secret,
      Temporal.Now.instant(),
    )
    const make = await changeMaker(database.db)
    for (let told = 0; told < changes; told += perTransaction) await make(perTransaction)

    const { sender, client } = webhookSenderFor(database.db, systemClock)
    const started = performance.now()
    const counts = await drain(sender)
    const seconds = (performance.now() - started) / 1000
    const perHour = (counts.delivered / seconds) * 3600

    // The floor: the bodies the receiver got, signed and posted again by the client alone.
    const bodies = receiver.received.map((request) => ({
      id: String(request.headers['webhook-id']),
      body: request.body,
    }))
    const floorStarted = performance.now()
    let floorSent = 0
    await forEachBounded(bodies, 16, async ({ id, body }) => {
      const answer = await client.post(receiver.url, () => ({
        headers: signedHeaders([secret], id, Math.floor(Date.now() / 1000), body),
        body,
      }))
      if (answer.kind === 'answered' && answer.status === 200) floorSent++
    })
    const floorPerHour = (floorSent / ((performance.now() - floorStarted) / 1000)) * 3600
    client.close()

    const needed = budgetPerHour / (1 - margin)
    const thousands = (perHour: number) => `${Math.round(perHour / 1000).toLocaleString('en')}k/h`
    report.lines.push(
      `  ${label}: ${counts.delivered} of ${changes} delivered in ${seconds.toFixed(2)} s, ` +
        `${thousands(perHour)} (${(perHour / 3600).toFixed(0)}/s) on one instance (16 at once)`,
      `  floor (the outbound client alone, no database): ${thousands(floorPerHour)}; the sender reaches ` +
        `${((perHour / floorPerHour) * 100).toFixed(0)} % of it`,
      `  budget: ${budgetPerHour.toLocaleString('en')} changes an hour, with the 25 % margin ` +
        `${Math.ceil(needed).toLocaleString('en')}/h needed; ${(perHour / budgetPerHour).toFixed(1)}× the budget`,
    )
    if (counts.delivered !== changes)
      report.failures.push(`webhook sender: ${counts.delivered} of ${changes} delivered`)
    if (perHour < needed)
      report.failures.push(
        `webhook sender: ${Math.round(perHour)}/h, under ${budgetPerHour}/h with a 25 % margin (${Math.ceil(needed)}/h)`,
      )
  } finally {
    await receiver.close()
    await database.drop()
  }
}

export const benchWebhookSender = (): Promise<BenchReport> =>
  onOneBackend(['Webhook sender throughput'], benchOn)

await runWhenMain(import.meta.url, benchWebhookSender)
