import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import { tripStatusCodes } from '../../../../src/contract/trip'
import {
  canCancelOnDetail,
  cancellationProblem,
  isCancellableInFrame,
  isValidCancelReason,
  wizardCancellationProblem,
} from '../../../../src/domain/trips/cancellation'
import { followStart, parseIsoDate, startError } from '../../../../src/domain/trips/dateFrame'
import { tripWith } from './fixtures'

const zone = 'Europe/Helsinki'
const day = (text: string) => Temporal.PlainDate.from(text)
const at = (text: string) => Temporal.Instant.from(text)
const frame = (start: string, end = start) => ({ start: day(start), end: day(end) })
const t = '2026-11-21T09:00:00+02:00'

describe('cancellable trip in the wizard (spec section 5)', () => {
  const before = at('2026-11-21T08:00:00+02:00')
  it.each([
    ['a future trip within the frame', {}, frame('2026-11-21'), before, true],
    ['already cancelled', { cancelledAt: t }, frame('2026-11-21'), before, false],
    ['picked up', { pickupTime: t }, frame('2026-11-21'), before, false],
    ['no-show', { noShowTime: t }, frame('2026-11-21'), before, false],
    ['starts in the past', {}, frame('2026-11-21'), at('2026-11-21T10:00:00+02:00'), false],
    ['starts before the frame', {}, frame('2026-11-22', '2026-11-25'), before, false],
    ['starts after the frame', {}, frame('2026-11-19', '2026-11-20'), before, false],
    ['within a period frame', {}, frame('2026-11-20', '2026-11-22'), before, true],
    [
      'at 23:30 on the last day counts (end of the end day)',
      { startDateTime: '2026-11-21T23:30:00+02:00' },
      frame('2026-11-21'),
      before,
      true,
    ],
    [
      'at 00:10 the day after does not',
      { startDateTime: '2026-11-22T00:10:00+02:00' },
      frame('2026-11-21'),
      before,
      false,
    ],
  ] as const)('%s', (_, overrides, dates, now, expected) => {
    expect(isCancellableInFrame(tripWith(overrides), dates, now, zone)).toBe(expected)
  })
})

describe('a wizard cancellation on arrival at the server (spec section 5)', () => {
  const now = at('2026-11-21T08:00:00+02:00')
  it.each([
    ['starts later today', {}, null],
    ['started earlier today, no pickup', { startDateTime: '2026-11-21T07:30:00+02:00' }, 'past'],
    ['starts this very moment', { startDateTime: '2026-11-21T08:00:00+02:00' }, 'past'],
    ['cancelled', { cancelledAt: t }, 'cancelled'],
    ['picked up', { pickupTime: t }, 'picked_up'],
    ['no-show', { noShowTime: t }, 'no_show'],
  ] as const)('%s', (_, overrides, problem) => {
    expect(wizardCancellationProblem(tripWith(overrides), now)).toBe(problem)
  })

  it('is stricter than the detail rule for a trip of today whose start has passed', () => {
    const started = tripWith({ startDateTime: '2026-11-21T07:30:00+02:00' })
    expect(cancellationProblem(started, day('2026-11-21'))).toBeNull()
    expect(wizardCancellationProblem(started, now)).toBe('past')
  })
})

describe('cancelling on the detail screen and on arrival at the server (spec section 5)', () => {
  const today = day('2026-11-21')
  it.each([
    ['booked today', {}, null],
    ['booked tomorrow', { date: '2026-11-22' }, null],
    ['yesterday', { date: '2026-11-20' }, 'past'],
    ['cancelled', { cancelledAt: t }, 'cancelled'],
    [
      'cancelled status',
      { status: { code: tripStatusCodes.Cancelled, eta: null, etd: null, ata: null, carLocation: null } },
      'cancelled',
    ],
    ['picked up', { pickupTime: t }, 'picked_up'],
    ['no-show', { noShowTime: t }, 'no_show'],
    ['dropped off', { pickupTime: t, dropoffTime: t }, 'completed'],
    [
      'final DropOff status',
      { status: { code: tripStatusCodes.DropOff, eta: null, etd: null, ata: null, carLocation: null } },
      'completed',
    ],
    [
      'en route, not final',
      { status: { code: tripStatusCodes.EnRoute, eta: null, etd: t, ata: null, carLocation: null } },
      null,
    ],
  ] as const)('%s', (_, overrides, problem) => {
    expect(cancellationProblem(tripWith(overrides), today)).toBe(problem)
  })

  it('never offers cancelling on the tracking route', () => {
    expect(canCancelOnDetail(tripWith(), { trackingRoute: false, today })).toBe(true)
    expect(canCancelOnDetail(tripWith(), { trackingRoute: true, today })).toBe(false)
  })

  it.each([
    ['', false],
    ['   ', false],
    ['Sairastuminen', true],
  ])('reason %j valid: %s', (reason, valid) => {
    expect(isValidCancelReason(reason)).toBe(valid)
  })
})

describe('cancel date frame (spec section 5)', () => {
  it.each([
    ['2026-11-21', '2026-11-21'],
    ['', 'must_not_be_empty'],
    ['21.11.2026', 'check_date_format'],
    ['2026-02-30', 'check_date_format'],
    ['2026-13-01', 'check_date_format'],
  ])('parses %j as %s', (text, expected) => {
    const parsed = parseIsoDate(text)
    expect(typeof parsed === 'string' ? parsed : parsed.toString()).toBe(expected)
  })

  it('rejects a start before today and lets the end follow a later start', () => {
    const today = day('2026-11-21')
    expect(startError(day('2026-11-20'), today)).toBe('before_today')
    expect(startError(today, today)).toBeNull()
    expect(followStart(day('2026-11-25'), day('2026-11-22')).toString()).toBe('2026-11-25')
    expect(followStart(day('2026-11-21'), day('2026-11-22')).toString()).toBe('2026-11-22')
  })
})
