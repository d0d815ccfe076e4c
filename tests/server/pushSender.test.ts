import { sql } from 'kysely'
import { Temporal } from 'temporal-polyfill'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { PushSubscriptionView } from '../../src/contract/notifications'
import { tenantDb } from '../../server/db/tenantDb'
import { loadServerI18n, type ServerI18n } from '../../server/i18n/catalogs'
import type { NotificationData } from '../../server/domain/notificationData'
import type { DeclarativePush } from '../../server/notifications/payload'
import { loadVapidKeys } from '../../server/notifications/vapid'
import type { PushTransport } from '../../server/notifications/pushTransport'
import type { SenderLog } from '../../server/outbound/deliveryLoop'
import { createTestApp, type TestApp } from './support/app'
import { backends } from './support/database'
import { newGuardian } from './support/messages'
import { parsePrometheusText } from './support/prometheusText'
import { notificationsOf } from './support/push'
import { drain } from './support/drain'
import { senderFor } from './support/pushSenders'
import {
  standInPublicAddress,
  startPushServiceStandIn,
  type PushServiceStandIn,
  type StandInDevice,
} from './support/pushServiceStandIn'
import { simulatedClock, type SimulatedClock } from './support/simulatedClock'

const trip = { passengerId: 'p1', firstName: 'Aino', tripId: 'trip-1', date: '2026-12-01' }
// 06:05 UTC is 08:05 in Helsinki in December.
const pickedUp: NotificationData = { kind: 'pickedUp', ...trip, at: '2026-12-01T06:05:00Z' }

