import { setupI18n } from '@lingui/core'
import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import type { OutboxCommand } from '../../../src/commands/outboxCommand'
import { commandErrorMessage } from '../../../src/commands/rejections'
import { commandView } from '../../../src/commands/tripView'
import { tripProblemCodes } from '../../../src/contract/common'
import {
  defaultTripDate,
  nextTripDate,
  previousTripDate,
  tripDates,
} from '../../../src/components/trips/tripDates'
import { formatEuros, placeLabel } from '../../../src/components/trips/tripFormat'
import { validateTripsSearch } from '../../../src/components/trips/tripsSearch'
import { monthWeeks, moveByKey } from '../../../src/components/ui/calendarGrid'
import { weekdayName } from '../../../src/domain/calendarWords'
import { shellDate } from '../../../src/domain/dateDisplay'
import { tripWith } from '../domain/trips/fixtures'
import { pendingRow } from '../../../src/db/outbox'

const i18n = setupI18n({ locale: 'en', messages: { en: {} } })
const say = (error: Parameters<typeof commandErrorMessage>[0]) => i18n._(commandErrorMessage(error))

describe('trip days', () => {
  const dates = tripDates([
    { date: '2026-11-25' },
    { date: '2026-11-21' },
    { date: '2026-11-25' },
    { date: '2026-11-23' },
  ])

  it('lists each date with trips once, in order', () => {
    expect(dates).toEqual(['2026-11-21', '2026-11-23', '2026-11-25'])
  })

  it.each([
    ['2026-11-21', '2026-11-21'],
    ['2026-11-22', '2026-11-23'],
    ['2026-11-26', '2026-11-26'],
  ])('defaults from today %s to %s (today if it has trips, else the next with trips)', (today, expected) => {
    expect(defaultTripDate(dates, today)).toBe(expected)
  })

  it.each([
    ['2026-11-21', null, '2026-11-23'],
    ['2026-11-23', '2026-11-21', '2026-11-25'],
    ['2026-11-24', '2026-11-23', '2026-11-25'],
    ['2026-11-25', '2026-11-23', null],
  ])('from %s jumps back to %s and on to %s', (date, previous, next) => {
    expect(previousTripDate(dates, date)).toBe(previous)
    expect(nextTripDate(dates, date)).toBe(next)
  })

  it('shows dates as D.M.YYYY', () => {
    expect(shellDate('2026-03-05')).toBe('5.3.2026')
  })
})

describe('trips list search params', () => {
  it('keeps a valid date and a passenger', () => {
    expect(validateTripsSearch({ date: '2026-11-23', passenger: 'p-2' })).toEqual({
      date: '2026-11-23',
      passenger: 'p-2',
    })
  })

  it('drops a malformed or impossible date and an empty passenger', () => {
    expect(validateTripsSearch({ date: '23.11.2026', passenger: '' })).toEqual({})
    expect(validateTripsSearch({ date: '2026-02-30' })).toEqual({})
    expect(validateTripsSearch({ date: 20261123 })).toEqual({})
  })
})

describe('calendar grid', () => {
  it('starts weeks on Monday and pads other months', () => {
    // November 2026 starts on a Sunday and has 30 days.
    const weeks = monthWeeks(Temporal.PlainYearMonth.from('2026-11'))
    expect(weeks).toHaveLength(6)
    expect(weeks[0]!.slice(0, 6)).toEqual([null, null, null, null, null, null])
    expect(weeks[0]![6]!.toString()).toBe('2026-11-01')
    expect(weeks[5]!.map((day) => day?.day ?? null)).toEqual([30, null, null, null, null, null, null])
  })

  it.each([
    ['ArrowLeft', false, '2026-11-24'],
    ['ArrowRight', false, '2026-11-26'],
    ['ArrowUp', false, '2026-11-18'],
    ['ArrowDown', false, '2026-12-02'],
    ['Home', false, '2026-11-23'],
    ['End', false, '2026-11-29'],
    ['PageUp', false, '2026-10-25'],
    ['PageDown', true, '2027-11-25'],
  ])('moves from Wednesday 25.11.2026 with %s (shift %s) to %s', (key, shift, expected) => {
    expect(moveByKey(Temporal.PlainDate.from('2026-11-25'), key, shift)?.toString()).toBe(expected)
  })

  it('ignores other keys', () => {
    expect(moveByKey(Temporal.PlainDate.from('2026-11-25'), 'a', false)).toBeNull()
  })

  it('names days in the locale, whatever the device time zone', () => {
    expect(weekdayName(Temporal.PlainDate.from('2026-11-23'), 'en', 'long')).toBe('Monday')
    expect(weekdayName(Temporal.PlainDate.from('2026-11-23'), 'fi', 'long')).toBe('maanantai')
  })
})

