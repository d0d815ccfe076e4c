import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import {
  linkGraceMinutes,
  linkKeptAfterPlannedEnd,
  linkMaxLateMinutes,
  linkPhase,
  linkWindow,
  type LinkWindowTrip,
} from '../../../../src/domain/tracking/linkWindow'
import { fromStart } from './fixtures'

/** The fixture trip, 10:00-10:30: minutes are counted from its start. */
const trip = (overrides: Partial<LinkWindowTrip> = {}): LinkWindowTrip => ({
  start: fromStart(0),
  end: fromStart(30),
  eta: null,
  dropoffTime: null,
  cancelledAt: null,
  noShowTime: null,
  ...overrides,
})

describe('a tracking link’s window', () => {
  it.each([
    ['planned', {}, -60, 60],
    ['dropped off early', { dropoffTime: fromStart(25) }, -60, 55],
    ['dropped off late', { dropoffTime: fromStart(50) }, -60, 80],
    ['running late by its ETA', { eta: fromStart(45) }, -60, 75],
    ['an ETA before the planned end keeps the planned end', { eta: fromStart(20) }, -60, 60],
    ['dropped off, its ETA no longer counts', { eta: fromStart(45), dropoffTime: fromStart(40) }, -60, 70],
    ['cancelled the day before', { cancelledAt: fromStart(-24 * 60) }, -60, -24 * 60 + 30],
    ['cancelled under way', { cancelledAt: fromStart(10) }, -60, 40],
    ['a no-show', { noShowTime: fromStart(5) }, -60, 35],
    ['an ETA ten days out ends two hours after the planned end', { eta: fromStart(10 * 24 * 60) }, -60, 180],
    ['late by its ETA up to two hours', { eta: fromStart(150) }, -60, 180],
    ['a drop-off reported hours late', { dropoffTime: fromStart(6 * 60) }, -60, 180],
  ] as const)('%s: from %i to %i minutes from the start', (_, overrides, from, until) => {
    const window = linkWindow(trip(overrides))
    expect(window.validFrom.toString()).toBe(fromStart(from).toString())
    expect(window.validUntil.toString()).toBe(fromStart(until).toString())
  })

  it('moves with a moved trip', () => {
    const moved = linkWindow(trip({ start: fromStart(120), end: fromStart(150) }))
    expect(moved.validFrom.toString()).toBe(fromStart(60).toString())
    expect(moved.validUntil.toString()).toBe(fromStart(180).toString())
  })
})

describe('how long a link is kept', () => {
  it('only once no ETA or report can open it again', () => {
    const latest = { minutes: linkMaxLateMinutes + linkGraceMinutes }
    expect(Temporal.Duration.compare(linkKeptAfterPlannedEnd, latest)).toBe(1)
  })
})

describe('where now is in the window (half-open)', () => {
  const planned = linkWindow(trip())
  it.each([
    [-61, 'notStarted'],
    [-60, 'open'],
    [0, 'open'],
    [59, 'open'],
    [60, 'ended'],
    [600, 'ended'],
  ] as const)('%i minutes from the start: %s', (minutes, phase) => {
    expect(linkPhase(planned, fromStart(minutes))).toBe(phase)
  })

  it('a trip cancelled before its window opened has ended, not yet to start', () => {
    const cancelled = linkWindow(trip({ cancelledAt: fromStart(-24 * 60) }))
    expect(linkPhase(cancelled, fromStart(-120))).toBe('ended')
  })
})