describe.each(backends)('the push sender on $name', (backend) => {
  let test: TestApp
  let standIn: PushServiceStandIn
  let i18n: ServerI18n
  let clock: SimulatedClock
  const transports: PushTransport[] = []

  /** A sender as an instance makes one: its own agent, so its first send to a host looks the name up. */
  const senderWithCounts = async (db = test.db, log?: SenderLog) => {
    const made = await senderFor(db, i18n, clock, log)
    transports.push(made.transport)
    return made
  }
  const sender = async (db = test.db) => (await senderWithCounts(db)).sender

  /** A guardian with `count` devices subscribed through the API. */
  const subscribed = async (count: number, locale: 'fi' | 'sv' | 'en' = 'fi') => {
    const guardian = await newGuardian(test.db, 'espoo', 'Push Huoltaja')
    const calls = notificationsOf(test.app, 'espoo', guardian.token)
    const devices: { device: StandInDevice; id: string }[] = []
    for (let index = 0; index < count; index++) {
      const device = standIn.device()
      const response = await calls.subscribe(device, locale)
      expect(response.statusCode, response.body).toBe(200)
      devices.push({ device, id: response.json<PushSubscriptionView>().id })
    }
    return { guardian, calls, devices }
  }
  const queue = (subscriptionId: string, data: NotificationData, at = clock.now()) =>
    tenantDb(test.db, 'espoo').pushSubscriptions.queue(subscriptionId, data, at)
  const queued = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from push_deliveries`.execute(test.db)).rows[0]!.n

  beforeAll(async () => {
    standIn = await startPushServiceStandIn()
    i18n = await loadServerI18n()
    test = await createTestApp(backend, { config: { pushSender: false } })
  })
  afterEach(async () => {
    // Each test starts with an empty outbox, the stand-in answering 201 at its public address.
    await sql`delete from push_deliveries`.execute(test.db)
    standIn.answer(null, { status: 201 })
    standIn.resolveTo(standInPublicAddress)
  })
  afterAll(async () => {
    for (const transport of transports) transport.close()
    await test.close()
    await standIn.close()
  })

  it('makes the VAPID key pair once: instances starting at once agree, and later starts keep it', async () => {
    const [first, second] = await Promise.all([loadVapidKeys(test.db, null), loadVapidKeys(test.db, null)])
    expect(second).toEqual(first)
    expect(await loadVapidKeys(test.db, null)).toEqual(first)
    const configured = { publicKey: 'configured-public', privateKey: 'configured-private' }
    expect(await loadVapidKeys(test.db, configured)).toBe(configured)
  })

  it('sends each of N notifications exactly once with two senders over the same database', async () => {
    clock = simulatedClock(Temporal.Now.instant())
    const { devices } = await subscribed(4)
    const perDevice = 15
    for (const { id } of devices)
      for (let index = 0; index < perDevice; index++)
        await queue(id, {
          kind: 'message',
          passengerId: 'p1',
          firstName: 'Aino',
          messageId: `m-${index}`,
          operatorName: 'Espoon asiointiliikenne',
          confirmationRequested: false,
        })
    const before = standIn.received.length
    const one = await sender(test.db)
    const two = await sender(await test.connectAgain())
    const [a, b] = await Promise.all([drain(one), drain(two)])
    expect(a.delivered + b.delivered).toBe(devices.length * perDevice)
    expect(standIn.received.length - before).toBe(devices.length * perDevice)
    for (const { device } of devices) {
      const tags = standIn.delivered(device).map((push) => (push as DeclarativePush).notification.tag)
      expect(new Set(tags).size).toBe(perDevice)
      expect(tags).toHaveLength(perDevice)
    }
    expect(await queued()).toBe(0)
    const lastDelivered = await sql<{ n: number }>`
      select count(*)::int as n from push_subscriptions
      where id in (${sql.join(devices.map((d) => d.id))}) and last_delivered_at is not null and failures = 0`.execute(
      test.db,
    )
    expect(lastDelivered.rows[0]!.n).toBe(devices.length)
  })

  it('writes the payload in the device’s language with TTL, Urgency and Topic, and decrypts with its keys', async () => {
    clock = simulatedClock(Temporal.Now.instant())
    const fi = await subscribed(1, 'fi')
    const sv = await subscribed(1, 'sv')
    const en = await subscribed(1, 'en')
    for (const { devices } of [fi, sv, en]) await queue(devices[0]!.id, pickedUp)
    await clock.advance({ seconds: 30 })
    expect((await drain(await sender())).delivered).toBe(3)

    const [fiPush] = standIn.delivered(fi.devices[0]!.device) as DeclarativePush[]
    expect(fiPush).toEqual({
      web_push: 8030,
      notification: {
        title: 'Aino: kyydissä',
        body: 'Noudettu klo 08:05.',
        navigate: 'http://espoo.localhost:9137/trips/trip-1/2026-12-01',
        lang: 'fi',
        tag: 'trip:trip-1:2026-12-01',
        timestamp: expect.any(Number) as number,
      },
    })
    const [svPush] = standIn.delivered(sv.devices[0]!.device) as DeclarativePush[]
    expect(svPush!.notification).toMatchObject({
      title: 'Aino: hämtad',
      body: 'Hämtad kl. 08:05.',
      lang: 'sv',
    })
    const [enPush] = standIn.delivered(en.devices[0]!.device) as DeclarativePush[]
    expect(enPush!.notification).toMatchObject({ title: 'Aino: picked up', body: 'Picked up at 08:05.' })

    const headers = standIn.received.findLast((push) => push.deviceId === fi.devices[0]!.device.id)!.headers
    // Ten minutes' policy less the 30 s it waited.
    expect(Number(headers.ttl)).toBeGreaterThan(560)
    expect(Number(headers.ttl)).toBeLessThanOrEqual(570)
    expect(headers.urgency).toBe('high')
    expect(headers.topic).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(headers['content-encoding']).toBe('aes128gcm')
    expect(headers.authorization).toMatch(/^vapid t=.+, k=.+$/)
  })

  it('says only "Update about a trip" when the user hides details', async () => {
    clock = simulatedClock(Temporal.Now.instant())
    for (const [locale, title] of [
      ['fi', 'Matkaa koskeva päivitys'],
      ['sv', 'Uppdatering om en resa'],
      ['en', 'Update about a trip'],
    ] as const) {
      const { guardian, calls, devices } = await subscribed(1, locale)
      const saved = await calls.saveSettings({
        reminderTime: '18:00',
        etaMinutes: 10,
        hideDetails: true,
        passengers: [],
      })
      expect(saved.statusCode, saved.body).toBe(200)
      void guardian
      await queue(devices[0]!.id, pickedUp)
      await drain(await sender())
      const [push] = standIn.delivered(devices[0]!.device) as DeclarativePush[]
      expect(push!.notification).toMatchObject({ title, body: '' })
      expect(JSON.stringify(push)).not.toContain('Aino')
    }
  })

  it('says who a message is from and that it asks for a confirmation, never its text', async () => {
    clock = simulatedClock(Temporal.Now.instant())
    const { devices } = await subscribed(1, 'fi')
    await queue(devices[0]!.id, {
      kind: 'message',
      passengerId: 'p1',
      firstName: 'Aino',
      messageId: 'm-1',
      operatorName: 'Espoon asiointiliikenne',
      confirmationRequested: true,
    })
    await drain(await sender())
    const [push] = standIn.delivered(devices[0]!.device) as DeclarativePush[]
    expect(push!.notification).toMatchObject({
      title: 'Uusi viesti: Espoon asiointiliikenne',
      body: 'Koskee: Aino. Viesti pyytää vahvistusta.',
      navigate: 'http://espoo.localhost:9137/messages',
    })
  })

  it('deletes the subscription, with its queue, when the push service answers 410 or 404', async () => {
    clock = simulatedClock(Temporal.Now.instant())
    const { calls, devices } = await subscribed(2)
    standIn.answer(devices[0]!.device, { status: 410 })
    standIn.answer(devices[1]!.device, { status: 404 })
    for (const { id } of devices) {
      await queue(id, pickedUp)
      await queue(id, { kind: 'test' })
    }
    const counts = await drain(await sender())
    expect(counts.gone).toBeGreaterThanOrEqual(2)
    expect((await calls.subscriptions()).json()).toEqual([])
    expect(await queued()).toBe(0)
  })

  it('tries again after a 429 no sooner than its Retry-After, and after a 500 with backoff', async () => {
    clock = simulatedClock(Temporal.Now.instant())
    const { devices } = await subscribed(2)
    const [limited, failing] = devices as [(typeof devices)[0], (typeof devices)[0]]
    standIn.answer(limited.device, { status: 429, retryAfter: '120' }, true)
    standIn.answer(failing.device, { status: 500 }, true)
    await queue(limited.id, { kind: 'test' })
    await queue(failing.id, { kind: 'test' })
    const send = await sender()

    expect(await drain(send)).toMatchObject({ claimed: 2, retried: 2, delivered: 0 })
    expect(await queued()).toBe(2)
    const failures = await sql<{ failures: number }>`
      select failures from push_subscriptions where id = ${failing.id}`.execute(test.db)
    expect(failures.rows[0]!.failures).toBe(1)

    // The 500's backoff (30 s, jittered by at most a fifth) has passed; the 429's two minutes have not.
    await clock.advance({ seconds: 40 })
    expect(await drain(send)).toMatchObject({ delivered: 1 })
    expect(standIn.delivered(failing.device)).toHaveLength(1)
    expect(standIn.delivered(limited.device)).toHaveLength(0)

    await clock.advance({ seconds: 90 })
    expect(await drain(send)).toMatchObject({ delivered: 1 })
    expect(standIn.delivered(limited.device)).toHaveLength(1)
    expect(await queued()).toBe(0)
  })

  it('drops a notification past its expiry instead of sending it late', async () => {
    clock = simulatedClock(Temporal.Now.instant())
    const { devices } = await subscribed(1)
    const before = standIn.received.length
    await queue(devices[0]!.id, pickedUp)
    // A pickup alert lives 10 minutes.
    await clock.advance({ minutes: 11 })
    expect(await drain(await sender())).toMatchObject({ claimed: 1, expired: 1, delivered: 0 })
    expect(standIn.received.length).toBe(before)
    expect(await queued()).toBe(0)
  })

  it('reaches the push service by its name through the address policy: public addresses of both families are delivered to, private ones refused', async () => {
    clock = simulatedClock(Temporal.Now.instant())
    const { devices } = await subscribed(1)
    const device = devices[0]!
    for (const address of [standInPublicAddress, '2606:4700:4700::1111']) {
      standIn.resolveTo(address)
      await queue(device.id, { kind: 'test' })
      expect(await drain(await sender()), address).toMatchObject({ delivered: 1, retried: 0, blocked: 0 })
    }
    expect(standIn.delivered(device.device)).toHaveLength(2)

    for (const address of ['10.0.0.1', '::ffff:127.0.0.1', '169.254.169.254', 'fd00::1']) {
      standIn.resolveTo(address)
      const warnings: unknown[] = []
      const log: SenderLog = { warn: (details) => warnings.push(details), error: () => undefined }
      const made = await senderWithCounts(test.db, log)
      const before = standIn.received.length
      await queue(device.id, { kind: 'test' })
      // Refused for good at once, not tried again: the name resolves inside, which no retry mends.
      expect(await drain(made.sender), address).toMatchObject({ claimed: 1, blocked: 1, retried: 0 })
      expect(standIn.received.length, address).toBe(before)
      expect(made.refusals.readings()).toEqual([
        { labels: { stage: 'send', reason: 'NotPublicAddress' }, value: 1 },
      ])
      expect(warnings).toEqual([
        {
          push: {
            tenant: 'espoo',
            kind: 'test',
            reason: 'NotPublicAddress',
            host: new URL(standIn.origin).hostname,
            address,
          },
        },
      ])
      expect(await queued()).toBe(0)
    }
    // The device stays: what its name resolves to may be mended.
    const kept = await sql<{ failures: number }>`
      select failures from push_subscriptions where id = ${device.id}`.execute(test.db)
    expect(kept.rows[0]!.failures).toBe(4)
  })

  it('tries again when the name does not resolve for now', async () => {
    clock = simulatedClock(Temporal.Now.instant())
    const { devices } = await subscribed(1)
    const device = devices[0]!
    standIn.resolveTo(null)
    await queue(device.id, { kind: 'test' })
    const send = await sender()
    expect(await drain(send)).toMatchObject({ claimed: 1, retried: 1, blocked: 0 })
    expect(await queued()).toBe(1)
    standIn.resolveTo(standInPublicAddress)
    await clock.advance({ seconds: 40 })
    expect(await drain(send)).toMatchObject({ delivered: 1 })
    expect(standIn.delivered(device.device)).toHaveLength(1)
  })

  it('refuses a kept endpoint on another port than 443 at send, and deletes the device', async () => {
    clock = simulatedClock(Temporal.Now.instant())
    const { calls, devices } = await subscribed(1)
    const device = devices[0]!
    // Kept before the policy said 443 only: the stand-in's name answers on any port.
    const elsewhere = `${standIn.origin}:8443/push/${device.device.id}`
    await sql`update push_subscriptions set endpoint = ${elsewhere} where id = ${device.id}`.execute(test.db)
    await queue(device.id, { kind: 'test' })
    const made = await senderWithCounts()
    const before = standIn.received.length
    expect(await drain(made.sender)).toMatchObject({ claimed: 1, blocked: 1, delivered: 0 })
    expect(standIn.received.length).toBe(before)
    expect(made.refusals.readings()).toEqual([
      { labels: { stage: 'send', reason: 'PortNotAllowed' }, value: 1 },
    ])
    expect((await calls.subscriptions()).json()).toEqual([])
    expect(await queued()).toBe(0)
  })

  it('counts the endpoints it refuses on /metrics, at subscribe and at send, by reason', async () => {
    const app = await test.secondInstance({ pushSender: true, opsPort: 0 })
    await app.ready()
    const refusals = async () =>
      (
        parsePrometheusText(await app.ops.metrics!.scrape()).get('portal_push_endpoint_refusals_total')
          ?.samples ?? []
      ).map(({ labels, value }) => ({ ...labels, value }))
    const guardian = await newGuardian(test.db, 'espoo', 'Mittari Huoltaja')
    const calls = notificationsOf(app, 'espoo', guardian.token)
    const { keys } = standIn.device().subscription
    const onPort = await calls.subscribe({
      subscription: { endpoint: 'https://push.example.com:8443/x', keys },
    })
    expect(onPort.statusCode, onPort.body).toBe(400)
    expect(await refusals()).toEqual([{ stage: 'subscribe', reason: 'PortNotAllowed', value: 1 }])

    const device = standIn.device()
    const subscribedDevice = await calls.subscribe(device)
    expect(subscribedDevice.statusCode, subscribedDevice.body).toBe(200)
    standIn.resolveTo('192.168.1.1')
    expect((await calls.sendTest(subscribedDevice.json<PushSubscriptionView>().id)).statusCode).toBe(200)
    await expect
      .poll(refusals, { timeout: 5000, interval: 50 })
      .toContainEqual({ stage: 'send', reason: 'NotPublicAddress', value: 1 })
    expect(standIn.delivered(device)).toEqual([])
  })

  it('sends a test notification at once through the app’s own sender, and limits how often', async () => {
    const app = await test.secondInstance({ pushSender: true })
    await app.ready()
    const { devices, guardian } = await subscribed(1, 'sv')
    const calls = notificationsOf(app, 'espoo', guardian.token)
    const device = devices[0]!
    const response = await calls.sendTest(device.id)
    expect(response.statusCode, response.body).toBe(200)
    await expect.poll(() => standIn.delivered(device.device), { timeout: 5000, interval: 50 }).toHaveLength(1)
    expect((standIn.delivered(device.device)[0] as DeclarativePush).notification).toMatchObject({
      title: 'Testavisering',
      lang: 'sv',
    })
    expect((await calls.sendTest('no-such-device')).statusCode).toBe(404)
    let last = response
    for (let index = 0; index < 5; index++) last = await calls.sendTest(device.id)
    expect(last.statusCode).toBe(429)
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0)
  })

  it('looks at once when any instance queues a row: the database announces it, so no poll is waited for', async () => {
    const app = await test.secondInstance({ pushSender: true })
    await app.ready()
    expect(app.versionWatch.connected).toBe(true)
    const { devices, guardian } = await subscribed(1)
    const device = devices[0]!
    // Sent at once through this app (its own wake), after which its sender waits idle for its 10 s poll.
    expect((await notificationsOf(app, 'espoo', guardian.token).sendTest(device.id)).statusCode).toBe(200)
    await expect.poll(() => standIn.delivered(device.device), { timeout: 5000, interval: 50 }).toHaveLength(1)
    // Queued outside this app, as another instance would: heard well within that poll.
    await queue(device.id, pickedUp, Temporal.Now.instant())
    await expect.poll(() => standIn.delivered(device.device), { timeout: 5000, interval: 50 }).toHaveLength(2)
  })
})
