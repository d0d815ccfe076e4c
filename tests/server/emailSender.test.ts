import { generateKeyPairSync } from 'node:crypto'
import type { Kysely } from 'kysely'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/schema'
import { fromDomain } from '../../server/email/sender'
import { emailLinkKeyOnce, readUnsubscribeToken } from '../../server/email/unsubscribeLinks'
import { loadServerI18n, type ServerI18n } from '../../server/i18n/catalogs'
import { queuedOnly } from './support/accountMail'
import { createTestApp, type TestApp } from './support/app'
import { backends } from './support/database'
import {
  cancelledTrip,
  mailSenderFor,
  queueMail,
  resetFor,
  testMailFrom,
  testPortalUrl,
} from './support/mailSenders'
import { simulatedClock } from './support/simulatedClock'
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from './support/smtpPeer'

const delivery = (db: Kysely<Database>, id: string) =>
  db
    .selectFrom('email_deliveries')
    .selectAll()
    .where('tenant_id', '=', 'espoo')
    .where('id', '=', id)
    .executeTakeFirstOrThrow()

/** A header's raw line, unfolded (mailparser parses List-* and DKIM-Signature into objects). */
const headerLine = (mail: ReceivedMail, key: string) =>
  (mail.headerLines.find((line) => line.key === key)?.line ?? '').replace(/\r?\n[ \t]+/g, ' ')

const messageIdOf = (id: string) => `<${id}.espoo@${fromDomain(testMailFrom)}>`

