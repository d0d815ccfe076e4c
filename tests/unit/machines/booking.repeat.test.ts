import { Temporal } from 'temporal-polyfill'
import { describe, expect, it, vi } from 'vitest'
import { savedState } from '../../../machines/booking/booking.persist'
import { restorable } from '../../../machines/booking/booking.restore'
import type { QuotaPeriod } from '../../../src/contract/permissions'
import type { SeriesBookingResponse } from '../../../src/contract/series'
import { seriesRides } from '../../../src/domain/series/seriesRides'
import { quotaWith } from '../domain/booking/fixtures'
import {
  atSummary,
  dataOf,
  ella,
  now,
  otto,
  placesOf,
  settle,
  startBooking,
  timeZone,
  type Booking,
} from './bookingFixtures'

/** Lets the calls settle and the repeat's plan, whose rules load on demand, come in. */
async function planned(booking: Booking) {
  await settle()
  await vi.waitFor(() => expect(booking.region('plan')).toBe('idle'))
}

/** Saturday 21.11.2026 is the wizard's date; November has 5 trips left, December 10. */
const period = (startDate: string, endDate: string, totalQuota: number, usedQuota = 0): QuotaPeriod => ({
  startDate,
  endDate,
  totalQuota,
  usedQuota,
  totalExpressQuota: 0,
  usedExpressQuota: 0,
  savedToNext: 0,
  borrowed: 0,
})
const seriesQuota = (novemberLeft = 5) =>
  quotaWith({
    id: 'q-series',
    tripDestinations: 2,
    periods: [
      period('2026-11-01', '2026-11-30', 6, 6 - novemberLeft),
      period('2026-12-01', '2026-12-31', 10),
    ],
  })
const independenceDay = { date: '2026-12-06', name: 'Itsenäisyyspäivä' }

const repeated = (novemberLeft?: number) =>
  atSummary({
    quotas: () => Promise.resolve([seriesQuota(novemberLeft)]),
    holidays: () => Promise.resolve([independenceDay]),
  })

/**
 * Saturdays 21.11. to 5.12. at 10:00 saved as a series, the server leaving out 28.11. (Independence Day, Sunday
 * 6.12., among the holidays unless `holidays` say otherwise).
 */
async function savedSeries(holidays = [independenceDay]) {
  const skipped = { date: '2026-11-28', code: 'booking_no_quota', message: 'No trips left' }
  const booking = await atSummary({
    quotas: () => Promise.resolve([seriesQuota()]),
    holidays: () => Promise.resolve(holidays),
    create: (save) =>
      Promise.resolve({
        seriesId: `s-${save.key}`,
        booked: save
          .series!.dates.filter((date) => date !== skipped.date)
          .map((date) => ({ tripId: `t-${date}`, date, status: 'awaitingApproval' as const })),
        skipped: save.series!.dates.includes(skipped.date) ? [skipped] : [],
      }) satisfies Promise<SeriesBookingResponse>,
  })
  booking.send({ type: 'repeat.toggle', on: true })
  await planned(booking)
  booking.send({ type: 'repeat.until', date: '2026-12-05' })
  await planned(booking)
  booking.send({ type: 'booking.save' })
  await planned(booking)
  return booking
}

