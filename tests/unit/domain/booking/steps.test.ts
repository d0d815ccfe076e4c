import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import { newOrder, newViaPoint } from '../../../../src/domain/booking/order'
import {
  orderExpressQuotaStatus,
  saveProblems,
  stepProblems,
  type BookingStep,
} from '../../../../src/domain/booking/steps'
import { getTenant } from '../../../../tenants'
import { contextWith, home, library, orderWith, passenger, quotaWith, school, searched } from './fixtures'

const codesOf = (step: BookingStep, ...args: Parameters<typeof orderWith>) =>
  stepProblems(step, orderWith(...args), contextWith()).map((problem) => problem.code)

describe('step 1: passenger, passenger count and phone form', () => {
  const lahitaksi = contextWith({ phone: getTenant('lahitaksi').phone })
  it.each([
    ['a passenger', newOrder(passenger), contextWith(), []],
    ['no passenger', newOrder(null), contextWith(), ['passengerRequired']],
    ['a count of 0', { ...newOrder(passenger), passengerCount: 0 }, contextWith(), ['passengerCountMin']],
    ['no phone where one is required later', { ...newOrder(passenger), phone: '' }, lahitaksi, []],
    [
      'a malformed phone where the form is required',
      { ...newOrder(passenger), phone: '+358' },
      lahitaksi,
      ['phoneFormat'],
    ],
  ])('%s -> %j', (_, order, context, codes) => {
    expect(stepProblems(1, order, context).map((problem) => problem.code)).toEqual(codes)
  })
})

describe('step 2: a date today or later in Helsinki', () => {
  it.each([
    ['today', '2026-11-21', []],
    ['tomorrow', '2026-11-22', []],
    ['yesterday', '2026-11-20', ['dateBeforeMin']],
    ['none', null, ['dateRequired']],
  ])('%s -> %j', (_, date, codes) => {
    expect(codesOf(2, { date })).toEqual(codes)
  })

  it("uses the tenant's date: 23:30 UTC on the 21st is already the 22nd in Helsinki", () => {
    const context = contextWith({ now: Temporal.Instant.from('2026-11-21T22:30:00Z') })
    expect(stepProblems(2, orderWith({ date: '2026-11-21' }), context)).toEqual([{ code: 'dateBeforeMin' }])
  })
})

describe('step 3: a quota with trips left', () => {
  it.each([
    ['one with trips left', quotaWith(), []],
    ['none chosen', null, ['quotaRequired']],
    ['one used up', quotaWith({ remainingQuota: 0 }), ['quotaUsedUp']],
  ])('%s -> %j', (_, quota, codes) => {
    expect(codesOf(3, { quota })).toEqual(codes)
  })
})

describe('steps 4 and 7: trip information', () => {
  const via = (place: typeof home | null) => ({ ...newViaPoint(), viaPointAddress: place })
  it.each([
    ['home to school at 10:00', {}, []],
    ['no time', { time: null }, ['timeRequired']],
    ['08:00, now', { time: 480 }, ['timeInPast']],
    ['07:59', { time: 479 }, ['timeInPast']],
    ['08:01', { time: 481 }, []],
    ['00:30 the next day as 1470', { time: 1470 }, []],
    ['no from', { fromAddress: null }, ['fromAddressRequired']],
    ['no to', { toAddress: null }, ['toAddressRequired']],
    ['from and to the same', { toAddress: { ...home, id: 'other' } }, ['locationSame']],
    ['a searched address with free places', { toAddress: searched }, []],
    [
      'a searched address on a home-or-main permission',
      { toAddress: searched, quota: quotaWith({ tripDestinations: 0 }) },
      ['toPlaceNotAllowed'],
    ],
    [
      'a secondary place on a home-or-main permission',
      { fromAddress: library, quota: quotaWith({ tripDestinations: 0 }) },
      ['fromPlaceNotAllowed'],
    ],
    ['a via point', { viaPoints: [via(library)] }, []],
    ['a via point without an address', { viaPoints: [via(null)] }, ['viaPointAddressRequired']],
    ['a via point at from', { viaPoints: [via(home)] }, ['viaPointLocationSame']],
    [
      'two via points at one place',
      { viaPoints: [via(library), via(library)] },
      ['viaPointSameAsOtherViaPoint'],
    ],
    [
      'via points on a permission without them',
      { viaPoints: [via(library)], quota: quotaWith({ allowViaPoints: false }) },
      ['viaPointsNotAllowed'],
    ],
    [
      'a searched via point on a passenger-places permission',
      { viaPoints: [via(searched)], quota: quotaWith({ tripDestinations: 2 }) },
      ['viaPointPlaceNotAllowed'],
    ],
  ])('%s -> %j', (_, overrides, codes) => {
    expect(codesOf(4, overrides)).toEqual(codes)
    expect(codesOf(7, overrides)).toEqual(codes)
  })

  it('names the via point a problem concerns', () => {
    const order = orderWith({ viaPoints: [via(library), via(school)] })
    expect(stepProblems(4, order, contextWith())).toEqual([
      { code: 'viaPointLocationSame', viaPointIndex: 1 },
    ])
  })

  it.each([
    [true, [via(library)], ['viaPointDeviationExceeded']],
    [false, [via(library)], []],
    [true, [], []],
  ])('a deviation exceeded: %s with %j via points', (exceeded, viaPoints, codes) => {
    const context = contextWith({ deviation: { deviationKm: 3, maxDeviationKm: 2, exceeded } })
    expect(stepProblems(4, orderWith({ viaPoints }), context).map((problem) => problem.code)).toEqual(codes)
  })
})

