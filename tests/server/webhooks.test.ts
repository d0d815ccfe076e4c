import { sql } from 'kysely'
import { Temporal } from 'temporal-polyfill'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { FeedChange } from '../../src/contract/operatorChanges'
import {
  deliveryLog,
  dispatchSettings,
  webhook,
  type DispatchSettings,
  type Webhook,
  type WebhookDelivery,
} from '../../src/contract/operatorWebhooks'
import type { SenderLog } from '../../server/outbound/deliveryLoop'
import type { OutboundClient } from '../../server/outbound/outboundClient'
import type { DeliveredChange } from '../../server/webhooks/sender'
import { createTestApp, type TestApp } from './support/app'
import { backends } from './support/database'
import { drain } from './support/drain'
import { feedCaughtUp } from './support/operatorChanges'
import { parsePrometheusText } from './support/prometheusText'
import { standInPublicAddress } from './support/pushServiceStandIn'
import type { SimulatedClock } from './support/simulatedClock'
import { startWebhookReceiver, type WebhookReceiver } from './support/webhookReceiver'
import { changeMaker, senderClock, webhookSenderFor } from './support/webhookSenders'
import { operatorKeyOf, operatorWebhookOf, verifies } from './support/webhooks'

type Operator = ReturnType<typeof operatorWebhookOf>
type Log = { deliveries: WebhookDelivery[]; cursor: string | null; hasMore: boolean }

