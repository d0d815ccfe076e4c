import { describe, expect, it } from 'vitest'
import { milestonesOf } from '../../../src/db/tripMilestones'
import { tripNo } from '../outbox/harness'

const at = '2026-11-23T08:01:00+02:00'

describe('pickup and drop-off milestones of a pull', () => {
  it.each([
    ['nothing new', {}, {}, []],
    ['a pickup appears', {}, { pickupTime: at }, ['pickup']],
    ['a drop-off appears', { pickupTime: at }, { pickupTime: at, dropoffTime: at }, ['dropoff']],
    ['both appear at once: the drop-off is told', {}, { pickupTime: at, dropoffTime: at }, ['dropoff']],
    ['a pickup already known', { pickupTime: at }, { pickupTime: at }, []],
    ['a time that disappears', { pickupTime: at }, {}, []],
  ])('%s', (_, before, after, kinds) => {
    const result = milestonesOf([tripNo(1, before)], [tripNo(1, after)])
    expect(result.map((m) => m.kind)).toEqual(kinds)
  })

  it('raises nothing for a trip not stored before (a first pull)', () => {
    expect(milestonesOf([], [tripNo(1, { pickupTime: at })])).toEqual([])
  })

  it('matches trips by id and date', () => {
    const stored = tripNo(1, { date: '2026-11-22' })
    expect(milestonesOf([stored], [tripNo(1, { pickupTime: at })])).toEqual([])
  })
})