describe('repeating a ride', () => {
  it('repeats on the chosen weekdays, leaves out holidays and removed dates, and saves the series', async () => {
    const booking = await repeated()
    expect(booking.can({ type: 'repeat.weekday', day: 7, on: true })).toBe(false)
    booking.send({ type: 'repeat.toggle', on: true })
    // On the first ride's weekday, four weeks on.
    expect(booking.context().repeat).toEqual({
      weekdays: [6],
      until: '2026-12-19',
      includeHolidays: false,
      removed: [],
      within: null,
      fitOnly: false,
    })
    // The dates are not known before the holidays are.
    expect(booking.can({ type: 'booking.save' })).toBe(false)
    await planned(booking)
    expect(booking.calls.holidays).toEqual([{ from: '2026-11-21', to: '2027-02-20' }])
    booking.send(
      { type: 'repeat.weekday', day: 7, on: true },
      { type: 'repeat.until', date: '2026-12-07' },
      { type: 'repeat.date', date: '2026-11-29', removed: true },
    )
    await planned(booking)
    expect(booking.can({ type: 'booking.save' })).toBe(true)
    booking.send({ type: 'booking.save' })
    await planned(booking)
    expect(booking.calls.create[0]!.series).toEqual({
      weekdays: [6, 7],
      until: '2026-12-07',
      // 29.11. taken out by hand, 6.12. a holiday.
      dates: ['2026-11-21', '2026-11-22', '2026-11-28', '2026-12-05'],
      fitOnly: false,
    })
    // The holidays of the same range are not fetched again.
    expect(booking.calls.holidays).toHaveLength(1)
  })

  it('refuses to save dates the quota does not hold until the user books only those that fit', async () => {
    const booking = await repeated(2)
    booking.send({ type: 'repeat.toggle', on: true })
    await planned(booking)
    booking.send({ type: 'repeat.weekday', day: 7, on: true }, { type: 'repeat.until', date: '2026-11-30' })
    await planned(booking)
    expect(booking.can({ type: 'booking.save' })).toBe(false)
    booking.send({ type: 'repeat.fitOnly', value: true })
    await planned(booking)
    booking.send({ type: 'booking.save' })
    await planned(booking)
    expect(booking.calls.create[0]!.series).toMatchObject({
      dates: ['2026-11-21', '2026-11-22'],
      fitOnly: true,
    })
  })

  it('does not save an end date that is no date, before the first ride, past the last period, or no weekday', async () => {
    const booking = await repeated()
    booking.send({ type: 'repeat.toggle', on: true })
    await planned(booking)
    for (const date of [null, '2026-11-21', '2027-01-01']) {
      booking.send({ type: 'repeat.until', date })
      await planned(booking)
      expect(booking.can({ type: 'booking.save' }), String(date)).toBe(false)
    }
    booking.send({ type: 'repeat.until', date: '2026-12-31' })
    await planned(booking)
    expect(booking.can({ type: 'booking.save' })).toBe(true)
    booking.send({ type: 'repeat.weekday', day: 6, on: false })
    await planned(booking)
    expect(booking.can({ type: 'booking.save' })).toBe(false)
    booking.send({ type: 'repeat.toggle', on: false })
    expect(booking.context().repeat).toBeNull()
    expect(booking.can({ type: 'booking.save' })).toBe(true)
  })

  it('repeats the return of a series on the dates its outbound booked, with a key of its own', async () => {
    const booking = await savedSeries([])
    booking.send({ type: 'booking.return' })
    expect(booking.context().repeat).toMatchObject({
      weekdays: [6],
      until: '2026-12-05',
      within: ['2026-11-21', '2026-12-05'],
    })
    booking.send({ type: 'wizard.next' }, { type: 'wizard.next' })
    await planned(booking)
    booking.send({ type: 'booking.save' })
    await planned(booking)
    const [outbound, inbound] = booking.calls.create
    expect(inbound!.key).not.toBe(outbound!.key)
    expect(inbound!.series).toMatchObject({ dates: ['2026-11-21', '2026-12-05'] })
    // A new booking repeats nothing.
    booking.send({ type: 'wizard.reset' })
    expect(booking.context().repeat).toBeNull()
  })

  it.each([
    ['09:00, before the outbound’s 10:00', 9 * 60, '2026-11-22T09:00:00+02:00'],
    ['00:30, which the server would also take on the outbound’s dates', 30, '2026-11-22T00:30:00+02:00'],
  ])(
    'repeats a return on the days its rides are on, the day after each date its outbound booked, at %s',
    async (_name, time, departure) => {
      const booking = await savedSeries()
      booking.send(
        { type: 'booking.return' },
        { type: 'time.change', time },
        { type: 'wizard.next' },
        { type: 'wizard.next' },
      )
      await planned(booking)
      booking.send({ type: 'booking.save' })
      await planned(booking)
      const { request, series } = booking.calls.create[1]!
      expect(request.departureDateTime).toBe(departure)
      // Sundays: Independence Day too, the return of its eve's outbound; 29.11. not, its outbound was left out.
      expect(series).toEqual({
        weekdays: [7],
        until: '2026-12-06',
        dates: ['2026-11-22', '2026-12-06'],
        fitOnly: false,
      })
      // The holidays of the return's own days.
      expect(booking.calls.holidays.at(-1)).toEqual({ from: '2026-11-22', to: '2027-02-21' })
      const rides = seriesRides(
        {
          dates: series!.dates.map((date) => Temporal.PlainDate.from(date)),
          weekdays: new Set(series!.weekdays),
          until: Temporal.PlainDate.from(series!.until),
        },
        Temporal.ZonedDateTime.from(`${departure}[${timeZone}]`),
      )
      // The server's rule takes it, each ride on the date that names it.
      const days = rides.ok && rides.rides.map((ride) => ride.toZonedDateTimeISO(timeZone).toPlainDate())
      expect(days && days.map(String)).toEqual(series!.dates)
    },
  )

  it('repeats the return of a single ride past midnight from its own day', async () => {
    const booking = await repeated()
    booking.send({ type: 'booking.save' })
    await settle()
    booking.send(
      { type: 'booking.return' },
      { type: 'time.change', time: 9 * 60 },
      { type: 'wizard.next' },
      { type: 'wizard.next' },
      { type: 'repeat.toggle', on: true },
    )
    // Sunday's weekday, four weeks on from Sunday.
    expect(booking.context().repeat).toMatchObject({ weekdays: [7], until: '2026-12-20', within: null })
    await planned(booking)
    booking.send({ type: 'booking.save' })
    await planned(booking)
    expect(booking.calls.create[1]!.series).toEqual({
      weekdays: [7],
      until: '2026-12-20',
      // Independence Day left out.
      dates: ['2026-11-22', '2026-11-29', '2026-12-13', '2026-12-20'],
      fitOnly: false,
    })
  })

  it('keeps the repeat choice across a reload, and fetches the holidays again', async () => {
    const booking = await repeated()
    booking.send({ type: 'repeat.toggle', on: true })
    await planned(booking)
    booking.send(
      { type: 'repeat.weekday', day: 2, on: true },
      { type: 'repeat.date', date: '2026-11-24', removed: true },
    )
    const raw = JSON.parse(JSON.stringify(savedState(booking.actor.getPersistedSnapshot())))
    expect(raw.context.holidays).toBeNull()
    const snapshot = restorable(raw, {
      now,
      timeZone,
      passengerIds: [ella.id, otto.id],
      seriesHorizonWeeks: 13,
    })
    const after = startBooking({
      snapshot: snapshot!,
      quotas: () => Promise.resolve([seriesQuota()]),
      holidays: () => Promise.resolve([independenceDay]),
    })
    after.send(dataOf([ella, otto]), placesOf())
    await planned(after)
    expect(after.context().repeat).toEqual(booking.context().repeat)
    expect(after.calls.holidays).toHaveLength(1)
    expect(after.can({ type: 'booking.save' })).toBe(true)
  })
})