describe('steps 5 and 8: additional info', () => {
  const context = (tenant: 'lahitaksi' | 'luvn' | 'espoo') => contextWith({ phone: getTenant(tenant).phone })
  it.each([
    ['espoo', {}, []],
    ['espoo', { phone: '' }, []],
    ['lahitaksi', { phone: '' }, ['phoneRequired']],
    ['lahitaksi', { phone: '040 123 4567' }, []],
    ['lahitaksi', { phone: '+358' }, ['phoneFormat']],
    ['luvn', { phone: '' }, ['phoneRequired']],
    ['espoo', { passengerCount: 2 }, ['extraPassengersNotAllowed']],
    ['espoo', { passengerCount: 2, quota: quotaWith({ decisionType: 'VPL' }) }, []],
    ['espoo', { passengerCount: 0 }, ['passengerCountMin']],
    [
      'espoo',
      { quota: quotaWith({ extras: [{ extraId: 'x', name: 'X', selected: true }] }) },
      ['extrasNotAllowed'],
    ],
  ] as const)('%s, %o -> %j', (tenant, overrides, codes) => {
    const order = orderWith(overrides)
    expect(stepProblems(5, order, context(tenant)).map((problem) => problem.code)).toEqual(codes)
    expect(stepProblems(8, order, context(tenant)).map((problem) => problem.code)).toEqual(codes)
  })
})

describe('steps 6 and 9: saving', () => {
  it('saves a complete order', () => {
    expect(saveProblems(orderWith(), contextWith())).toEqual([])
    expect(stepProblems(9, orderWith(), contextWith())).toEqual([])
  })

  it('lists every step that is not valid, each problem once', () => {
    const order = { ...newOrder(passenger), passengerCount: 0 }
    expect(stepProblems(6, order, contextWith()).map((problem) => problem.code)).toEqual([
      'dateRequired',
      'quotaRequired',
      'timeRequired',
      'fromAddressRequired',
      'toAddressRequired',
      'passengerCountMin',
    ])
  })

  it.each([
    ['beyond the express limit', 60, 0, 'notExpress', []],
    ['nearer than the limit, express quota left', 180, 1, 'expressQuotaWarning', []],
    ['nearer than the limit, none left', 180, 0, 'expressQuotaNoneLeft', ['expressQuotaNoneLeft']],
  ])('%s', (_, limit, remainingExpressQuota, status, codes) => {
    // The trip is at 10:00 and now is 08:00: 120 minutes away.
    const order = orderWith({ quota: quotaWith({ expressQuotaTimeLimit: limit, remainingExpressQuota }) })
    expect(orderExpressQuotaStatus(order, contextWith())).toBe(status)
    expect(saveProblems(order, contextWith()).map((problem) => problem.code)).toEqual(codes)
  })

  it('is not express before there is a time', () => {
    const order = orderWith({ time: null, quota: quotaWith({ expressQuotaTimeLimit: 180 }) })
    expect(orderExpressQuotaStatus(order, contextWith())).toBe('notExpress')
  })
})
