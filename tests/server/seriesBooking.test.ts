import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Passenger, Place } from '../../src/contract/passenger'
import type { SeriesBookingRequest, SeriesBookingResponse } from '../../src/contract/series'
import type { Trip } from '../../src/contract/trip'
import { bookedDates, seriesDates, type Weekday } from '../../src/domain/series/seriesDates'
import type { PermissionRecord } from '../../server/db/repositories/permissions'
import { tenantDb } from '../../server/db/tenantDb'
import { demoOperatorKey } from '../../server/demo/operatorKeys'
import { api, createTestApp, testPort, tokenFor, type TestApp } from './support/app'
import { backends } from './support/database'
import { feedOf } from './support/operatorChanges'
import { homeToMain, permissionRecord } from './support/bookings'
import { timeZone } from './support/trips'

const today = () => Temporal.Now.plainDateISO(timeZone)

/** Every Tuesday and Thursday for three weeks from the first Tuesday after tomorrow, at 08:00. */
function tuesdaysAndThursdays(
  weeks = 3,
  holidays: { date: string; name: string }[] = [],
): Temporal.PlainDate[] {
  let first = today().add({ days: 2 })
  while (first.dayOfWeek !== 2) first = first.add({ days: 1 })
  const days = new Set<Weekday>([2, 4])
  const until = first.add({ weeks }).subtract({ days: 1 })
  return bookedDates(
    seriesDates({ first, days, until, includeHolidays: false, removed: new Set() }, holidays),
  )
}

