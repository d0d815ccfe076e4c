import { describe, expect, it } from 'vitest'
import { showsTrackingPanel } from '../../../../src/domain/tracking/panelVisibility'
import { statusOf, tripStatusCodes } from './fixtures'

const { Unknown, Booked, EnRoute, CarWaiting, Pickup, DropOff, Cancelled, NoShow } = tripStatusCodes

describe('tracking panel visibility (spec section 4)', () => {
  it.each([
    ['ETA allowed, EnRoute', false, true, EnRoute, true],
    ['ETA allowed, Booked', false, true, Booked, true],
    ['ETA allowed, CarWaiting', false, true, CarWaiting, true],
    ['ETA allowed, Pickup', false, true, Pickup, true],
    ['ETA allowed, DropOff', false, true, DropOff, true],
    ['ETA allowed, NoShow', false, true, NoShow, true],
    ['ETA allowed, Unknown', false, true, Unknown, false],
    ['ETA allowed, Cancelled', false, true, Cancelled, false],
    ['ETA allowed, no status', false, true, null, false],
    ['ETA not allowed, EnRoute', false, false, EnRoute, false],
    ['track route, ETA not allowed, EnRoute', true, false, EnRoute, true],
    ['track route, Cancelled', true, false, Cancelled, false],
    ['track route, no status', true, true, null, false],
  ] as const)('%s', (_, trackingRoute, allowEtaQuery, code, shown) => {
    const status = code === null ? null : statusOf(code)
    expect(showsTrackingPanel({ trackingRoute, allowEtaQuery, status })).toBe(shown)
  })
})