describe('trip formats', () => {
  it('shows euros the locale way', () => {
    expect(formatEuros(12.5, 'en')).toBe('€12.50')
    expect(formatEuros(12.5, 'fi')).toBe('12,50\u00a0€')
    expect(formatEuros(12.5, 'sv')).toBe('12,50\u00a0€')
  })

  it('puts a place alias before its address', () => {
    expect(placeLabel({ alias: 'Koti', address: 'Kotikatu 1', lat: null, lng: null })).toBe(
      'Koti, Kotikatu 1',
    )
    expect(placeLabel({ alias: null, address: 'Kotikatu 1', lat: null, lng: null })).toBe('Kotikatu 1')
  })
})

describe('command error messages', () => {
  it('has a text of its own for every trip problem', () => {
    const texts = tripProblemCodes.map((code) =>
      say({ status: 409, code: 'trip_not_cancellable', errors: [{ property: 'trips.0', error: code }] }),
    )
    expect(new Set(texts).size).toBe(tripProblemCodes.length)
    expect(texts).not.toContain('An error occurred during cancellation')
  })

  it('names the problem the server gave', () => {
    expect(
      say({
        status: 409,
        code: 'trip_not_cancellable',
        errors: [{ property: 'trips.0', error: 'picked_up' }],
      }),
    ).toBe('The trip had already started.')
    expect(
      say({ status: 409, code: 'review_not_available', errors: [{ property: 'trip', error: 'cancelled' }] }),
    ).toBe('The trip had already been cancelled.')
  })

  it('falls back by code, then by status', () => {
    expect(say({ status: 409, code: 'trip_not_cancellable' })).toBe('An error occurred during cancellation')
    expect(
      say({ status: 409, code: 'trip_not_cancellable', errors: [{ property: 'x', error: 'odd' }] }),
    ).toBe('An error occurred during cancellation')
    expect(say({ status: 404, code: 'not_found' })).toBe('The trip was not found.')
    expect(say({ status: 503, code: 'something' })).toBe(
      'The service could not handle the request. Please try again later.',
    )
    expect(say({ status: 418, code: 'something' })).toBe('The request was not accepted.')
  })
})

describe('trip command views', () => {
  const trip = tripWith({ id: 't-1', date: '2026-11-23' })
  const command = (overrides: Partial<OutboxCommand<'trip.cancel'>>): OutboxCommand<'trip.cancel'> => ({
    ...pendingRow(
      {
        id: 'c-1',
        type: 'trip.cancel',
        payload: { trips: [{ id: 't-1', date: '2026-11-23' }], reason: 'Sick', passengerIds: ['p1'] },
        createdAt: '2026-11-21T08:00:00Z',
      },
      1,
    ),
    ...overrides,
  })

  it('shows a waiting or sending cancellation as pending', () => {
    expect(commandView(trip, command({}))?.kind).toBe('pending')
    expect(commandView(trip, command({ status: 'sending' }))?.kind).toBe('pending')
  })

  it('keeps an acknowledged cancellation pending until the trip shows it cancelled', () => {
    const acked = command({ status: 'acked', response: [{ id: 't-1', date: '2026-11-23' }] })
    expect(commandView(trip, acked)?.kind).toBe('pending')
    expect(commandView({ ...trip, cancelledAt: '2026-11-21T08:01:00Z' }, acked)).toBeNull()
  })

  it('shows nothing for an acknowledged cancellation that left this trip out', () => {
    const acked = command({ status: 'acked', response: [{ id: 't-2', date: '2026-11-23' }] })
    expect(commandView(trip, acked)).toBeNull()
  })

  it('shows a rejection with its error until dismissed', () => {
    const lastError = { status: 409, code: 'trip_not_cancellable' }
    expect(commandView(trip, command({ status: 'rejected', lastError }))).toMatchObject({
      kind: 'rejected',
      error: lastError,
    })
    expect(commandView(trip, command({ status: 'rejected', lastError, dismissed: true }))).toBeNull()
  })

  it('keeps a review pending until the trip carries one', () => {
    const review: OutboxCommand<'trip.review'> = {
      ...command({ status: 'acked' }),
      type: 'trip.review',
      payload: {
        trip: { id: 't-1', date: '2026-11-23' },
        comment: 'Good',
        driverStars: 5,
        experienceStars: 4,
        passengerId: 'p1',
      },
    }
    expect(commandView(trip, review)?.kind).toBe('pending')
    const reviewed = {
      ...trip,
      reviews: [{ comment: 'Good', driverStars: 5, experienceStars: 4, createdAt: '2026-11-21T09:00:00Z' }],
    }
    expect(commandView(reviewed, review)).toBeNull()
  })
})
