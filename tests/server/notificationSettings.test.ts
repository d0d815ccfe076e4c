import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { NotificationSettings, PushSubscriptionView } from '../../src/contract/notifications'
import { notificationKinds } from '../../src/contract/notifications'
import { subscriptionsPerUser } from '../../server/db/repositories/pushSubscriptions'
import { runRetention } from '../../server/retention/retention'
import { createTestApp, type TestApp } from './support/app'
import { backends } from './support/database'
import { newGuardian } from './support/messages'
import { describeOnPostgres } from './support/onPostgres'
import { notificationsOf } from './support/push'
import { startPushServiceStandIn, type PushServiceStandIn } from './support/pushServiceStandIn'

const allOn = Object.fromEntries(notificationKinds.map((kind) => [kind, true]))

describe.each(backends)('notification settings and subscriptions on $name', (backend) => {
  let test: TestApp
  let standIn: PushServiceStandIn

  beforeAll(async () => {
    standIn = await startPushServiceStandIn()
    test = await createTestApp(backend, { config: { pushSender: false } })
  })
  afterAll(async () => {
    await test.close()
    await standIn.close()
  })

  it('answers the defaults with every granted passenger, and saves and answers them as saved', async () => {
    const guardian = await newGuardian(test.db, 'espoo', 'Asetus Huoltaja', 2)
    const calls = notificationsOf(test.app, 'espoo', guardian.token)
    const initial = await calls.settings()
    expect(initial.statusCode, initial.body).toBe(200)
    const [first, second] = guardian.passengerIds as [string, string]
    expect(initial.json<NotificationSettings>()).toEqual({
      reminderTime: '18:00',
      etaMinutes: 10,
      hideDetails: false,
      passengers: expect.arrayContaining([
        { passengerId: first, switches: allOn },
        { passengerId: second, switches: allOn },
      ]) as unknown,
    })

    const chosen: NotificationSettings = {
      reminderTime: '07:30',
      etaMinutes: 15,
      hideDetails: true,
      passengers: [
        { passengerId: first, switches: { ...allOn, message: false, eta: false } as never },
        { passengerId: second, switches: allOn as never },
      ],
    }
    const saved = await calls.saveSettings(chosen)
    expect(saved.statusCode, saved.body).toBe(200)
    const sorted = (settings: NotificationSettings) => ({
      ...settings,
      passengers: [...settings.passengers].sort((a, b) => a.passengerId.localeCompare(b.passengerId)),
    })
    expect(sorted(saved.json())).toEqual(sorted(chosen))
    expect(sorted((await calls.settings()).json())).toEqual(sorted(chosen))
    // Only what differs from on is stored.
    const rows = await sql<{ kind: string }>`
      select kind from notification_switches where user_id = ${guardian.userId} order by kind`.execute(
      test.db,
    )
    expect(rows.rows.map((row) => row.kind)).toEqual(['eta', 'message'])
  })

  it('refuses settings naming a passenger not granted to the user with 404, changing nothing', async () => {
    const guardian = await newGuardian(test.db, 'espoo', 'Oma Huoltaja')
    const other = await newGuardian(test.db, 'espoo', 'Vieras Huoltaja')
    const calls = notificationsOf(test.app, 'espoo', guardian.token)
    const response = await calls.saveSettings({
      reminderTime: '19:00',
      etaMinutes: 5,
      hideDetails: false,
      passengers: [{ passengerId: other.passengerIds[0], switches: { ...allOn, eta: false } }],
    })
    expect(response.statusCode, response.body).toBe(404)
    expect((await calls.settings()).json<NotificationSettings>().reminderTime).toBe('18:00')
  })

  it('subscribes a device, lists it without its endpoint or keys, and unsubscribes only its own', async () => {
    const guardian = await newGuardian(test.db, 'espoo', 'Laite Huoltaja')
    const other = await newGuardian(test.db, 'espoo', 'Toinen Huoltaja')
    const calls = notificationsOf(test.app, 'espoo', guardian.token)
    const device = standIn.device()
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'
    const subscribed = await calls.subscribe(device, 'sv', firefox)
    expect(subscribed.statusCode, subscribed.body).toBe(200)
    const view = subscribed.json<PushSubscriptionView>()
    expect(view).toEqual({
      id: expect.any(String) as string,
      userAgentFamily: 'firefox',
      locale: 'sv',
      createdAt: expect.any(String) as string,
      lastDeliveredAt: null,
    })
    expect((await calls.subscriptions()).json()).toEqual([view])

    // The same endpoint again is the same device with its new language.
    const again = await calls.subscribe(device, 'en', firefox)
    expect(again.json<PushSubscriptionView>()).toMatchObject({ id: view.id, locale: 'en' })

    expect((await notificationsOf(test.app, 'espoo', other.token).unsubscribe(view.id)).statusCode).toBe(404)
    expect((await calls.unsubscribe(view.id)).statusCode).toBe(200)
    expect((await calls.subscriptions()).json()).toEqual([])
    expect((await calls.unsubscribe(view.id)).statusCode).toBe(404)
  })

  it('moves an endpoint subscribed again with its keys by another user, or on another tenant, to them', async () => {
    const first = await newGuardian(test.db, 'espoo', 'Ensimmäinen')
    const second = await newGuardian(test.db, 'espoo', 'Toinen')
    const elsewhere = await newGuardian(test.db, 'demo', 'Muualla')
    const device = standIn.device()
    const mine = notificationsOf(test.app, 'espoo', first.token)
    const theirs = notificationsOf(test.app, 'espoo', second.token)
    expect((await mine.subscribe(device)).statusCode).toBe(200)
    expect((await theirs.subscribe(device)).statusCode).toBe(200)
    expect((await mine.subscriptions()).json()).toEqual([])
    expect((await theirs.subscriptions()).json()).toHaveLength(1)

    const demo = notificationsOf(test.app, 'demo', elsewhere.token)
    expect((await demo.subscribe(device)).statusCode).toBe(200)
    expect((await theirs.subscriptions()).json()).toEqual([])
    expect((await demo.subscriptions()).json()).toHaveLength(1)
  })

  it('refuses an endpoint another user or tenant has with other keys (403), which stays theirs', async () => {
    const owner = await newGuardian(test.db, 'espoo', 'Omistaja')
    const taker = await newGuardian(test.db, 'espoo', 'Ottaja')
    const elsewhere = await newGuardian(test.db, 'demo', 'Muualta')
    const device = standIn.device()
    const mine = notificationsOf(test.app, 'espoo', owner.token)
    expect((await mine.subscribe(device)).statusCode).toBe(200)
    const [view] = (await mine.subscriptions()).json<PushSubscriptionView[]>()
    // The endpoint alone, with keys of the caller's own.
    const taking = { subscription: { ...device.subscription, keys: standIn.device().subscription.keys } }
    for (const calls of [
      notificationsOf(test.app, 'espoo', taker.token),
      notificationsOf(test.app, 'demo', elsewhere.token),
    ]) {
      const refused = await calls.subscribe(taking)
      expect(refused.statusCode, refused.body).toBe(403)
      expect(refused.json()).toMatchObject({ statusCode: 403, code: 'forbidden' })
      expect((await calls.subscriptions()).json()).toEqual([])
    }
    expect((await mine.subscriptions()).json()).toEqual([view])
    const keys = await sql<{ p256dh: string; auth: string }>`
      select p256dh, auth from push_subscriptions where id = ${view!.id}`.execute(test.db)
    expect(keys.rows).toEqual([device.subscription.keys])
    // Its own user may change its keys (a subscription made anew that got the same endpoint).
    const renewed = await mine.subscribe(taking)
    expect(renewed.json<PushSubscriptionView>()).toMatchObject({ id: view!.id })
  })

  it.each([
    ['http://push.example.com/x', 'NotHttps'],
    ['https://127.0.0.1/x', 'NotPublicHost'],
    ['https://[::1]/x', 'NotPublicHost'],
    ['https://10.1.2.3/x', 'NotPublicHost'],
    ['https://localhost/x', 'NotPublicHost'],
    ['https://metadata.internal/x', 'NotPublicHost'],
    ['https://intranet/x', 'NotPublicHost'],
    ['http://127.0.0.1:1/push/x', 'NotHttps'],
    ['https://push.example.com:8443/x', 'PortNotAllowed'],
    ['https://push.example.com:80/x', 'PortNotAllowed'],
  ])('refuses the endpoint %s (the server would POST to it)', async (endpoint, error) => {
    const guardian = await newGuardian(test.db, 'espoo', 'Ssrf Huoltaja')
    const keys = standIn.device().subscription.keys
    const response = await notificationsOf(test.app, 'espoo', guardian.token).subscribe({
      subscription: { endpoint, keys },
    })
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ property: 'endpoint', error }],
    })
  })

  it('accepts an https endpoint on a public host name', async () => {
    const guardian = await newGuardian(test.db, 'espoo', 'Julkinen Huoltaja')
    const keys = standIn.device().subscription.keys
    const response = await notificationsOf(test.app, 'espoo', guardian.token).subscribe({
      subscription: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc123', keys },
    })
    expect(response.statusCode, response.body).toBe(200)
  })

  it('takes the ports an instance is configured with (OUTBOUND_PORTS), and still only a public host', async () => {
    const configured = await test.secondInstance({ outboundPorts: [443, 8443] })
    const guardian = await newGuardian(test.db, 'espoo', 'Portti Huoltaja')
    const calls = notificationsOf(configured, 'espoo', guardian.token)
    const keys = standIn.device().subscription.keys
    const subscribe = (endpoint: string) => calls.subscribe({ subscription: { endpoint, keys } })
    const accepted = await subscribe('https://push.example.com:8443/x')
    expect(accepted.statusCode, accepted.body).toBe(200)
    for (const [endpoint, error] of [
      ['https://push.example.com:80/x', 'PortNotAllowed'],
      ['https://10.1.2.3:8443/x', 'NotPublicHost'],
    ]) {
      const refused = await subscribe(endpoint!)
      expect(refused.statusCode, refused.body).toBe(400)
      expect(refused.json()).toMatchObject({ errors: [{ property: 'endpoint', error }] })
    }
  })

  it(`keeps at most ${subscriptionsPerUser} devices per user, dropping the oldest`, async () => {
    const guardian = await newGuardian(test.db, 'espoo', 'Monilaite Huoltaja')
    const calls = notificationsOf(test.app, 'espoo', guardian.token)
    const ids: string[] = []
    for (let index = 0; index <= subscriptionsPerUser; index++)
      ids.push((await calls.subscribe(standIn.device())).json<PushSubscriptionView>().id)
    const kept = (await calls.subscriptions()).json<PushSubscriptionView[]>().map((view) => view.id)
    expect(kept).toHaveLength(subscriptionsPerUser)
    expect(kept).not.toContain(ids[0])
    expect(kept).toContain(ids[subscriptionsPerUser])
  })

  it('answers the VAPID public key, the same on every call and instance', async () => {
    const guardian = await newGuardian(test.db, 'espoo', 'Avain Huoltaja')
    const first = (await notificationsOf(test.app, 'espoo', guardian.token).vapidKey()).json<{
      publicKey: string
    }>()
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65)
    const second = await test.secondInstance()
    const again = (await notificationsOf(second, 'espoo', guardian.token).vapidKey()).json<{
      publicKey: string
    }>()
    expect(again).toEqual(first)
  })

  it('forgets devices with no delivery for the retention period, and marks older than 3 days', async () => {
    const guardian = await newGuardian(test.db, 'espoo', 'Vanha Laite')
    const calls = notificationsOf(test.app, 'espoo', guardian.token)
    const ids: string[] = []
    for (let index = 0; index < 3; index++)
      ids.push((await calls.subscribe(standIn.device())).json<PushSubscriptionView>().id)
    const [stale, deliveredLately, fresh] = ids as [string, string, string]
    await sql`update push_subscriptions set created_at = now() - interval '121 days' where id = ${stale}`.execute(
      test.db,
    )
    await sql`update push_subscriptions set created_at = now() - interval '300 days',
      last_delivered_at = now() - interval '10 days' where id = ${deliveredLately}`.execute(test.db)
    await sql`insert into notification_marks (tenant_id, user_id, mark, created_at) values
      ('espoo', ${guardian.userId}, 'reminder:old', now() - interval '4 days'),
      ('espoo', ${guardian.userId}, 'reminder:new', now() - interval '1 day')`.execute(test.db)

    const counts = await runRetention(test.db, {
      positionRetentionDays: null,
      messageRetentionDays: null,
      pushSubscriptionRetentionDays: 120,
      changeFeedRetentionDays: 30,
      emailRetentionDays: 30,
    })
    expect(counts).toMatchObject({ pushSubscriptions: 1, notificationMarks: 1 })
    const kept = (await calls.subscriptions()).json<PushSubscriptionView[]>().map((view) => view.id)
    expect(kept.sort()).toEqual([deliveredLately, fresh].sort())
    const marks = await sql<{ mark: string }>`
      select mark from notification_marks where user_id = ${guardian.userId}`.execute(test.db)
    expect(marks.rows.map((row) => row.mark)).toEqual(['reminder:new'])
  })
})

describeOnPostgres('the device limit under concurrent subscribes', (backend) => {
  let test: TestApp
  let standIn: PushServiceStandIn

  beforeAll(async () => {
    standIn = await startPushServiceStandIn()
    test = await createTestApp(backend, { config: { pushSender: false } })
  })
  afterAll(async () => {
    await test.close()
    await standIn.close()
  })

  it(`keeps at most ${subscriptionsPerUser} devices of a user subscribing ${2 * subscriptionsPerUser} at once on two instances`, async () => {
    const guardian = await newGuardian(test.db, 'espoo', 'Kiireinen Huoltaja')
    const instances = [test.app, await test.secondInstance()]
    const responses = await Promise.all(
      Array.from({ length: 2 * subscriptionsPerUser }, (_, index) =>
        notificationsOf(instances[index % 2]!, 'espoo', guardian.token).subscribe(standIn.device()),
      ),
    )
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200))
    const kept = await sql<{ n: number }>`
      select count(*)::int as n from push_subscriptions where user_id = ${guardian.userId}`.execute(test.db)
    expect(kept.rows[0]!.n).toBe(subscriptionsPerUser)
  })
})
