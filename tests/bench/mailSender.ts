/**
 * The mail sender's throughput on one instance: mails an hour from the outbox through the real sender (each written
 * in its language, with its Message-ID and headers) over SMTP into a local relay (tests/server/support/smtpPeer.ts,
 * which parses each), on PostgreSQL when TEST_DATABASE_URL is set, else on PGlite. Against the floor measured in
 * the same run: the same number of mails sent by nodemailer's pooled transport alone to the same relay, 16 at once,
 * with no database. The budget: 100,000 mails an hour (a school morning's notices) on one instance.
 */
import { createSmtpTransport, type OutgoingMail } from '../../server/email/mailTransport'
import { loadServerI18n } from '../../server/i18n/catalogs'
import { forEachBounded } from '../../server/outbound/boundedConcurrency'
import { systemClock } from '../../server/time/clock'
import type { Backend } from '../server/support/database'
import { drain } from '../server/support/drain'
import { mailSenderFor, queueMail, resetFor, testMailFrom } from '../server/support/mailSenders'
import { startSmtpPeer } from '../server/support/smtpPeer'
import { benchDatabase, onOneBackend, runWhenMain } from './oneBackend'
import type { BenchReport } from './report'

const mails = 2000
/** 100,000 mails within an hour. */
const budgetPerHour = 100_000

const perHour = (count: number, milliseconds: number) => (count / milliseconds) * 3_600_000

async function benchOn(backend: Backend, label: string, report: BenchReport): Promise<void> {
  const database = await benchDatabase(backend)
  const peer = await startSmtpPeer()
  try {
    for (let index = 0; index < mails; index++)
      await queueMail(database.db, {
        toAddress: `bench-${index}@example.fi`,
        data: resetFor(`bench${index}`),
      })
    const { sender, close } = mailSenderFor(database.db, await loadServerI18n(), systemClock, peer)
    let started = performance.now()
    const counts = await drain(sender)
    const rate = perHour(counts.sent, performance.now() - started)
    close()

    const transport = createSmtpTransport({ url: peer.url, dkim: null })
    const sample = (await peer.waitFor(() => true))!
    const floorMails: OutgoingMail[] = Array.from({ length: mails }, (_, index) => ({
      tenant: 'espoo',
      from: testMailFrom,
      to: `floor-${index}@example.fi`,
      subject: sample.subject ?? '',
      text: sample.text ?? '',
      html: typeof sample.html === 'string' ? sample.html : '',
      messageId: `<floor-${index}.espoo@mail.example.fi>`,
      headers: { 'Auto-Submitted': 'auto-generated' },
    }))
    let floorSent = 0
    started = performance.now()
    await forEachBounded(floorMails, 16, async (mail) => {
      if ((await transport.send(mail)).kind === 'sent') floorSent++
    })
    const floor = perHour(floorSent, performance.now() - started)
    transport.close()

    report.lines.push(
      `  ${label}: ${counts.sent} of ${mails} sent, ${rate.toFixed(0)} mails/h on one instance (16 at once)`,
      `  floor (nodemailer alone to the same relay, no database): ${floor.toFixed(0)}/h; the sender reaches ` +
        `${((rate / floor) * 100).toFixed(0)} % of it`,
      `  budget: ${budgetPerHour}/h; ${(rate / budgetPerHour).toFixed(1)}× it`,
    )
    if (counts.sent !== mails) report.failures.push(`mail sender: ${counts.sent} of ${mails} sent`)
    // With the 25 % margin every budget keeps.
    if (rate < budgetPerHour / 0.75)
      report.failures.push(`mail sender: ${rate.toFixed(0)}/h, under ${budgetPerHour}/h with a 25 % margin`)
  } finally {
    await peer.close()
    await database.drop()
  }
}

export const benchMailSender = (): Promise<BenchReport> => onOneBackend(['Mail sender throughput'], benchOn)

await runWhenMain(import.meta.url, benchMailSender)
