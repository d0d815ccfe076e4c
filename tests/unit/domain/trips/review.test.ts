import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import type { Trip } from '../../../../src/contract/trip'
import { isValidStars, reviewProblem, reviewState } from '../../../../src/domain/trips/review'
import { tripWith } from './fixtures'

const at = (text: string) => Temporal.Instant.from(text)
const pickup = '2026-11-21T10:02:00+02:00'
const dropoff = '2026-11-21T10:28:00+02:00'
const review = { comment: 'Hyvä kyyti', driverStars: 5, experienceStars: 4, createdAt: dropoff }

describe('review availability (spec section 4)', () => {
  it.each([
    ['dropped off', { pickupTime: pickup, dropoffTime: dropoff }, '2026-11-21T10:29:00+02:00', null],
    ['picked up, 10 min after planned end', { pickupTime: pickup }, '2026-11-21T10:40:00+02:00', null],
    [
      'picked up, 9 min after planned end',
      { pickupTime: pickup },
      '2026-11-21T10:39:00+02:00',
      'not_completed',
    ],
    ['not picked up, long after', {}, '2026-11-21T12:00:00+02:00', 'not_completed'],
    [
      'reviews not allowed',
      { pickupTime: pickup, dropoffTime: dropoff, allowReview: false },
      '2026-11-21T11:00:00+02:00',
      'not_allowed',
    ],
    ['cancelled', { cancelledAt: pickup, dropoffTime: dropoff }, '2026-11-21T11:00:00+02:00', 'cancelled'],
    ['no-show', { noShowTime: pickup }, '2026-11-21T11:00:00+02:00', 'no_show'],
    [
      'already reviewed',
      { pickupTime: pickup, dropoffTime: dropoff, reviews: [review] },
      '2026-11-21T11:00:00+02:00',
      'already_reviewed',
    ],
  ] as const)('%s', (_, overrides, now, problem) => {
    expect(reviewProblem(tripWith(overrides as Partial<Trip>), at(now))).toBe(problem)
  })

  it('shows an existing review read-only and otherwise the form only when available', () => {
    const now = at('2026-11-21T11:00:00+02:00')
    expect(reviewState(tripWith({ pickupTime: pickup, dropoffTime: dropoff, reviews: [review] }), now)).toBe(
      'reviewed',
    )
    expect(reviewState(tripWith({ pickupTime: pickup, dropoffTime: dropoff }), now)).toBe('available')
    expect(reviewState(tripWith(), now)).toBe('unavailable')
  })

  it.each([
    [0, 5, false],
    [1, 5, true],
    [5, 5, true],
    [5, 4, false],
    [4, 4, true],
    [2.5, 5, false],
  ] as const)('%d stars on a %d-star scale valid: %s', (stars, scale, valid) => {
    expect(isValidStars(stars, scale)).toBe(valid)
  })
})
