import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import { tripStatusCodes, type Trip, type TripStatusCode } from '../../../../src/contract/trip'
import { nowInDay, tripPhase } from '../../../../src/domain/trips/now'
import { tripWith } from './fixtures'

const zone = 'Europe/Helsinki'
/** Helsinki wall-clock time on the fixtures' day, 2026-11-21. */
const at = (time: string) => Temporal.ZonedDateTime.from(`2026-11-21T${time}[${zone}]`)
const instant = (time: string) => at(time).toInstant()

/** A trip of the fixtures' day booked from `start` to `end` (Helsinki wall clock). */
function booked(start: string, end: string, overrides: Partial<Trip> = {}): Trip {
  return tripWith({
    startDateTime: at(start).toString({ timeZoneName: 'never' }),
    endDateTime: at(end).toString({ timeZoneName: 'never' }),
    ...overrides,
  })
}

const status = (code: TripStatusCode) => ({
  code,
  eta: null,
  etd: null,
  ata: null,
  carLocation: null,
})

describe('trip phase', () => {
  const trip = booked('10:00', '10:30')

  it('follows the booked times when nothing was reported', () => {
    expect(tripPhase(trip, instant('09:59'))).toBe('ahead')
    expect(tripPhase(trip, instant('10:00'))).toBe('underWay')
    expect(tripPhase(trip, instant('10:29'))).toBe('underWay')
    expect(tripPhase(trip, instant('10:30'))).toBe('over')
  })

  it('is under way while the passenger is aboard or the car is coming, whatever the time', () => {
    expect(tripPhase({ ...trip, pickupTime: '2026-11-21T10:40:00+02:00' }, instant('11:00'))).toBe('underWay')
    expect(tripPhase({ ...trip, status: status(tripStatusCodes.EnRoute) }, instant('09:50'))).toBe('underWay')
    expect(tripPhase({ ...trip, status: status(tripStatusCodes.CarWaiting) }, instant('10:45'))).toBe(
      'underWay',
    )
  })

  it('is over once dropped off, a no-show, or finished by the car, even before the booked end', () => {
    const t = '2026-11-21T10:20:00+02:00'
    expect(tripPhase({ ...trip, pickupTime: t, dropoffTime: t }, instant('10:21'))).toBe('over')
    expect(tripPhase({ ...trip, noShowTime: t }, instant('10:21'))).toBe('over')
    expect(tripPhase({ ...trip, status: status(tripStatusCodes.DropOff) }, instant('10:21'))).toBe('over')
  })

  it('keeps a cancelled trip in its place in time: ahead until its start, then over', () => {
    const cancelled = { ...trip, cancelledAt: '2026-11-20T18:00:00+02:00' }
    expect(tripPhase(cancelled, instant('09:00'))).toBe('ahead')
    expect(tripPhase(cancelled, instant('10:00'))).toBe('over')
  })
})

describe('now in the day', () => {
  const day = [booked('07:30', '08:00'), booked('08:10', '08:40'), booked('14:00', '14:30')]

  it('is nowhere on another day than today in the tenant zone', () => {
    expect(nowInDay(day, '2026-11-22', at('10:00'))).toBeNull()
    // 23:30 UTC on the 20th is already the 21st in Helsinki.
    const lateUtc = Temporal.Instant.from('2026-11-20T23:30:00Z').toZonedDateTimeISO(zone)
    expect(nowInDay(day, '2026-11-21', lateUtc)?.before).toBe(0)
  })

  it('goes before the trip under way, which it focuses', () => {
    expect(nowInDay(day, '2026-11-21', at('08:20'))).toEqual({ before: 1, focus: 1, underWay: true })
  })

  it('goes before the next trip between trips', () => {
    expect(nowInDay(day, '2026-11-21', at('10:00'))).toEqual({ before: 2, focus: 2, underWay: false })
  })

  it('goes first in the morning and last at the end of the day, with nothing to focus then', () => {
    expect(nowInDay(day, '2026-11-21', at('06:00'))).toEqual({ before: 0, focus: 0, underWay: false })
    expect(nowInDay(day, '2026-11-21', at('20:00'))).toEqual({ before: 3, focus: null, underWay: false })
  })

  it('focuses the next trip that will run, past a cancelled one', () => {
    const cancelled = booked('12:00', '12:30', { cancelledAt: '2026-11-20T18:00:00+02:00' })
    const trips = [day[0]!, cancelled, day[2]!]
    expect(nowInDay(trips, '2026-11-21', at('10:00'))).toEqual({ before: 1, focus: 2, underWay: false })
  })

  it('focuses a late car still under way after trips that ended', () => {
    const late = booked('07:00', '07:30', { pickupTime: '2026-11-21T07:50:00+02:00' })
    const trips = [late, day[0]!, day[2]!]
    expect(nowInDay(trips, '2026-11-21', at('08:05'))).toEqual({ before: 0, focus: 0, underWay: true })
  })
})