describe.each(backends)('webhooks on $name', (backend) => {
  let test: TestApp
  let receiver: WebhookReceiver
  let operator: Operator
  let makeChanges: Awaited<ReturnType<typeof changeMaker>>
  let clock: SimulatedClock
  /** The secret the webhook signs with now (the latest rotation's). */
  let secret: string
  const clients: OutboundClient[] = []

  const senderOf = (options: Parameters<typeof webhookSenderFor>[2] = {}) => {
    const made = webhookSenderFor(test.db, clock, options)
    clients.push(made.client)
    return made
  }
  const receivedFor = (webhookId: string) =>
    receiver.received.filter((request) => request.headers['webhook-id'] === webhookId)
  /** The delivery log, which lists a delivery as the feed lists its change: once it has passed what was committed. */
  const log = async (query = '') => {
    await feedCaughtUp(test.db)
    const response = await operator.deliveries(query)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<Log>()
  }
  const logOf = async (webhookId: string) =>
    (await log('?limit=500')).deliveries.find((delivery) => delivery.webhookId === webhookId)

  beforeAll(async () => {
    receiver = await startWebhookReceiver()
    test = await createTestApp(backend, { config: { webhookSender: false, pushSender: false } })
    await operatorKeyOf(test.db)
    operator = operatorWebhookOf(test.app)
    makeChanges = await changeMaker(test.db)
  })
  afterEach(() => {
    receiver.answer(200)
    receiver.resolveTo(standInPublicAddress)
  })
  afterAll(async () => {
    for (const client of clients) client.close()
    await test.close()
    await receiver.close()
  })

  it('has no webhook until one is set: the first PUT makes the secret and answers it once, later ones keep it', async () => {
    expect((await operator.get()).statusCode).toBe(404)
    const created = await operator.put({ url: receiver.url })
    expect(created.statusCode, created.body).toBe(200)
    const body = created.json<Webhook & { secret: string }>()
    expect(body).toMatchObject({ url: receiver.url, enabled: true, previousSecretUntil: null })
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    expect(Buffer.from(body.secret.slice('whsec_'.length), 'base64')).toHaveLength(24)
    expect(body.secretHint).toBe(body.secret.slice(-4))
    secret = body.secret

    const again = await operator.put({ url: `${receiver.url}?v=2`, enabled: true })
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json()).not.toHaveProperty('secret')
    expect(again.json<Webhook>()).toMatchObject({ url: `${receiver.url}?v=2`, secretHint: body.secretHint })
    expect((await operator.put({ url: receiver.url })).statusCode).toBe(200)
    const read = await operator.get()
    expect(read.json()).not.toHaveProperty('secret')
    expect(read.json<Webhook>()).toMatchObject({ url: receiver.url, enabled: true })
    // Reads skip the schema on the way out: their answers are exactly the contract's.
    expect(webhook.parse(read.json())).toEqual(read.json())
  })

  it('refuses a URL outside the outbound policy at PUT: private, loopback, IP literals, non-https, other ports', async () => {
    for (const [url, error] of [
      ['https://10.0.0.1/hooks', 'NotPublicHost'],
      ['https://127.0.0.1/hooks', 'NotPublicHost'],
      ['https://[::1]/hooks', 'NotPublicHost'],
      ['https://localhost/hooks', 'NotPublicHost'],
      ['https://dispatch.internal/hooks', 'NotPublicHost'],
      ['https://93.184.215.14/hooks', 'NotPublicHost'],
      ['http://hooks.example.com/hooks', 'NotHttps'],
      ['https://hooks.example.com:8443/hooks', 'PortNotAllowed'],
    ]) {
      const response = await operator.put({ url })
      expect(response.statusCode, url).toBe(400)
      expect(response.json(), url).toMatchObject({
        code: 'validation_failed',
        errors: [{ property: 'url', error }],
      })
    }
    expect((await operator.get()).json<Webhook>().url).toBe(receiver.url)
  })

  it('answers bad input with 4xx in the one error shape', async () => {
    const shapes = [
      await operator.put({}),
      await operator.put({ url: 'not a url' }),
      await operator.rotate({ overlapHours: 500 }),
      await operator.rotate({}, null),
      await operator.replay({}),
      await operator.replay({ after: '1_1', webhookIds: [crypto.randomUUID()] }),
      await operator.replay({ webhookIds: ['not-a-uuid'] }),
      await operator.deliveries('?after=nonsense'),
      await operator.deliveries('?state=lost'),
      await operator.deliveries('?limit=0'),
      await operator.putDispatch({ acknowledges: true, acknowledgeByMinutes: -1, phone: null }),
    ]
    for (const response of shapes) {
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json()).toMatchObject({ statusCode: 400, code: 'validation_failed' })
    }
  })

  it('posts a change exactly once, signed as Standard Webhooks says, its body the feed’s item', async () => {
    clock = senderClock()
    const [told] = await makeChanges(1)
    const { sender } = senderOf()
    expect(await drain(sender)).toMatchObject({ claimed: 1, delivered: 1, retried: 0 })
    expect(await drain(sender)).toMatchObject({ claimed: 0 })

    const [request, ...more] = receivedFor(told!.changeId)
    expect(more).toEqual([])
    expect(request!.headers['content-type']).toBe('application/json')
    expect(Number(request!.headers['webhook-timestamp'])).toBe(
      Math.floor(clock.now().epochMilliseconds / 1000),
    )
    expect(request!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/)
    expect(verifies(secret, request!, clock.now())).toBe(true)
    // Five minutes on, standardwebhooks refuses it as a replay: the timestamp is the attempt's.
    expect(verifies(secret, request!, clock.now().add({ minutes: 6 }))).toBe(false)

    const feedItem = (await operator.change(told!.changeId)).json<FeedChange>()
    const { cursor, acknowledgement, acknowledgeBy, ...change } = feedItem
    void [acknowledgement, acknowledgeBy]
    expect(JSON.parse(request!.body)).toEqual(change)
    expect(change).toMatchObject({ id: told!.changeId, type: 'trip.cancelled' })

    expect(await logOf(told!.changeId)).toMatchObject({
      webhookId: told!.changeId,
      type: 'trip.cancelled',
      cursor,
      state: 'delivered',
      attempts: 1,
      lastStatus: 200,
      lastError: null,
      nextAttemptAt: null,
    })
  })

  it('tries again through a receiver’s outage (503, then connections refused) and delivers with the same webhook-id', async () => {
    clock = senderClock()
    const [told] = await makeChanges(1)
    const { sender } = senderOf()
    receiver.answer(503, true)
    expect(await drain(sender)).toMatchObject({ claimed: 1, retried: 1, delivered: 0 })
    expect(await logOf(told!.changeId)).toMatchObject({ state: 'pending', attempts: 1, lastStatus: 503 })

    await receiver.down()
    await clock.advance({ seconds: 6 })
    // A sender of its own, as another instance's: no connection kept from before.
    const { sender: another } = senderOf()
    expect(await drain(another)).toMatchObject({ claimed: 1, retried: 1 })
    const refused = await logOf(told!.changeId)
    expect(refused).toMatchObject({ state: 'pending', attempts: 2, lastStatus: null })
    expect(refused!.lastError).toContain('ECONNREFUSED')
    // The next try is five minutes on (a tenth either way): not yet.
    await clock.advance({ minutes: 4 })
    expect(await drain(another)).toMatchObject({ claimed: 0 })

    await receiver.up()
    await clock.advance({ minutes: 2 })
    expect(await drain(another)).toMatchObject({ claimed: 1, delivered: 1 })
    const requests = receivedFor(told!.changeId)
    expect(requests.map((request) => request.status)).toEqual([503, 200])
    expect(verifies(secret, requests[1]!, clock.now())).toBe(true)
    expect(await logOf(told!.changeId)).toMatchObject({ state: 'delivered', attempts: 3, lastStatus: 200 })
  })

  it('gives up once the change is older than the retry window, and a replay sends it again with the same id', async () => {
    clock = senderClock()
    const [told] = await makeChanges(1)
    const { sender } = senderOf()
    receiver.answer(503)
    for (let tries = 0; tries < 30; tries++) {
      await drain(sender)
      const delivery = await logOf(told!.changeId)
      if (delivery!.state !== 'pending') break
      await clock.advance(
        clock.now().until(Temporal.Instant.from(delivery!.nextAttemptAt!)).add({ seconds: 1 }),
      )
    }
    const failed = await logOf(told!.changeId)
    expect(failed).toMatchObject({ state: 'failed', lastStatus: 503, nextAttemptAt: null })
    // Tried for the whole window, backing off: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then every 10 h.
    const tried = Temporal.Instant.from(failed!.createdAt).until(
      Temporal.Instant.from(failed!.lastAttemptAt!),
    )
    expect(tried.total('hours')).toBeGreaterThanOrEqual(72)
    expect(tried.total('hours')).toBeLessThan(73)
    expect(failed!.attempts).toBeGreaterThanOrEqual(12)
    expect(failed!.attempts).toBeLessThanOrEqual(14)
    expect(receivedFor(told!.changeId)).toHaveLength(failed!.attempts)
    expect((await log('?state=failed')).deliveries.map((delivery) => delivery.webhookId)).toContain(
      told!.changeId,
    )

    receiver.answer(200)
    const replayed = await operator.replay({ webhookIds: [told!.changeId] })
    expect(replayed.statusCode, replayed.body).toBe(200)
    expect(replayed.json()).toEqual({ queued: 1 })
    expect(await logOf(told!.changeId)).toMatchObject({ state: 'pending', attempts: 0 })
    expect(await drain(sender)).toMatchObject({ claimed: 1, delivered: 1 })
    const last = receivedFor(told!.changeId).at(-1)!
    expect(last.status).toBe(200)
    expect(verifies(secret, last, clock.now())).toBe(true)
    expect(new Set(receivedFor(told!.changeId).map((request) => request.headers['webhook-id']))).toEqual(
      new Set([told!.changeId]),
    )
    expect(await logOf(told!.changeId)).toMatchObject({ state: 'delivered', attempts: 1 })
  })

  it('replays after a cursor, making deliveries of changes told while the webhook was off', async () => {
    clock = senderClock()
    const { sender } = senderOf()
    const [before] = await makeChanges(1)
    await drain(sender)
    const cursor = (await logOf(before!.changeId))!.cursor

    expect((await operator.put({ url: receiver.url, enabled: false })).statusCode).toBe(200)
    const whileOff = await makeChanges(2)
    expect(await drain(sender)).toMatchObject({ claimed: 0 })
    for (const change of whileOff) expect(await logOf(change.changeId)).toBeUndefined()

    expect((await operator.put({ url: receiver.url, enabled: true })).statusCode).toBe(200)
    const replayed = await operator.replay({ after: cursor })
    expect(replayed.json()).toEqual({ queued: 2 })
    expect(await drain(sender)).toMatchObject({ claimed: 2, delivered: 2 })
    for (const change of whileOff) {
      expect(receivedFor(change.changeId)).toHaveLength(1)
      expect(await logOf(change.changeId)).toMatchObject({ state: 'delivered', attempts: 1 })
    }
    expect(receivedFor(before!.changeId)).toHaveLength(1)
    // A replay of changes no longer kept queues nothing.
    expect((await operator.replay({ webhookIds: [crypto.randomUUID()] })).json()).toEqual({ queued: 0 })
  })

  it('holds a switched-off webhook’s queue, and sends it once it is on again', async () => {
    clock = senderClock()
    const { sender } = senderOf()
    const [told] = await makeChanges(1)
    expect((await operator.put({ url: receiver.url, enabled: false })).statusCode).toBe(200)
    expect(await drain(sender)).toMatchObject({ claimed: 0 })
    expect(await logOf(told!.changeId)).toMatchObject({ state: 'pending', attempts: 0 })
    expect((await operator.put({ url: receiver.url, enabled: true })).statusCode).toBe(200)
    expect(await drain(sender)).toMatchObject({ claimed: 1, delivered: 1 })
  })

  it('pages the delivery log in feed order, by state', async () => {
    clock = senderClock()
    const told = await makeChanges(3)
    const all = (await log('?limit=500')).deliveries
    const cursors = all.map((delivery) => delivery.cursor)
    const ids = all.map((delivery) => delivery.webhookId)
    expect(ids.slice(-3)).toEqual(told.map((change) => change.changeId))

    const pages: string[] = []
    let after: string | null = null
    for (;;) {
      const page: Log = await log(`?limit=2${after ? `&after=${after}` : ''}`)
      pages.push(...page.deliveries.map((delivery) => delivery.cursor))
      if (!page.hasMore) break
      after = page.cursor
    }
    expect(pages).toEqual(cursors)
    const pending = (await log('?state=pending&limit=500')).deliveries
    expect(pending.map((delivery) => delivery.webhookId)).toEqual(told.map((change) => change.changeId))
    expect(pending[0]).toMatchObject({ attempts: 0, lastAttemptAt: null, deliveredAt: null })
    expect(pending[0]!.nextAttemptAt).not.toBeNull()
    for (const page of [all, pending]) {
      const answer = { deliveries: page, cursor: page.at(-1)?.cursor ?? null, hasMore: false }
      expect(deliveryLog.parse(answer)).toEqual(answer)
    }
    const end = await log(`?after=${cursors.at(-1)}`)
    expect(end).toEqual({ deliveries: [], cursor: cursors.at(-1), hasMore: false })
    await drain(senderOf().sender)
  })

  it('signs with both secrets while a rotation overlaps, then with the new one only', async () => {
    clock = senderClock()
    const { sender } = senderOf()
    const old = secret
    const rotated = await operator.rotate({ overlapHours: 1 })
    expect(rotated.statusCode, rotated.body).toBe(200)
    const body = rotated.json<Webhook & { secret: string }>()
    expect(body.secret).not.toBe(old)
    expect(body.previousSecretUntil).not.toBeNull()
    expect((await operator.get()).json<Webhook>()).toMatchObject({
      secretHint: body.secret.slice(-4),
      previousSecretUntil: body.previousSecretUntil,
    })
    secret = body.secret

    const [told] = await makeChanges(1)
    await drain(sender)
    const during = receivedFor(told!.changeId)[0]!
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2)
    expect(verifies(old, during, clock.now())).toBe(true)
    expect(verifies(secret, during, clock.now())).toBe(true)

    await clock.advance({ hours: 2 })
    expect((await operator.replay({ webhookIds: [told!.changeId] })).json()).toEqual({ queued: 1 })
    await drain(sender)
    const after = receivedFor(told!.changeId)[1]!
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1)
    expect(verifies(secret, after, clock.now())).toBe(true)
    expect(verifies(old, after, clock.now())).toBe(false)

    // No overlap: the old secret stops signing at once.
    const sharp = (await operator.rotate({ overlapHours: 0 })).json<Webhook & { secret: string }>()
    expect(sharp.previousSecretUntil).toBeNull()
    secret = sharp.secret
  })

  it('refuses at send a public name that resolves to a private address: blocked, counted, never connected to, tried again', async () => {
    clock = senderClock()
    const warnings: unknown[] = []
    const logged: SenderLog = { warn: (details) => warnings.push(details), error: () => undefined }
    const { sender, refusals } = senderOf({ log: logged })
    receiver.resolveTo('10.1.2.3')
    const before = receiver.received.length
    const [told] = await makeChanges(1)
    expect(await drain(sender)).toMatchObject({ claimed: 1, blocked: 1, retried: 0, delivered: 0 })
    expect(receiver.received.length).toBe(before)
    expect(refusals.readings()).toEqual([{ labels: { stage: 'send', reason: 'NotPublicAddress' }, value: 1 }])
    expect(warnings).toEqual([
      {
        webhook: {
          tenant: 'espoo',
          webhookId: told!.changeId,
          reason: 'NotPublicAddress',
          host: new URL(receiver.url).hostname,
          address: '10.1.2.3',
        },
      },
    ])
    const blocked = await logOf(told!.changeId)
    expect(blocked).toMatchObject({ state: 'pending', attempts: 1, lastStatus: null })
    expect(blocked!.lastError).toContain('10.1.2.3')

    receiver.resolveTo(standInPublicAddress)
    await clock.advance({ seconds: 6 })
    expect(await drain(sender)).toMatchObject({ delivered: 1 })
    expect(receivedFor(told!.changeId)).toHaveLength(1)
  })

  it('fails at once a delivery to a URL the policy refuses itself (kept from before it was stricter)', async () => {
    clock = senderClock()
    const { sender, refusals } = senderOf()
    const elsewhere = new URL(receiver.url)
    elsewhere.port = '8443'
    await sql`update webhook_endpoints set url = ${elsewhere.href}`.execute(test.db)
    try {
      const before = receiver.received.length
      const [told] = await makeChanges(1)
      expect(await drain(sender)).toMatchObject({ claimed: 1, blocked: 1, failed: 0 })
      expect(receiver.received.length).toBe(before)
      expect(refusals.readings()).toEqual([{ labels: { stage: 'send', reason: 'PortNotAllowed' }, value: 1 }])
      expect(await logOf(told!.changeId)).toMatchObject({ state: 'failed', attempts: 1 })
    } finally {
      await sql`update webhook_endpoints set url = ${receiver.url}`.execute(test.db)
    }
  })

  it('tells onDelivered of each change it delivered, once; a failure there does not undo the delivery', async () => {
    clock = senderClock()
    const told: DeliveredChange[] = []
    const errors: unknown[] = []
    let fail = true
    const { sender } = senderOf({
      log: { warn: () => undefined, error: (details) => errors.push(details) },
      onDelivered: async (tenant, change) => {
        expect(tenant).toBe('espoo')
        told.push(change)
        if (fail) throw new Error('receipt failed')
      },
    })
    const [first, second] = await makeChanges(2)
    expect(await drain(sender)).toMatchObject({ delivered: 2 })
    expect(told.map((change) => change.changeId).sort()).toEqual([first!.changeId, second!.changeId].sort())
    expect(told[0]).toMatchObject({ type: 'trip.cancelled' })
    expect(told[0]!.deliveredAt.equals(clock.now())).toBe(true)
    expect(told[0]!.changeRowId).toMatch(/^\d+$/)
    expect(errors).toHaveLength(2)
    expect(await logOf(first!.changeId)).toMatchObject({ state: 'delivered' })
    fail = false
    expect(await drain(sender)).toMatchObject({ claimed: 0 })
    expect(told).toHaveLength(2)
  })

  it('counts deliveries by outcome, the queue and refusals on /metrics', async () => {
    const app = await test.secondInstance({ webhookSender: true, opsPort: 0 })
    await app.ready()
    const samples = async (name: string) =>
      (parsePrometheusText(await app.ops.metrics!.scrape()).get(name)?.samples ?? []).map(
        ({ labels, value }) => ({ ...labels, value }),
      )
    expect((await operatorWebhookOf(app).put({ url: 'https://127.0.0.1/hooks' })).statusCode).toBe(400)
    expect(await samples('portal_webhook_endpoint_refusals_total')).toEqual([
      { stage: 'subscribe', reason: 'NotPublicHost', value: 1 },
    ])
    expect(await samples('portal_webhook_pending_deliveries')).toEqual([{ value: 0 }])
    expect(await samples('portal_webhook_oldest_pending_seconds')).toEqual([{ value: 0 }])

    const [delivered] = await makeChanges(1)
    await expect
      .poll(() => samples('portal_webhook_deliveries_total'), { timeout: 10_000, interval: 50 })
      .toContainEqual({ outcome: 'delivered', value: 1 })
    expect(receivedFor(delivered!.changeId)).toHaveLength(1)

    receiver.answer(503, true)
    const [retried] = await makeChanges(1)
    await expect
      .poll(() => samples('portal_webhook_deliveries_total'), { timeout: 10_000, interval: 50 })
      .toContainEqual({ outcome: 'retried', value: 1 })
    expect(receivedFor(retried!.changeId)).toHaveLength(1)
    expect(await samples('portal_webhook_deliveries_total')).toEqual(
      expect.arrayContaining([
        { outcome: 'failed', value: 0 },
        { outcome: 'blocked', value: 0 },
      ]),
    )
    expect(await samples('portal_webhook_pending_deliveries')).toEqual([{ value: 1 }])
    const [oldest] = await samples('portal_webhook_oldest_pending_seconds')
    expect(oldest!.value).toBeGreaterThanOrEqual(0)
    expect(oldest!.value).toBeLessThan(60)
    await app.close()
    await sql`delete from webhook_deliveries where state = 'pending'`.execute(test.db)
  })

  it('keeps dispatch settings', async () => {
    expect((await operator.dispatch()).json()).toEqual({
      acknowledges: false,
      acknowledgeByMinutes: 30,
      phone: null,
    })
    const settings = { acknowledges: true, acknowledgeByMinutes: 45, phone: '+358 9 816 21' }
    const put = await operator.putDispatch(settings)
    expect(put.statusCode, put.body).toBe(200)
    expect(put.json()).toEqual(settings)
    const read = (await operator.dispatch()).json<DispatchSettings>()
    expect(read).toEqual(settings)
    expect(dispatchSettings.parse(read)).toEqual(read)
  })

  it('removes the webhook with its pending deliveries; the log of those sent stays', async () => {
    clock = senderClock()
    const sentBefore = (await log('?state=delivered&limit=500')).deliveries.length
    const [pending] = await makeChanges(1)
    expect((await operator.remove()).statusCode).toBe(200)
    expect((await operator.get()).statusCode).toBe(404)
    expect((await operator.remove()).statusCode).toBe(404)
    expect((await operator.rotate()).statusCode).toBe(404)
    expect((await operator.replay({ webhookIds: [pending!.changeId] })).statusCode).toBe(404)
    expect(await logOf(pending!.changeId)).toBeUndefined()
    expect((await log('?state=delivered&limit=500')).deliveries).toHaveLength(sentBefore)
    const [after] = await makeChanges(1)
    expect(await drain(senderOf().sender)).toMatchObject({ claimed: 0 })
    expect(await logOf(after!.changeId)).toBeUndefined()
  })
})
