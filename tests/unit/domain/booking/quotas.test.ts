import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import { allowsExtras, expressQuotaStatus, selectQuota } from '../../../../src/domain/booking/quotas'
import { quotaWith } from './fixtures'

describe('quota auto-selection (spec section 4)', () => {
  const used = quotaWith({ id: 'used', remainingQuota: 0 })
  const a = quotaWith({ id: 'a', remainingQuota: 3 })
  const b = quotaWith({ id: 'b', remainingQuota: 5 })
  it.each([
    ['keeps the previous one still offered', [used, a, b], 'b', 'b'],
    ['keeps the previous one even with nothing left', [used, a, b], 'used', 'used'],
    ['else the first with quota left', [used, a, b], 'gone', 'a'],
    ['with no previous, the first with quota left', [used, b, a], null, 'b'],
    ['none when none has quota left', [used], null, null],
    ['none when none is offered', [], 'a', null],
  ])('%s', (_, quotas, previous, selected) => {
    expect(selectQuota(quotas, previous)?.id ?? null).toBe(selected)
  })

  it('takes the fresh copy of the previous quota, with its new remaining counts', () => {
    const fresh = quotaWith({ id: 'a', remainingQuota: 2 })
    expect(selectQuota([fresh], 'a')).toBe(fresh)
  })
})

describe('express quota (spec section 5)', () => {
  const now = Temporal.Instant.from('2026-11-21T08:00:00Z')
  const inMinutes = (minutes: number) => now.add({ minutes })
  it.each([
    ['no limit', null, 3, 10, 'notExpress'],
    ['a zero limit', 0, 3, 10, 'notExpress'],
    ['departure beyond the limit', 60, 3, 61, 'notExpress'],
    ['departure exactly at the limit', 60, 3, 60, 'notExpress'],
    ['departure nearer than the limit', 60, 3, 59, 'expressQuotaWarning'],
    ['nearer, the last express trip left', 60, 1, 10, 'expressQuotaWarning'],
    ['nearer, none left', 60, 0, 59, 'expressQuotaNoneLeft'],
    ['beyond the limit, none left', 60, 0, 120, 'notExpress'],
  ])('%s', (_, limit, remaining, minutesAway, status) => {
    const quota = quotaWith({ expressQuotaTimeLimit: limit, remainingExpressQuota: remaining })
    expect(expressQuotaStatus(quota, inMinutes(minutesAway), now)).toBe(status)
  })
})

describe('VPL and SHL allow extras and extra passengers', () => {
  it.each([
    ['VPL', true],
    ['SHL', true],
    ['SOS', false],
    ['vpl', false],
    ['', false],
  ])('%j: %s', (decisionType, allowed) => {
    expect(allowsExtras({ decisionType })).toBe(allowed)
  })
})