describe.each(backends)('standing orders on $name', (backend) => {
  let test: TestApp
  let token: string
  let passenger: Passenger
  let places: Place[]
  let second: FastifyInstance

  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo'], config: { demoApprovalDelayMs: null } })
    token = await tokenFor(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    passenger = (await api(test.app, 'espoo', token, { url: '/api/passenger' })).json<Passenger[]>()[0]!
    places = (await api(test.app, 'espoo', token, { url: `/api/passenger/${passenger.id}/places` })).json()
    second = await test.secondInstance()
  })
  afterAll(() => test.close())

  async function permission(period: Partial<PermissionRecord['periods'][number]> = {}): Promise<string> {
    const record = permissionRecord(passenger.id, {}, period)
    await tenantDb(test.db, 'espoo').transaction((db) => db.permissions.insertMany([record]))
    return record.id
  }

  const used = async (id: string) =>
    (await tenantDb(test.db, 'espoo').permissions.find(id))!.periods[0]!.usedQuota

  function series(
    permissionId: string,
    dates: readonly Temporal.PlainDate[],
    changes: Partial<SeriesBookingRequest> = {},
  ): SeriesBookingRequest {
    const at8 = dates[0]!
      .toZonedDateTime({ timeZone, plainTime: '08:00' })
      .toString({ timeZoneName: 'never' })
    const booking = homeToMain(passenger, places, permissionId, at8)
    return {
      booking,
      weekdays: [2, 4],
      until: dates.at(-1)!.toString(),
      dates: dates.map(String),
      fitOnly: false,
      ...changes,
    }
  }

  const post = (payload: SeriesBookingRequest, key = randomUUID(), app = test.app, language = 'en') =>
    api(app, 'espoo', token, {
      method: 'POST',
      url: '/api/booking/series',
      payload,
      headers: { 'idempotency-key': key, 'accept-language': language },
    })

  const operator = (method: 'GET' | 'POST', url: string, payload?: object) =>
    test.app.inject({
      method,
      url,
      headers: { host: `espoo.localhost:${testPort}`, 'x-api-key': demoOperatorKey('espoo') },
      ...(payload ? { payload } : {}),
    })

  const tripsShown = async () =>
    (await api(test.app, 'espoo', token, { url: `/api/passenger/${passenger.id}/trips` })).json<Trip[]>()

  it('books every date at the first ride’s wall-clock time, once per key, each ride a trip awaiting approval with the series', async () => {
    const id = await permission()
    const dates = tuesdaysAndThursdays()
    const key = randomUUID()
    const response = await post(series(id, dates), key)
    expect(response.statusCode).toBe(200)
    const booked = response.json<SeriesBookingResponse>()
    expect(booked.booked.map((ride) => ride.date)).toEqual(dates.map(String))
    expect(booked.skipped).toEqual([])
    expect(await used(id)).toBe(dates.length)
    // The same key gives the same answer and books nothing more.
    expect((await post(series(id, dates), key)).json()).toEqual(booked)
    expect(await used(id)).toBe(dates.length)

    const seen = (await operator('GET', `/api/operator/series/${booked.seriesId}`)).json()
    expect(seen).toMatchObject({
      id: booked.seriesId,
      passengerId: passenger.id,
      weekdays: [2, 4],
      until: dates.at(-1)!.toString(),
    })
    expect(seen.trips.map((ride: { date: string }) => ride.date)).toEqual(dates.map(String))
    for (const ride of seen.trips as { startDateTime: string; approval: string }[]) {
      // 08:00 in Helsinki on every date, whatever its offset.
      expect(Temporal.ZonedDateTime.from(`${ride.startDateTime}[${timeZone}]`).toPlainTime().toString()).toBe(
        '08:00:00',
      )
      expect(ride.approval).toBe('awaiting')
    }
    // Hidden until the operator approves each, then marked with its series.
    expect((await tripsShown()).filter((trip) => trip.series?.id === booked.seriesId)).toEqual([])
    await operator('POST', `/api/operator/trips/${booked.booked[0]!.tripId}/events`, { type: 'approved' })
    const shown = (await tripsShown()).filter((trip) => trip.series?.id === booked.seriesId)
    expect(shown.map((trip) => trip.id)).toEqual([booked.booked[0]!.tripId])
    expect(shown[0]!.series).toEqual({
      id: booked.seriesId,
      weekdays: [2, 4],
      until: dates.at(-1)!.toString(),
    })
    expect((await operator('GET', `/api/operator/series/${randomUUID()}`)).statusCode).toBe(404)
    // The operator finds the rides still awaiting its decision, each with its series.
    const awaiting = (await operator('GET', '/api/operator/bookings')).json<
      { tripId: string; date: string; seriesId: string | null }[]
    >()
    const rides = awaiting.filter((ride) => ride.seriesId === booked.seriesId)
    expect(rides.map((ride) => ride.tripId)).toEqual(booked.booked.slice(1).map((ride) => ride.tripId))
    expect(rides.map((ride) => ride.date)).toEqual(dates.slice(1).map(String))
  })

  it('books all or none: a date over the quota refuses the series, naming the date, and uses nothing', async () => {
    const dates = tuesdaysAndThursdays()
    const id = await permission({ usedQuota: 10 - (dates.length - 2) })
    const response = await post(series(id, dates))
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      code: 'booking_no_quota',
      errors: [
        { property: `dates.${dates.length - 2}`, error: 'booking_no_quota' },
        { error: 'booking_no_quota' },
      ],
    })
    expect(await used(id)).toBe(10 - (dates.length - 2))
  })

  it('books only the dates that fit when asked, listing the others with their reason', async () => {
    const dates = tuesdaysAndThursdays()
    const id = await permission({ usedQuota: 10 - (dates.length - 2) })
    const response = await post(series(id, dates, { fitOnly: true }))
    expect(response.statusCode).toBe(200)
    const booked = response.json<SeriesBookingResponse>()
    expect(booked.booked.map((ride) => ride.date)).toEqual(dates.slice(0, -2).map(String))
    expect(booked.skipped).toEqual(
      dates
        .slice(-2)
        .map((date) => ({ date: date.toString(), code: 'booking_no_quota', message: expect.any(String) })),
    )
    expect(await used(id)).toBe(10)
  })

  it('refuses dates off the weekdays, out of order, past the end, or an end past the permission', async () => {
    const dates = tuesdaysAndThursdays()
    const id = await permission()
    const cases: [SeriesBookingRequest, string][] = [
      [series(id, dates, { weekdays: [2] }), 'dates.1'],
      [series(id, [dates[0]!, dates[2]!, dates[1]!], { until: dates.at(-1)!.toString() }), 'dates.2'],
      [series(id, dates, { until: dates.at(-2)!.toString() }), `dates.${dates.length - 1}`],
      [series(id, dates, { dates: dates.slice(1).map(String) }), 'dates.0'],
      [series(id, dates, { until: today().add({ days: 61 }).toString() }), 'until'],
    ]
    for (const [payload, property] of cases) {
      const response = await post(payload)
      expect(response.statusCode, property).toBe(400)
      expect(response.json(), property).toMatchObject({ code: 'validation_failed', errors: [{ property }] })
    }
    expect(await used(id)).toBe(0)
  })

  it('says why a date or the end is refused in the request’s language', async () => {
    const dates = tuesdaysAndThursdays()
    const id = await permission()
    const offWeekday = series(id, dates, { weekdays: [2] })
    const pastLatest = series(id, dates, { until: today().add({ days: 61 }).toString() })
    const messages = async (language: string) =>
      Promise.all(
        [offWeekday, pastLatest].map(
          async (payload) =>
            (await post(payload, randomUUID(), test.app, language)).json<{ message: string }>().message,
        ),
      )
    expect(await messages('en')).toEqual([
      'This date is not on one of the weekdays the ride repeats on.',
      expect.stringMatching(/^The repeat ends by \d\d\.\d\d\.\d{4} at the latest\.$/),
    ])
    expect(await messages('fi')).toEqual([
      'Tämä päivä ei ole mikään niistä viikonpäivistä, joina matka toistuu.',
      expect.stringMatching(/^Toiston on päätyttävä viimeistään \d\d\.\d\d\.\d{4}\.$/),
    ])
    expect(await messages('sv')).toEqual([
      'Det här datumet infaller inte på någon av de veckodagar då resan upprepas.',
      expect.stringMatching(/^Upprepningen ska sluta senast \d\d\.\d\d\.\d{4}\.$/),
    ])
  })

  it("books a return just past midnight on the day after each of the dates, which name its outbound's days", async () => {
    const dates = tuesdaysAndThursdays(1)
    const id = await permission()
    const at0030 = dates[0]!
      .add({ days: 1 })
      .toZonedDateTime({ timeZone, plainTime: '00:30' })
      .toString({ timeZoneName: 'never' })
    const response = await post({ ...series(id, dates), booking: homeToMain(passenger, places, id, at0030) })
    expect(response.statusCode).toBe(200)
    expect(response.json<SeriesBookingResponse>().booked.map((ride) => ride.date)).toEqual(
      dates.map((date) => date.add({ days: 1 }).toString()),
    )
    // Two days on is no such return.
    const late = dates[0]!.add({ days: 2 }).toZonedDateTime({ timeZone, plainTime: '00:30' })
    const refused = await post({
      ...series(id, dates),
      booking: homeToMain(passenger, places, id, late.toString({ timeZoneName: 'never' })),
    })
    expect(refused.json()).toMatchObject({ code: 'validation_failed', errors: [{ property: 'dates.0' }] })
  })

  /** Three Mondays from the first one after tomorrow. */
  function mondays(): Temporal.PlainDate[] {
    let first = today().add({ days: 2 })
    while (first.dayOfWeek !== 1) first = first.add({ days: 1 })
    return [0, 1, 2].map((weeks) => first.add({ weeks }))
  }
  /** A series of Mondays (by `until`, the last of them) whose first ride is booked on the day after the first, at `time`. */
  const mondaysBookedNextDayAt = (permissionId: string, time: string): SeriesBookingRequest => {
    const dates = mondays()
    const at = dates[0]!.add({ days: 1 }).toZonedDateTime({ timeZone, plainTime: time })
    return {
      ...series(permissionId, dates, { weekdays: [1] }),
      booking: homeToMain(passenger, places, permissionId, at.toString({ timeZoneName: 'never' })),
    }
  }
  const awaitingCount = async () => (await tenantDb(test.db, 'espoo').trips.listAwaiting(500)).length

  it('refuses Mondays whose first ride is booked at 09:00 on the Tuesday: no ride moves a day, nothing is booked', async () => {
    const id = await permission()
    const awaiting = await awaitingCount()
    const response = await post(mondaysBookedNextDayAt(id, '09:00'))
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'validation_failed',
      message: expect.any(String),
      errors: [{ property: 'dates.0', error: 'invalid_value' }],
    })
    expect(await used(id)).toBe(0)
    expect(await awaitingCount()).toBe(awaiting)
  })

  it('books a return at 00:30 after each of its outbound’s Mondays, the last after `until`, but none at 04:00', async () => {
    const id = await permission()
    const response = await post(mondaysBookedNextDayAt(id, '00:30'))
    expect(response.statusCode).toBe(200)
    expect(response.json<SeriesBookingResponse>().booked.map((ride) => ride.date)).toEqual(
      mondays().map((date) => date.add({ days: 1 }).toString()),
    )
    const other = await permission()
    const refused = await post(mondaysBookedNextDayAt(other, '04:00'))
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ code: 'validation_failed', errors: [{ property: 'dates.0' }] })
    expect(await used(other)).toBe(0)
  })

  it('refuses a first date after `until`', async () => {
    const id = await permission()
    const dates = tuesdaysAndThursdays()
    const response = await post(
      series(id, dates.slice(0, 1), { until: dates[0]!.subtract({ days: 1 }).toString() }),
    )
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'validation_failed', errors: [{ property: 'dates.0' }] })
    expect(await used(id)).toBe(0)
  })

  it('cancels a trip and the following ones of its series that can still be cancelled, leaving the earlier', async () => {
    const dates = tuesdaysAndThursdays()
    const id = await permission()
    const booked = (await post(series(id, dates))).json<SeriesBookingResponse>()
    for (const ride of booked.booked)
      await operator('POST', `/api/operator/trips/${ride.tripId}/events`, { type: 'approved' })
    // The fourth ride is over for the operator already: it cannot be cancelled, and stays as it is.
    const over = booked.booked[3]!
    await operator('POST', `/api/operator/trips/${over.tripId}/events`, {
      type: 'cancelled',
      reason: 'Sairas',
    })
    const from = booked.booked[1]!
    const response = await api(test.app, 'espoo', token, {
      method: 'POST',
      url: '/api/trip/cancel',
      payload: { trips: [{ id: from.tripId, date: from.date }], reason: 'Muutto', following: true },
    })
    expect(response.statusCode).toBe(200)
    const cancelled = response.json<Trip[]>().map((trip) => trip.id)
    expect(cancelled).toEqual(
      booked.booked.filter((_, index) => index >= 1 && index !== 3).map((ride) => ride.tripId),
    )
    const trips = new Map((await tripsShown()).map((trip) => [trip.id, trip]))
    // The first date stays booked; the trips beyond the portal's two weeks were cancelled too.
    expect(trips.get(booked.booked[0]!.tripId)?.cancelledAt).toBeNull()
    const seen = (await operator('GET', `/api/operator/series/${booked.seriesId}`)).json()
    expect(seen.trips.map((ride: { cancelled: boolean }) => ride.cancelled)).toEqual(
      booked.booked.map((_, index) => index >= 1),
    )
    // The operator hears of each: the one asked from its screen, the later ones as the series' following.
    const told = (await feedOf(test.app, test.db, 'espoo')).flatMap((change) =>
      change.type === 'trip.cancelled' && cancelled.includes(change.data.trip.id)
        ? [[change.data.trip.id, change.data.source]]
        : [],
    )
    expect(told).toEqual(cancelled.map((tripId) => [tripId, tripId === from.tripId ? 'detail' : 'following']))
    const twice = await api(test.app, 'espoo', token, {
      method: 'POST',
      url: '/api/trip/cancel',
      payload: {
        trips: booked.booked.slice(0, 3).map((ride) => ({ id: ride.tripId, date: ride.date })),
        reason: 'Muutto',
        following: true,
      },
    })
    // A trip and its return at most: more is a 400, and nothing more is cancelled.
    expect(twice.statusCode).toBe(400)
    expect(twice.json()).toMatchObject({ code: 'validation_failed', errors: [{ property: 'trips' }] })
    expect((await tripsShown()).find((trip) => trip.id === booked.booked[0]!.tripId)?.cancelledAt).toBeNull()
  })

  it('cancels a trip and its return with the following rides of both series in one command, telling the code', async () => {
    const dates = tuesdaysAndThursdays()
    const id = await permission({ totalQuota: 2 * dates.length })
    const outbound = (await post(series(id, dates))).json<SeriesBookingResponse>()
    const at15 = dates[0]!
      .toZonedDateTime({ timeZone, plainTime: '15:00' })
      .toString({ timeZoneName: 'never' })
    const home = homeToMain(passenger, places, id, at15)
    const back = { ...home, destinations: [...home.destinations].reverse() }
    const returns = (await post({ ...series(id, dates), booking: back })).json<SeriesBookingResponse>()
    for (const ride of [...outbound.booked, ...returns.booked])
      await operator('POST', `/api/operator/trips/${ride.tripId}/events`, { type: 'approved' })
    const response = await api(test.app, 'espoo', token, {
      method: 'POST',
      url: '/api/trip/cancel',
      payload: {
        trips: [outbound.booked[1]!, returns.booked[1]!].map((ride) => ({
          id: ride.tripId,
          date: ride.date,
        })),
        reason: 'Loma',
        reasonCode: 'holiday',
        following: true,
      },
    })
    expect(response.statusCode).toBe(200)
    const expected = [...outbound.booked.slice(1), ...returns.booked.slice(1)].map((ride) => ride.tripId)
    expect(
      response
        .json<Trip[]>()
        .map((trip) => trip.id)
        .sort(),
    ).toEqual([...expected].sort())
    const told = (await feedOf(test.app, test.db, 'espoo')).flatMap((change) =>
      change.type === 'trip.cancelled' && expected.includes(change.data.trip.id)
        ? [change.data.reasonCode]
        : [],
    )
    expect(told).toEqual(expected.map(() => 'holiday'))
    const shown = new Map((await tripsShown()).map((trip) => [trip.id, trip]))
    expect(shown.get(outbound.booked[0]!.tripId)?.cancelledAt).toBeNull()
    expect(shown.get(returns.booked[0]!.tripId)?.cancelledAt).toBeNull()
  })

  it('withdraws the following rides still awaiting approval, giving their quota back, which the operator then cannot approve', async () => {
    const dates = tuesdaysAndThursdays()
    const id = await permission()
    const booked = (await post(series(id, dates))).json<SeriesBookingResponse>()
    // The first two are approved; the others still await the operator's decision.
    for (const ride of booked.booked.slice(0, 2))
      await operator('POST', `/api/operator/trips/${ride.tripId}/events`, { type: 'approved' })
    const from = booked.booked[1]!
    const response = await api(test.app, 'espoo', token, {
      method: 'POST',
      url: '/api/trip/cancel',
      payload: { trips: [{ id: from.tripId, date: from.date }], reason: 'Muutto', following: true },
    })
    expect(response.statusCode).toBe(200)
    // Only what the passenger sees comes back as cancelled; the withdrawn bookings were never shown.
    expect(response.json<Trip[]>().map((trip) => trip.id)).toEqual([from.tripId])
    const seen = (await operator('GET', `/api/operator/series/${booked.seriesId}`)).json()
    expect(
      seen.trips.map((ride: { approval: string; cancelled: boolean }) => [ride.approval, ride.cancelled]),
    ).toEqual(
      booked.booked.map((_, index) =>
        index === 0 ? ['approved', false] : index === 1 ? ['approved', true] : ['withdrawn', true],
      ),
    )
    expect(await used(id)).toBe(2)
    // The operator hears of the one cancelled and, in one change, of the rides withdrawn with its permission.
    const told = (await feedOf(test.app, test.db, 'espoo')).filter(
      (change) =>
        (change.type === 'trip.cancelled' && change.data.trip.id === from.tripId) ||
        (change.type === 'series.withdrawn' && change.data.seriesId === booked.seriesId),
    )
    expect(told.map((change) => change.type)).toEqual(['trip.cancelled', 'series.withdrawn'])
    expect(told[1]!.data).toMatchObject({
      seriesId: booked.seriesId,
      permission: { id },
      trips: booked.booked.slice(2).map((ride) => ({ id: ride.tripId, date: ride.date })),
    })
    const late = await operator('POST', `/api/operator/trips/${booked.booked[2]!.tripId}/events`, {
      type: 'approved',
    })
    expect(late.statusCode).toBe(409)
    const awaiting = (await operator('GET', '/api/operator/bookings')).json<{ tripId: string }[]>()
    expect(awaiting.filter((entry) => booked.booked.some((ride) => ride.tripId === entry.tripId))).toEqual([])
  })

  it("lists a passenger's trips on dates past the two weeks, for the cancel wizard, and refuses dates it cannot", async () => {
    const dates = tuesdaysAndThursdays(5)
    const id = await permission()
    const booked = (await post(series(id, dates))).json<SeriesBookingResponse>()
    // The last ride still awaits the operator: not the passenger's trip yet, so not listed.
    for (const ride of booked.booked.slice(0, -1))
      await operator('POST', `/api/operator/trips/${ride.tripId}/events`, { type: 'approved' })
    const beyond = today().add({ days: 15 })
    const last = dates.at(-1)!
    const inDates = (from: string, to: string, passengerId = passenger.id) =>
      api(test.app, 'espoo', token, {
        url: `/api/passenger/${passengerId}/trips/dates?from=${from}&to=${to}`,
      })
    const response = await inDates(beyond.toString(), last.toString())
    expect(response.statusCode).toBe(200)
    const listed = response.json<Trip[]>().filter((trip) => trip.series?.id === booked.seriesId)
    expect(listed.map((trip) => trip.date)).toEqual(
      booked.booked
        .slice(0, -1)
        .map((ride) => ride.date)
        .filter((date) => date >= beyond.toString()),
    )
    expect(listed.length).toBeGreaterThan(0)
    expect(listed.every((trip) => trip.passenger.id === passenger.id)).toBe(true)
    const wrong = async (from: string, to: string, property: string) => {
      const refused = await inDates(from, to)
      expect(refused.statusCode).toBe(400)
      expect(refused.json()).toMatchObject({ code: 'validation_failed', errors: [{ property }] })
    }
    await wrong(today().subtract({ days: 1 }).toString(), last.toString(), 'from')
    await wrong(last.toString(), beyond.toString(), 'to')
    await wrong(beyond.toString(), beyond.add({ days: 367 }).toString(), 'to')
    const malformed = await inDates('1.1.2030', last.toString())
    expect(malformed.statusCode).toBe(400)
    expect((await inDates(beyond.toString(), last.toString(), randomUUID())).statusCode).toBe(404)
  })

  it('returns the quota trip of a ride the operator refuses', async () => {
    const dates = tuesdaysAndThursdays()
    const id = await permission()
    const booked = (await post(series(id, dates))).json<SeriesBookingResponse>()
    expect(await used(id)).toBe(dates.length)
    await operator('POST', `/api/operator/trips/${booked.booked[2]!.tripId}/events`, {
      type: 'refused',
      reason: 'Ei autoja',
    })
    expect(await used(id)).toBe(dates.length - 1)
    const seen = (await operator('GET', `/api/operator/series/${booked.seriesId}`)).json()
    expect(seen.trips[2]).toMatchObject({ approval: 'refused' })
  })

  it('gives the last quota trips to one of two series racing on two instances, never overdrawing', async () => {
    const dates = tuesdaysAndThursdays(2)
    const id = await permission({ usedQuota: 10 - dates.length })
    const answers = await Promise.all([
      post(series(id, dates)),
      post(series(id, dates), randomUUID(), second),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400])
    expect(await used(id)).toBe(10)
  })
})
