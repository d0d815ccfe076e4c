import { describe, expect, it } from 'vitest'
import { pollingPlan } from '../../../../src/domain/tracking/pollingPlan'
import { fromStart, plannedTrip, tripStatusCodes } from './fixtures'

const minute = 60_000
const { Booked, EnRoute, Pickup, DropOff, Cancelled, NoShow } = tripStatusCodes

describe('status polling plan (spec sections 4 and 9): start 10:00, planned end 10:30', () => {
  it.each([
    ['a day before', -24 * 60, 0, { kind: 'notYet', startsInMs: (24 * 60 - 30) * minute }],
    ['31 min before', -31, 0, { kind: 'notYet', startsInMs: minute }],
    ['1 s before the cutoff', -31, 59, { kind: 'notYet', startsInMs: 1000 }],
    [
      'exactly 30 min before: starts, slow',
      -30,
      0,
      { kind: 'polling', intervalMs: minute, nextInMs: minute },
    ],
    ['20 min before: slow', -20, 0, { kind: 'polling', intervalMs: minute, nextInMs: minute }],
    [
      '15 min 30 s before: slow, next when fast opens',
      -16,
      30,
      { kind: 'polling', intervalMs: minute, nextInMs: 30_000 },
    ],
    ['1 s before fast', -16, 59, { kind: 'polling', intervalMs: minute, nextInMs: 1000 }],
    ['exactly 15 min before: fast', -15, 0, { kind: 'polling', intervalMs: 10_000, nextInMs: 10_000 }],
    ['at the start: fast', 0, 0, { kind: 'polling', intervalMs: 10_000, nextInMs: 10_000 }],
    ['at the planned end: fast', 30, 0, { kind: 'polling', intervalMs: 10_000, nextInMs: 10_000 }],
    [
      '1 s before 15 min after the end: fast',
      44,
      59,
      { kind: 'polling', intervalMs: 10_000, nextInMs: 10_000 },
    ],
    ['exactly 15 min after the end: slow', 45, 0, { kind: 'polling', intervalMs: minute, nextInMs: minute }],
    ['hours after the end: slow', 300, 0, { kind: 'polling', intervalMs: minute, nextInMs: minute }],
  ] as const)('%s', (_, minutes, seconds, plan) => {
    expect(pollingPlan(plannedTrip, Booked, fromStart(minutes, seconds))).toEqual(plan)
  })

  it.each([
    ['EnRoute', EnRoute, false],
    ['Pickup', Pickup, false],
    ['no status yet', null, false],
    ['DropOff', DropOff, true],
    ['Cancelled', Cancelled, true],
    ['NoShow', NoShow, true],
  ] as const)('%s in the fast window: stopped only when final', (_, code, stopped) => {
    expect(pollingPlan(plannedTrip, code, fromStart(0)).kind === 'stopped').toBe(stopped)
  })

  it('stops for a final status even before the cutoff', () => {
    expect(pollingPlan(plannedTrip, Cancelled, fromStart(-120))).toEqual({ kind: 'stopped' })
  })
})
