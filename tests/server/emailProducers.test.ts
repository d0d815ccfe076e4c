import { randomUUID } from 'node:crypto'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { NotificationKind } from '../../src/contract'
import type { OperatorTripEvent } from '../../src/contract/operator'
import { tenantDb } from '../../server/db/tenantDb'
import { mailData } from '../../server/domain/mailData'
import { sendReminders } from '../../server/notifications/reminders'
import { sendOperatorMessage } from '../../server/outbox/operatorMessages'
import { createTestApp, type TestApp } from './support/app'
import { backends } from './support/database'
import { newGuardian } from './support/messages'
import { storeDevice } from './support/push'
import { bookTrip, helsinkiIn, operatorEvent, timeZone } from './support/trips'

/**
 * Notifications by e-mail beside push (server/outbox/enqueue.ts): which guardians get a mail row, in the event's
 * transaction; the sender and its texts are tested elsewhere.
 */
describe.each(backends)('notification mails queued on $name', (backend) => {
  let test: TestApp
  const espoo = () => tenantDb(test.db, 'espoo')

  beforeAll(async () => {
    // The rows as queued: no sender claims them (it sends and clears their data).
    test = await createTestApp(backend, {
      seed: ['espoo'],
      config: { email: { mode: 'demo', from: 'noreply@example.fi', sender: false } },
    })
  })
  afterAll(() => test.close())

  type Address = 'confirmed' | 'unconfirmed' | 'undeliverable' | 'none'

  /** The user's address in the state named; a confirmed one is `{name}@example.fi`. */
  const address = async (
    userId: string,
    state: Address,
    extra: { locale?: 'sv'; portal_url?: string } = {},
  ) => {
    const now = Temporal.Now.instant()
    await test.db
      .updateTable('users')
      .set({
        email: state === 'none' ? null : `${userId}@example.fi`,
        email_verified_at: state === 'confirmed' || state === 'undeliverable' ? now : null,
        email_undeliverable_at: state === 'undeliverable' ? now : null,
        ...extra,
      })
      .where('tenant_id', '=', 'espoo')
      .where('id', '=', userId)
      .execute()
  }

  const emailSwitch = (userId: string, passengerId: string, kind: NotificationKind, enabled: boolean) =>
    test.db
      .insertInto('email_switches')
      .values({ tenant_id: 'espoo', user_id: userId, passenger_id: passengerId, kind, enabled })
      .execute()

  const coGuardian = async (passengerId: string, name: string) => {
    const user = await espoo().users.create({ name })
    await espoo().passengers.grant(user.id, [passengerId])
    return user.id
  }

  /**
   * A passenger with guardians of every kind of address: confirmed (and in Swedish on its own portal root),
   * confirmed with the trip changes' e-mail switch off, unconfirmed, undeliverable, none.
   */
  const family = async () => {
    const first = await newGuardian(test.db, 'espoo', 'Posti Huoltaja')
    const passengerId = first.passengerIds[0]!
    const swedish = await coGuardian(passengerId, 'Svensk Vårdnadshavare')
    const switchedOff = await coGuardian(passengerId, 'Ei Postia')
    const unconfirmed = await coGuardian(passengerId, 'Vahvistamaton')
    const undeliverable = await coGuardian(passengerId, 'Perillemenematon')
    const none = await coGuardian(passengerId, 'Osoitteeton')
    await address(first.userId, 'confirmed')
    await address(swedish, 'confirmed', { locale: 'sv', portal_url: 'https://example.fi/espoo' })
    await address(switchedOff, 'confirmed')
    await emailSwitch(switchedOff, passengerId, 'tripChanged', false)
    await address(unconfirmed, 'unconfirmed')
    await address(undeliverable, 'undeliverable')
    await address(none, 'none')
    const users = [first.userId, swedish, switchedOff, unconfirmed, undeliverable, none]
    return { passengerId, first: first.userId, swedish, switchedOff, users }
  }

  const mails = async (userIds: readonly string[]) => {
    const rows = await test.db
      .selectFrom('email_deliveries')
      .selectAll()
      .where('tenant_id', '=', 'espoo')
      .where('user_id', 'in', userIds)
      .orderBy('id')
      .execute()
    return rows.map((row) => {
      const data = mailData.parse(row.data)
      if (data.kind !== 'notification') throw new Error(`Not a notification: ${data.kind}`)
      return { ...row, notification: data.notification }
    })
  }

  /** The push rows of `kind` whose data `matches`. */
  const pushed = async (kind: string, matches: (data: Record<string, unknown>) => boolean) =>
    (
      await test.db
        .selectFrom('push_deliveries')
        .select('data')
        .where('tenant_id', '=', 'espoo')
        .where('kind', '=', kind)
        .execute()
    )
      .map((row) => row.data as Record<string, unknown>)
      .filter(matches)

  const event = async (tripId: string, body: OperatorTripEvent) => {
    const response = await operatorEvent(test.app, 'espoo', tripId, body)
    expect(response.statusCode, response.body).toBe(200)
  }

  it('mails the operator’s cancellation to confirmed addresses with the switch on, by default, in each one’s language and portal', async () => {
    const f = await family()
    const start = helsinkiIn(120)
    const trip = await bookTrip(test.app, 'espoo', { passengerId: f.passengerId, start })
    await event(trip.id, { type: 'cancelled', reason: 'Peruttu' })
    const rows = await mails(f.users)
    expect(rows.map((row) => row.user_id).sort()).toEqual([f.first, f.swedish].sort())
    const [mine, theirs] = [f.first, f.swedish].map((id) => rows.find((row) => row.user_id === id)!)
    expect(mine).toMatchObject({
      to_address: `${f.first}@example.fi`,
      kind: 'notification',
      state: 'pending',
      // Never said: the tenant's first production host's language and root.
      locale: 'fi',
      portal_url: 'https://espoo.matkaportaali.fi',
      notification: {
        kind: 'tripCancelled',
        tripId: trip.id,
        passengerId: f.passengerId,
        firstName: 'Lapsi',
      },
    })
    expect(theirs).toMatchObject({ locale: 'sv', portal_url: 'https://example.fi/espoo' })
    // A trip change is news until the trip starts.
    expect(mine!.expires_at.equals(start.toInstant())).toBe(true)
  })

  it('mails no live pickup alert unless its switch was turned on', async () => {
    const f = await family()
    await emailSwitch(f.swedish, f.passengerId, 'pickedUp', true)
    const trip = await bookTrip(test.app, 'espoo', { passengerId: f.passengerId, start: helsinkiIn(20) })
    await event(trip.id, { type: 'carWaiting' })
    await event(trip.id, { type: 'pickedUp', eta: null })
    const rows = await mails(f.users)
    expect(rows.map((row) => [row.user_id, row.notification.kind])).toEqual([[f.swedish, 'pickedUp']])
    const hours = Math.round(rows[0]!.created_at.until(rows[0]!.expires_at).total('minutes'))
    expect(hours).toBeGreaterThanOrEqual(59)
  })

  it('mails the operator’s message to every guardian but the one it was written for', async () => {
    const f = await family()
    const message = { content: 'Hei', requestConfirmation: false }
    await sendOperatorMessage(espoo(), f.passengerId, message, Temporal.Now.instant(), f.first)
    const rows = await mails(f.users)
    // The switched-off guardian turned off only trip changes: messages are on by default.
    expect(rows.map((row) => row.user_id).sort()).toEqual([f.swedish, f.switchedOff].sort())
    expect(rows[0]!.notification).toMatchObject({ kind: 'message', confirmationRequested: false })
  })

  it('queues nothing when the event’s transaction is rolled back', async () => {
    const f = await family()
    const message = { content: 'Hei', requestConfirmation: false }
    await expect(
      espoo().transaction(async (trx) => {
        await sendOperatorMessage(trx, f.passengerId, message, Temporal.Now.instant())
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(await mails(f.users)).toEqual([])
  })

  it('mails the car is near once per trip and user across both channels, at the user’s minutes', async () => {
    const f = await family()
    // One by push and mail, one by mail only: each gets it once whatever the number of events.
    await storeDevice(test.db, 'espoo', f.first)
    await emailSwitch(f.first, f.passengerId, 'eta', true)
    await emailSwitch(f.swedish, f.passengerId, 'eta', true)
    const start = helsinkiIn(60)
    const trip = await bookTrip(test.app, 'espoo', { passengerId: f.passengerId, start })
    const etd = start.toInstant().toString()
    const at = (minutes: number) => start.subtract({ minutes }).toInstant().toString()
    const position = {
      type: 'position',
      location: { latitude: 60.2, longitude: 24.6 },
      eta: null,
      etd,
    } as const
    await event(trip.id, { type: 'enRoute', at: at(25), etd })
    expect(await mails(f.users)).toEqual([])
    await event(trip.id, { ...position, at: at(9) })
    await event(trip.id, { ...position, at: at(4) })
    const rows = await mails(f.users)
    expect(rows.map((row) => row.user_id).sort()).toEqual([f.first, f.swedish].sort())
    expect(rows[0]!.notification).toMatchObject({ kind: 'eta', minutes: 9 })
    expect(await pushed('eta', (data) => data.tripId === trip.id)).toHaveLength(1)
    const marks = await test.db
      .selectFrom('notification_marks')
      .select('user_id')
      .where('tenant_id', '=', 'espoo')
      .where('mark', '=', `eta:${trip.id}:${trip.date}`)
      .execute()
    expect(marks.map((row) => row.user_id).sort()).toEqual([f.first, f.swedish].sort())
  })

  describe('the evening reminder', () => {
    const day = Temporal.PlainDate.from('2031-05-12')
    const at = (date: Temporal.PlainDate, time: string) =>
      date.toZonedDateTime({ timeZone, plainTime: Temporal.PlainTime.from(time) })

    it('is mailed to a confirmed address without a device, and once per user and date across channels', async () => {
      const f = await family()
      const second = await newGuardian(test.db, 'espoo', 'Kaksi Lasta', 2)
      const [mailedChild, pushedChild] = second.passengerIds as [string, string]
      await address(second.userId, 'confirmed')
      await storeDevice(test.db, 'espoo', second.userId)
      // The first child's reminder by mail only, the second's by push only.
      await test.db
        .insertInto('notification_switches')
        .values({
          tenant_id: 'espoo',
          user_id: second.userId,
          passenger_id: mailedChild,
          kind: 'reminder',
          enabled: false,
        })
        .execute()
      await emailSwitch(second.userId, pushedChild, 'reminder', false)
      await bookTrip(test.app, 'espoo', { passengerId: f.passengerId, start: at(day, '08:15') })
      const mailedTrip = await bookTrip(test.app, 'espoo', {
        passengerId: mailedChild,
        start: at(day, '07:45'),
      })
      const pushedTrip = await bookTrip(test.app, 'espoo', {
        passengerId: pushedChild,
        start: at(day, '09:00'),
      })

      const eve = at(day.subtract({ days: 1 }), '18:05').toInstant()
      const both = await Promise.all([sendReminders(espoo(), eve), sendReminders(espoo(), eve)])
      // Three of the family (a device or a confirmed address) and the second guardian, whichever run was first.
      expect(both[0] + both[1]).toBe(4)
      expect(await sendReminders(espoo(), eve.add({ minutes: 30 }))).toBe(0)

      const rows = await mails([...f.users, second.userId])
      expect(rows.map((row) => row.user_id).sort()).toEqual(
        [f.first, f.swedish, f.switchedOff, second.userId].sort(),
      )
      const mine = rows.find((row) => row.user_id === f.first)!
      expect(mine.notification).toMatchObject({ kind: 'reminder', date: day.toString() })
      expect(mine.expires_at.equals(at(day, '08:15').toInstant())).toBe(true)
      const secondMail = rows.find((row) => row.user_id === second.userId)!
      expect(secondMail.notification).toMatchObject({ trips: [{ tripId: mailedTrip.id }] })
      const pushes = await pushed('reminder', (data) => data.date === day.toString())
      expect(pushes).toMatchObject([{ trips: [{ tripId: pushedTrip.id }] }])
    })
  })

  it('mails nobody whose address was never given, whatever the switches', async () => {
    const user = await newGuardian(test.db, 'espoo', 'Vain Push')
    await emailSwitch(user.userId, user.passengerIds[0]!, 'tripChanged', true)
    const trip = await bookTrip(test.app, 'espoo', {
      passengerId: user.passengerIds[0]!,
      start: helsinkiIn(60),
    })
    await event(trip.id, { type: 'cancelled', reason: `Peruttu ${randomUUID()}` })
    expect(await mails([user.userId])).toEqual([])
  })
})
