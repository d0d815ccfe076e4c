import { describe, expect, it } from 'vitest'
import { Temporal } from 'temporal-polyfill'
import { panelStatus } from '../../../../src/domain/tracking/panelStatus'
import { panelTime } from '../../../../src/domain/tracking/panelTime'
import { at, plannedTrip, start, statusOf, tripStatusCodes } from './fixtures'

const times = { etd: at(2), eta: at(28), ata: at(31) }

describe('tracking panel status (spec section 4, each code named: docs/spec-differences.md)', () => {
  it.each([
    ['EnRoute', 'enRoute', 'orange', 'departure', 'departure'],
    ['Pickup', 'pickup', 'green', 'arrival', 'ride'],
    ['DropOff', 'dropOff', 'green', 'ended', 'over'],
    ['Cancelled', 'cancelled', 'red', null, 'over'],
    ['NoShow', 'noShow', 'red', null, 'over'],
    ['Unknown', 'unknown', 'neutral', null, 'none'],
    ['Booked', 'booked', 'neutral', 'departure', 'departure'],
    ['Routed', 'routed', 'neutral', 'departure', 'departure'],
    ['Dispatching', 'dispatching', 'neutral', 'departure', 'departure'],
    ['Dispatched', 'dispatched', 'neutral', 'departure', 'departure'],
    ['CarWaiting', 'carWaiting', 'orange', null, 'due'],
  ] as const)('%s is %s, %s', (name, kind, tone, time, leg) => {
    expect(panelStatus(statusOf(tripStatusCodes[name], times))).toEqual({ kind, tone, time, leg })
  })

  it('names a plain status for every code but Unknown', () => {
    const kinds = Object.values(tripStatusCodes).map((code) => panelStatus(statusOf(code)).kind)
    expect(new Set(kinds).size).toBe(kinds.length)
    expect(kinds.filter((kind) => kind === 'unknown')).toHaveLength(1)
  })

  it('times the departure, the arrival or the end by the status, else by the plan as the countdown does', () => {
    const { EnRoute, Pickup, DropOff, CarWaiting } = tripStatusCodes
    const instant = (iso: string) => Temporal.Instant.from(iso).toString()
    const timeOf = (status: ReturnType<typeof statusOf>) => {
      const time = panelTime(status, plannedTrip)
      return time && { ...time, at: instant(time.at) }
    }
    expect(timeOf(statusOf(EnRoute, times))).toEqual({ kind: 'departure', at: instant(times.etd) })
    expect(timeOf(statusOf(EnRoute))).toEqual({ kind: 'departure', at: instant(start) })
    expect(timeOf(statusOf(Pickup, times))).toEqual({ kind: 'arrival', at: instant(times.eta) })
    expect(timeOf(statusOf(DropOff, times))).toEqual({ kind: 'ended', at: instant(times.ata) })
    expect(timeOf(statusOf(DropOff))).toBeNull()
    expect(timeOf(statusOf(CarWaiting, times))).toBeNull()
  })
})
