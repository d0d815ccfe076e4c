import { randomUUID } from 'node:crypto'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { NotificationKind } from '../../src/contract'
import type { OperatorTripEvent } from '../../src/contract/operator'
import { openDatabase } from '../../server/db/connect'
import { tenantDb } from '../../server/db/tenantDb'
import { sendOperatorMessage } from '../../server/outbox/operatorMessages'
import { notificationData, type NotificationData } from '../../server/domain/notificationData'
import { sendReminders, startReminders } from '../../server/notifications/reminders'
import { simulateTenant } from '../../server/simulator/simulator'
import { isNoShow } from '../../server/simulator/tripSteps'
import { appendOperatorEvent } from '../../server/trips/operatorEvents'
import { api, createTestApp, type TestApp } from './support/app'
import { backends } from './support/database'
import { storeDevice } from './support/push'
import { messagesOf, newGuardian, operatorMessagesOf } from './support/messages'
import { simulatedClock } from './support/simulatedClock'
import { address, bookTrip, helsinkiIn, operatorEvent, timeZone } from './support/trips'

interface Delivery {
  userId: string
  kind: string
  data: NotificationData
  topic: string | null
  urgency: string
  seconds: number
}

describe.each(backends)('notification producers on $name', (backend) => {
  let test: TestApp
  const espoo = () => tenantDb(test.db, 'espoo')

  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo'] })
  })
  afterAll(() => test.close())

  /** `count` devices of the user, as the subscription route stores them. */
  const subscribe = async (userId: string, count = 1) => {
    for (let index = 0; index < count; index++) await storeDevice(test.db, 'espoo', userId)
  }

  const switchOff = (userId: string, passengerId: string, kind: NotificationKind) =>
    test.db
      .insertInto('notification_switches')
      .values({ tenant_id: 'espoo', user_id: userId, passenger_id: passengerId, kind, enabled: false })
      .execute()

  const settle = (userId: string, settings: { eta_minutes?: number; reminder_time?: string }) =>
    test.db
      .insertInto('notification_settings')
      .values({ tenant_id: 'espoo', user_id: userId, ...settings })
      .execute()

  /** Another guardian of the passenger. */
  const coGuardian = async (passengerId: string, name: string) => {
    const user = await espoo().users.create({ name })
    await espoo().passengers.grant(user.id, [passengerId])
    return user.id
  }

  /** A family: a passenger with four guardians, two devices, one, one with pickups off, and none. */
  const family = async () => {
    const first = await newGuardian(test.db, 'espoo', 'Ensi Huoltaja')
    const passengerId = first.passengerIds[0]!
    const second = await coGuardian(passengerId, 'Toinen Huoltaja')
    const quiet = await coGuardian(passengerId, 'Hiljainen Huoltaja')
    const deviceless = await coGuardian(passengerId, 'Laitteeton Huoltaja')
    await subscribe(first.userId, 2)
    await subscribe(second)
    await subscribe(quiet)
    await switchOff(quiet, passengerId, 'pickedUp')
    return { passengerId, token: first.token, first: first.userId, second, quiet, deviceless }
  }

  /** Queued rows of these users, oldest first. */
  const deliveries = async (userIds: readonly string[]): Promise<Delivery[]> => {
    const rows = await test.db
      .selectFrom('push_deliveries')
      .innerJoin('push_subscriptions', (join) =>
        join
          .onRef('push_subscriptions.id', '=', 'push_deliveries.subscription_id')
          .onRef('push_subscriptions.tenant_id', '=', 'push_deliveries.tenant_id'),
      )
      .where('push_subscriptions.user_id', 'in', userIds)
      .select([
        'push_subscriptions.user_id as userId',
        'push_deliveries.kind',
        'push_deliveries.data',
        'push_deliveries.topic',
        'push_deliveries.urgency',
        'push_deliveries.created_at',
        'push_deliveries.expires_at',
        'push_deliveries.id',
      ])
      .orderBy('push_deliveries.id')
      .execute()
    return rows.map((row) => ({
      userId: row.userId,
      kind: row.kind,
      data: notificationData.parse(row.data),
      topic: row.topic,
      urgency: row.urgency,
      // The expiry counts from the event, the creation from the statement: a moment apart.
      seconds: Math.round(row.created_at.until(row.expires_at).total('seconds')),
    }))
  }

  const clearOutbox = () => test.db.deleteFrom('push_deliveries').execute()

  const event = async (tripId: string, body: OperatorTripEvent) => {
    const response = await operatorEvent(test.app, 'espoo', tripId, body)
    expect(response.statusCode, response.body).toBe(200)
  }

  /** Who got `kind` and how many rows each, by user. */
  const tally = (rows: readonly Delivery[], kind: string) => {
    const counts: Record<string, number> = {}
    for (const row of rows.filter((r) => r.kind === kind)) counts[row.userId] = (counts[row.userId] ?? 0) + 1
    return counts
  }

  it('tells every device of each guardian with the switch on of the car waiting, a pickup, a drop-off, a no-show and the operator’s cancellation', async () => {
    const f = await family()
    const users = [f.first, f.second, f.quiet, f.deviceless]
    const trip = await bookTrip(test.app, 'espoo', { passengerId: f.passengerId, start: helsinkiIn(20) })
    await event(trip.id, {
      type: 'dispatched',
      car: { name: 'Taksi 1', registerNumber: null, phone: null, driverName: null },
    })
    expect(await deliveries(users)).toEqual([])

    await event(trip.id, { type: 'carWaiting' })
    await event(trip.id, { type: 'pickedUp', eta: null })
    await event(trip.id, { type: 'droppedOff' })
    const rows = await deliveries(users)
    expect(tally(rows, 'waiting')).toEqual({ [f.first]: 2, [f.second]: 1, [f.quiet]: 1 })
    expect(tally(rows, 'pickedUp')).toEqual({ [f.first]: 2, [f.second]: 1 })
    expect(tally(rows, 'droppedOff')).toEqual({ [f.first]: 2, [f.second]: 1, [f.quiet]: 1 })
    const waiting = rows.find((row) => row.kind === 'waiting')!
    expect(waiting.data).toMatchObject({
      kind: 'waiting',
      passengerId: f.passengerId,
      firstName: 'Lapsi',
      tripId: trip.id,
      date: trip.date,
    })
    expect((waiting.data as { at: string }).at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/)
    expect(waiting).toMatchObject({ urgency: 'high', seconds: 600, topic: expect.any(String) as string })

    const absent = await bookTrip(test.app, 'espoo', { passengerId: f.passengerId, start: helsinkiIn(30) })
    await event(absent.id, { type: 'carWaiting' })
    await event(absent.id, { type: 'noShow' })
    const cancelled = await bookTrip(test.app, 'espoo', { passengerId: f.passengerId, start: helsinkiIn(90) })
    await event(cancelled.id, { type: 'cancelled', reason: 'Auto rikki' })
    const later = await deliveries(users)
    expect(tally(later, 'noShow')).toEqual({ [f.first]: 2, [f.second]: 1, [f.quiet]: 1 })
    expect(tally(later, 'tripCancelled')).toEqual({ [f.first]: 2, [f.second]: 1, [f.quiet]: 1 })
    expect(later.find((row) => row.kind === 'tripCancelled')).toMatchObject({
      topic: null,
      data: { tripId: cancelled.id, startAt: expect.stringMatching(/[+-]\d\d:\d\d$/) as string },
    })
  })

  it('tells of a trip the operator moved within its day, with both starts; another day or after the pickup is refused', async () => {
    const f = await family()
    const users = [f.first, f.second, f.quiet, f.deviceless]
    const at = (zoned: Temporal.ZonedDateTime) => zoned.toString({ timeZoneName: 'never' })
    // Tomorrow at 10, so that half an hour later is the same day at any hour the test runs.
    const start = helsinkiIn(24 * 60).with({ hour: 10, minute: 0, second: 0 })
    const trip = await bookTrip(test.app, 'espoo', { passengerId: f.passengerId, start })
    await clearOutbox()
    const moved = start.add({ minutes: 30 })
    await event(trip.id, { type: 'rescheduled', start: at(moved), end: at(moved.add({ minutes: 30 })) })
    const rows = await deliveries(users)
    expect(tally(rows, 'tripTimeChanged')).toEqual({ [f.first]: 2, [f.second]: 1, [f.quiet]: 1 })
    expect(rows[0]!.data).toMatchObject({
      kind: 'tripTimeChanged',
      tripId: trip.id,
      date: trip.date,
      startAt: at(moved),
      previousStartAt: at(start),
    })
    const trips = (
      await api(test.app, 'espoo', f.token, { url: `/api/passenger/${f.passengerId}/trips` })
    ).json() as { id: string; startDateTime: string }[]
    const shown = trips.find((candidate) => candidate.id === trip.id)!
    expect(Temporal.Instant.from(shown.startDateTime).equals(moved.toInstant())).toBe(true)

    // The same time again tells nobody anything.
    await clearOutbox()
    await event(trip.id, { type: 'rescheduled', start: at(moved), end: at(moved.add({ minutes: 40 })) })
    expect(await deliveries(users)).toEqual([])

    const nextDay = start.add({ days: 1 })
    const otherDay = await operatorEvent(test.app, 'espoo', trip.id, {
      type: 'rescheduled',
      start: at(nextDay),
      end: at(nextDay.add({ minutes: 30 })),
    })
    expect(otherDay.statusCode).toBe(400)
    expect(otherDay.json()).toMatchObject({ errors: [{ property: 'start', error: 'other_day' }] })
    const backwards = await operatorEvent(test.app, 'espoo', trip.id, {
      type: 'rescheduled',
      start: at(moved),
      end: at(moved.subtract({ minutes: 5 })),
    })
    expect(backwards.statusCode).toBe(400)
    expect(backwards.json()).toMatchObject({ errors: [{ property: 'end', error: 'before_start' }] })
    await event(trip.id, { type: 'pickedUp', eta: null })
    const late = await operatorEvent(test.app, 'espoo', trip.id, {
      type: 'rescheduled',
      start: at(start),
      end: at(start.add({ minutes: 30 })),
    })
    expect(late.statusCode).toBe(409)
    expect(late.json()).toMatchObject({ errors: [{ property: 'type', error: 'picked_up' }] })
  })

  it('queues in the event’s own transaction: an event rolled back leaves no row', async () => {
    const f = await family()
    const trip = await bookTrip(test.app, 'espoo', { passengerId: f.passengerId, start: helsinkiIn(15) })
    const aborted = new Error('rolled back after the event')
    await expect(
      test.db.transaction().execute(async (trx) => {
        await appendOperatorEvent(
          tenantDb(trx, 'espoo'),
          trip.id,
          { type: 'carWaiting' },
          Temporal.Now.instant(),
        )
        const queued = await trx
          .selectFrom('push_deliveries')
          .select('id')
          .where('tenant_id', '=', 'espoo')
          .execute()
        expect(queued.length).toBeGreaterThanOrEqual(4)
        throw aborted
      }),
    ).rejects.toBe(aborted)
    expect(await deliveries([f.first, f.second, f.quiet])).toEqual([])
    expect((await espoo().trips.find(trip.id))!.statusCode).not.toBe(11)
    await event(trip.id, { type: 'carWaiting' })
    expect(tally(await deliveries([f.first]), 'waiting')).toEqual({ [f.first]: 2 })
  })

  it('tells nobody of a guardian’s own cancellation or own message', async () => {
    const f = await family()
    const trip = await bookTrip(test.app, 'espoo', { passengerId: f.passengerId, start: helsinkiIn(120) })
    const cancel = await api(test.app, 'espoo', f.token, {
      method: 'POST',
      url: '/api/trip/cancel',
      payload: { trips: [trip], reason: 'Sairas' },
    })
    expect(cancel.statusCode, cancel.body).toBe(200)
    const sent = await messagesOf(test.app, 'espoo', f.token).send({
      passengerId: f.passengerId,
      content: 'Hei',
    })
    expect(sent.statusCode, sent.body).toBe(200)
    expect(await deliveries([f.first, f.second, f.quiet])).toEqual([])
  })

  it('tells of the operator’s message, saying whether it asks for a confirmation, but not to the user it is about nor with the switch off', async () => {
    const f = await family()
    const operator = operatorMessagesOf(test.app, 'espoo')
    await operator.send(f.passengerId, { content: 'Auto myöhässä' })
    await operator.send(f.passengerId, {
      content: 'Vahvistakaa',
      requestConfirmation: true,
      senderName: 'Maija',
    })
    const rows = await deliveries([f.first, f.second, f.quiet])
    expect(tally(rows, 'message')).toEqual({ [f.first]: 4, [f.second]: 2, [f.quiet]: 2 })
    expect(rows.filter((row) => row.userId === f.second).map((row) => row.data)).toEqual([
      expect.objectContaining({ operatorName: 'Espoon asiointiliikenne', confirmationRequested: false }),
      expect.objectContaining({ operatorName: 'Maija', confirmationRequested: true, firstName: 'Lapsi' }),
    ])
    // A notice written for a user's own action (a guardian who joined) is not news to that user.
    await clearOutbox()
    const joined = { content: 'Uusi huoltaja', requestConfirmation: false }
    await sendOperatorMessage(espoo(), f.passengerId, joined, Temporal.Now.instant(), f.first)
    expect(tally(await deliveries([f.first, f.second]), 'message')).toEqual({ [f.second]: 1 })
    await switchOff(f.second, f.passengerId, 'message')
    await clearOutbox()
    await operator.send(f.passengerId, { content: 'Taas' })
    expect(tally(await deliveries([f.first, f.second]), 'message')).toEqual({ [f.first]: 2 })
  })

  it('tells of a booking approved, and of one refused with the reason’s code when it is one', async () => {
    const f = await family()
    const requested = async () => {
      const id = `trip-${randomUUID()}`
      const start = helsinkiIn(600).toInstant()
      await espoo().trips.recordNewTrips([
        {
          id,
          events: [
            {
              type: 'requested',
              seq: 1,
              at: Temporal.Now.instant(),
              passengerId: f.passengerId,
              start,
              end: start.add({ minutes: 30 }),
              startPlaceId: null,
              endPlaceId: null,
              startAddress: address('Koti'),
              endAddress: address('Koulu'),
              viaPoints: [],
              deductibleCents: null,
              note: null,
              allowEtaQuery: true,
              allowReview: true,
              request: {
                permissionId: 'none',
                periodStartDate: '2026-01-01',
                express: false,
                passengerCount: 1,
                phone: null,
                email: null,
                extraIds: [],
                withAttendant: false,
              },
            },
          ],
        },
      ])
      return id
    }
    const approved = await requested()
    const refused = await requested()
    const unexplained = await requested()
    await event(approved, { type: 'approved' })
    await event(refused, { type: 'refused', reason: 'booking_no_quota' })
    await event(unexplained, { type: 'refused', reason: 'Ei autoja' })
    const rows = (await deliveries([f.second])).map((row) => row.data)
    expect(rows).toEqual([
      expect.objectContaining({ kind: 'bookingApproved', tripId: approved }),
      expect.objectContaining({ kind: 'bookingRefused', tripId: refused, reason: 'booking_no_quota' }),
      expect.objectContaining({ kind: 'bookingRefused', tripId: unexplained, reason: null }),
    ])
  })

  it('says the car is near once per trip and user, at each user’s own minutes', async () => {
    const f = await family()
    await settle(f.second, { eta_minutes: 20 })
    const start = helsinkiIn(60)
    const trip = await bookTrip(test.app, 'espoo', { passengerId: f.passengerId, start })
    const etd = start.toInstant().toString()
    const before = (minutes: number) => start.subtract({ minutes }).toInstant().toString()
    const nearBy = async () => tally(await deliveries([f.first, f.second, f.quiet, f.deviceless]), 'eta')
    const position = {
      type: 'position',
      location: { latitude: 60.2, longitude: 24.6 },
      eta: null,
      etd,
    } as const

    await event(trip.id, { type: 'enRoute', at: before(25), etd })
    expect(await nearBy()).toEqual({})
    await event(trip.id, { ...position, at: before(18) })
    expect(await nearBy()).toEqual({ [f.second]: 1 })
    await event(trip.id, { ...position, at: before(15) })
    expect(await nearBy()).toEqual({ [f.second]: 1 })
    await event(trip.id, { ...position, at: before(9) })
    expect(await nearBy()).toEqual({ [f.first]: 2, [f.second]: 1, [f.quiet]: 1 })
    await event(trip.id, { ...position, at: before(3) })
    expect(await nearBy()).toEqual({ [f.first]: 2, [f.second]: 1, [f.quiet]: 1 })
    const alert = (await deliveries([f.second])).find((row) => row.kind === 'eta')!
    expect(alert.data).toMatchObject({
      minutes: 18,
      tripId: trip.id,
      at: expect.stringMatching(/[+-]\d\d:\d\d$/) as string,
    })
    const marks = await test.db
      .selectFrom('notification_marks')
      .select(['user_id', 'mark'])
      .where('mark', '=', `eta:${trip.id}:${trip.date}`)
      .execute()
    // A guardian with no device gets no mark: one added later still hears of the next trip.
    expect(marks.map((row) => row.user_id).sort()).toEqual([f.first, f.second, f.quiet].sort())
  })

  it('tells subscribed users of the demo simulator’s trips, which go through the operator’s path', async () => {
    const f = await family()
    const start = helsinkiIn(50).toInstant()
    const trip = await bookTrip(test.app, 'espoo', {
      passengerId: f.passengerId,
      start: start.toZonedDateTimeISO(timeZone),
    })
    for (const minutes of [-46, -24, -9, -2, 1, 6]) await simulateTenant(espoo(), start.add({ minutes }))
    const kinds = (await deliveries([f.second]))
      .filter((row) => 'tripId' in row.data && row.data.tripId === trip.id)
      .map((row) => row.kind)
    expect(kinds).toEqual(['eta', 'waiting', isNoShow(trip.id) ? 'noShow' : 'pickedUp'])
  })

  describe('the evening reminder', () => {
    const day = Temporal.PlainDate.from('2030-03-10')
    const at = (date: Temporal.PlainDate, time: string) =>
      date.toZonedDateTime({ timeZone, plainTime: Temporal.PlainTime.from(time) })

    const reminders = async (userIds: readonly string[]) =>
      (await deliveries(userIds)).filter((row) => row.kind === 'reminder')

    it('comes once at the chosen time with tomorrow’s trips, earliest first, from any number of runners', async () => {
      const parent = await newGuardian(test.db, 'espoo', 'Ilta Huoltaja', 2)
      const [older, younger] = parent.passengerIds as [string, string]
      await subscribe(parent.userId, 2)
      await settle(parent.userId, { reminder_time: '19:30' })
      const book = (passengerId: string, time: string, date = day) =>
        bookTrip(test.app, 'espoo', { passengerId, start: at(date, time) })
      const school = await book(older, '08:00')
      const early = await book(younger, '07:30')
      const cancelled = await book(younger, '09:00')
      await event(cancelled.id, { type: 'cancelled', reason: 'Peruttu' })
      await book(older, '08:00', day.add({ days: 1 }))
      // A guardian with no trips tomorrow hears nothing.
      const idle = await newGuardian(test.db, 'espoo', 'Vapaa Huoltaja')
      await subscribe(idle.userId)

      const clock = simulatedClock(at(day.subtract({ days: 1 }), '19:00').toInstant())
      const log = { error: (...args: unknown[]) => expect.fail(`runner failed: ${String(args[1])}`) }
      const other = backend.databaseUrl
        ? await openDatabase({ databaseUrl: backend.databaseUrl, pgliteDir: null, schema: test.schema! })
        : test.db
      const runners = [
        startReminders({ db: test.db, clock, log, tenants: ['espoo'] }),
        startReminders({ db: other, clock, log, tenants: ['espoo'] }),
      ]
      try {
        await clock.advance({ minutes: 29 })
        expect(await reminders([parent.userId, idle.userId])).toEqual([])
        await clock.advance({ minutes: 2 })
        const sent = await reminders([parent.userId, idle.userId])
        expect(sent).toHaveLength(2)
        expect(sent[0]!.data).toEqual({
          kind: 'reminder',
          date: day.toString(),
          trips: [
            {
              passengerId: younger,
              firstName: 'Lapsi',
              tripId: early.id,
              date: day.toString(),
              startAt: '2030-03-10T07:30:00+02:00',
            },
            {
              passengerId: older,
              firstName: 'Lapsi',
              tripId: school.id,
              date: day.toString(),
              startAt: '2030-03-10T08:00:00+02:00',
            },
          ],
        })
        expect(sent[0]).toMatchObject({ urgency: 'normal', topic: null })
        await clock.advance({ hours: 2 })
        // Two instances at once: the mark's key lets one of them queue.
        const both = await Promise.all([
          sendReminders(tenantDb(test.db, 'espoo'), clock.now()),
          sendReminders(tenantDb(other, 'espoo'), clock.now()),
        ])
        expect(both).toEqual([0, 0])
        expect(await reminders([parent.userId, idle.userId])).toHaveLength(2)
      } finally {
        for (const runner of runners) await runner.stop()
        if (other !== test.db) await other.destroy()
      }
    })

    it('is not sent for a day once its eve has passed, nor with the switch off, nor twice when two instances race', async () => {
      const parent = await newGuardian(test.db, 'espoo', 'Myöhä Huoltaja')
      const passengerId = parent.passengerIds[0]!
      const second = await coGuardian(passengerId, 'Sammutettu Huoltaja')
      await bookTrip(test.app, 'espoo', { passengerId, start: at(day.add({ days: 5 }), '08:00') })
      await subscribe(second)
      await switchOff(second, passengerId, 'reminder')
      // Subscribed only after midnight: the day's own trips are not "tomorrow" any more.
      await subscribe(parent.userId)
      expect(await sendReminders(espoo(), at(day.add({ days: 5 }), '00:30').toInstant())).toBe(0)
      const other = backend.databaseUrl
        ? await openDatabase({ databaseUrl: backend.databaseUrl, pgliteDir: null, schema: test.schema! })
        : test.db
      try {
        const eve = at(day.add({ days: 4 }), '18:00').toInstant()
        const racing = await Promise.all([
          sendReminders(espoo(), eve),
          sendReminders(tenantDb(other, 'espoo'), eve),
        ])
        expect(racing.sort()).toEqual([0, 1])
      } finally {
        if (other !== test.db) await other.destroy()
      }
      expect(await reminders([parent.userId])).toHaveLength(1)
      expect(await reminders([second])).toEqual([])
    })
  })
})