describe.each(backends)('the mail sender ($name)', (backend) => {
  let test: TestApp
  let peer: SmtpPeer
  let i18n: ServerI18n
  /** A seeded guardian with a confirmed address of its own per test. */
  let userId: string
  let address: string
  let n = 0

  beforeAll(async () => {
    peer = await startSmtpPeer()
    i18n = await loadServerI18n()
    test = await createTestApp(backend, {
      seed: ['espoo'],
      // The app's own mail sender stays off: it would claim the rows the test's sender is to claim.
      config: { pushSender: false, webhookSender: false, email: queuedOnly },
    })
    userId = (
      await test.db
        .selectFrom('users')
        .select('id')
        .where('tenant_id', '=', 'espoo')
        .where('user_name', '=', 'guardian')
        .executeTakeFirstOrThrow()
    ).id
  })
  afterAll(async () => {
    await test.close()
    await peer.close()
  })

  /** A fresh confirmed address for the guardian, and a sender on a clock of its own. */
  async function setUp(options: Parameters<typeof mailSenderFor>[4] = {}) {
    address = `guardian-${backend.name}-${++n}@example.fi`
    await test.db
      .updateTable('users')
      .set({ email: address, email_verified_at: Temporal.Now.instant(), email_undeliverable_at: null })
      .where('tenant_id', '=', 'espoo')
      .where('id', '=', userId)
      .execute()
    // A minute ahead: rows the test queues later (due at the database's now) are due for it however slow the machine.
    const clock = simulatedClock(Temporal.Now.instant().add({ minutes: 1 }))
    const made = mailSenderFor(test.db, i18n, clock, peer, options)
    return { ...made, clock }
  }

  it('sends a notification once with a stable Message-ID and one-click unsubscribe, then clears its links', async () => {
    const { sender, close } = await setUp()
    const id = await queueMail(test.db, { userId, toAddress: address, data: cancelledTrip() })
    expect(await sender.runBatch()).toMatchObject({ claimed: 1, sent: 1 })
    expect(await sender.runBatch()).toMatchObject({ claimed: 0 })
    const mail = await peer.waitFor((received) => received.envelope.to.includes(address))
    close()

    expect(mail.messageId).toBe(messageIdOf(id))
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated')
    const unsubscribe = /^List-Unsubscribe: <([^>]+)>$/.exec(headerLine(mail, 'list-unsubscribe'))?.[1] ?? ''
    expect(unsubscribe, headerLine(mail, 'list-unsubscribe')).not.toBe('')
    expect(unsubscribe.startsWith(`${testPortalUrl}/email/unsubscribe?token=`)).toBe(true)
    expect(headerLine(mail, 'list-unsubscribe-post')).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    )
    const token = new URL(unsubscribe).searchParams.get('token')!
    const key = await emailLinkKeyOnce(test.db)()
    expect(readUnsubscribeToken(key, 'espoo', token)).toEqual({ userId, kind: 'tripChanged' })
    // The footer offers the same link, and the mail links to the trip as the push does.
    expect(mail.text).toContain(unsubscribe)
    expect(mail.html).toContain(`href="${testPortalUrl}/trips/trip-1/2026-12-08"`)
    expect(peer.all().filter((received) => received.envelope.to.includes(address))).toHaveLength(1)

    const row = await delivery(test.db, id)
    expect(row.state).toBe('sent')
    expect(row.sent_at).not.toBeNull()
    expect(row.data).toEqual({ kind: 'notification' })
  })

  it('an account mail has no List-Unsubscribe, and is signed with DKIM when configured', async () => {
    const { privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    })
    const { sender, close } = await setUp({
      dkim: { domainName: 'mail.example.fi', keySelector: 'portal2026', privateKey },
    })
    const id = await queueMail(test.db, { toAddress: address, data: resetFor('guardian', 'guardian2') })
    expect(await sender.runBatch()).toMatchObject({ sent: 1 })
    const mail = await peer.waitFor((received) => received.envelope.to.includes(address))
    close()
    expect(mail.messageId).toBe(messageIdOf(id))
    expect(mail.headerLines.some((line) => line.key.startsWith('list-'))).toBe(false)
    const signature = headerLine(mail, 'dkim-signature')
    expect(signature).toMatch(/d=mail\.example\.fi/)
    expect(signature).toMatch(/s=portal2026/)
    expect(mail.text).toContain(`${testPortalUrl}/login/reset?token=reset-guardian2`)
    expect((await delivery(test.db, id)).data).toEqual({ kind: 'passwordReset' })
  })

  it('a 4xx at RCPT is tried again after its backoff and then arrives under the same Message-ID', async () => {
    const { sender, clock, close } = await setUp()
    peer.refuse(address, 450)
    const id = await queueMail(test.db, { userId, toAddress: address, data: cancelledTrip() })
    expect(await sender.runBatch()).toMatchObject({ claimed: 1, retried: 1, sent: 0 })
    const row = await delivery(test.db, id)
    expect(row).toMatchObject({ state: 'pending', attempts: 1 })
    expect(row.last_error).toMatch(/^450 EENVELOPE RCPT TO$/)
    // Not due before the backoff (30 s, jittered by at most a fifth).
    await clock.advance({ seconds: 20 })
    expect(await sender.runBatch()).toMatchObject({ claimed: 0 })
    peer.refuse(address, null)
    await clock.advance({ seconds: 20 })
    expect(await sender.runBatch()).toMatchObject({ claimed: 1, sent: 1 })
    const mail = await peer.waitFor((received) => received.envelope.to.includes(address))
    close()
    expect(mail.messageId).toBe(messageIdOf(id))
    expect(await delivery(test.db, id)).toMatchObject({ state: 'sent', attempts: 2 })
  })

  it('gives a mail up after its last try', async () => {
    const { sender, clock, close } = await setUp({ maxAttempts: 2 })
    peer.refuse(address, 421)
    const id = await queueMail(test.db, { userId, toAddress: address, data: cancelledTrip() })
    expect(await sender.runBatch()).toMatchObject({ retried: 1 })
    await clock.advance({ minutes: 1 })
    expect(await sender.runBatch()).toMatchObject({ claimed: 1, failed: 1 })
    close()
    peer.refuse(address, null)
    expect(await delivery(test.db, id)).toMatchObject({ state: 'failed', data: { kind: 'notification' } })
  })

  it('a 5xx marks the address undeliverable, and nothing more is sent to it', async () => {
    const { sender, close } = await setUp()
    peer.refuse(address, 550)
    const first = await queueMail(test.db, { userId, toAddress: address, data: cancelledTrip() })
    expect(await sender.runBatch()).toMatchObject({ claimed: 1, failed: 1, undeliverable: 1 })
    expect(await delivery(test.db, first)).toMatchObject({
      state: 'failed',
      last_error: '550 EENVELOPE RCPT TO',
    })
    const user = await test.db
      .selectFrom('users')
      .select('email_undeliverable_at')
      .where('tenant_id', '=', 'espoo')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    expect(user.email_undeliverable_at).not.toBeNull()

    peer.refuse(address, null)
    const second = await queueMail(test.db, {
      userId,
      toAddress: address.toUpperCase(),
      data: cancelledTrip(),
    })
    const reset = await queueMail(test.db, { toAddress: address, data: resetFor('guardian') })
    expect(await sender.runBatch()).toMatchObject({ claimed: 2, failed: 2, sent: 0 })
    close()
    expect(await delivery(test.db, second)).toMatchObject({
      state: 'failed',
      last_error: 'address undeliverable',
    })
    expect(await delivery(test.db, reset)).toMatchObject({
      state: 'failed',
      last_error: 'address undeliverable',
    })
    expect(peer.all().filter((mail) => mail.envelope.to.includes(address))).toHaveLength(0)
  })

  it('sends nothing late, nor to an address that is no longer the user’s or not yet confirmed', async () => {
    const { sender, close } = await setUp()
    const late = await queueMail(test.db, {
      userId,
      toAddress: address,
      data: cancelledTrip(),
      expiresAt: Temporal.Now.instant().subtract({ seconds: 1 }),
    })
    const elsewhere = await queueMail(test.db, { userId, toAddress: 'old@example.fi', data: cancelledTrip() })
    // The notice of a change goes to the old address on purpose.
    const notice = await queueMail(test.db, {
      userId,
      toAddress: `old-${address}`,
      data: { kind: 'emailChanged', firstName: 'Aino' },
    })
    expect(await sender.runBatch()).toMatchObject({ claimed: 3, expired: 1, failed: 2, sent: 1 })
    expect(await delivery(test.db, late)).toMatchObject({ state: 'failed', last_error: 'expired' })
    expect(await delivery(test.db, elsewhere)).toMatchObject({
      state: 'failed',
      last_error: 'address changed',
    })
    expect(await delivery(test.db, notice)).toMatchObject({ state: 'sent' })

    await test.db.updateTable('users').set({ email_verified_at: null }).where('id', '=', userId).execute()
    const unconfirmed = await queueMail(test.db, { userId, toAddress: address, data: cancelledTrip() })
    const confirmation = await queueMail(test.db, {
      userId,
      toAddress: address,
      data: { kind: 'verifyEmail', firstName: 'Aino', token: 'verify-1' },
    })
    expect(await sender.runBatch()).toMatchObject({ claimed: 2, failed: 1, sent: 1 })
    close()
    expect(await delivery(test.db, unconfirmed)).toMatchObject({
      state: 'failed',
      last_error: 'address unverified',
    })
    expect(await delivery(test.db, confirmation)).toMatchObject({ state: 'sent' })
    const mail = await peer.waitFor((received) => received.envelope.to.includes(address))
    expect(mail.text).toContain(`${testPortalUrl}/email/verify?token=verify-1`)
  })
})
