import { describe, expect, it } from 'vitest'
import { panelStatus } from '../../../../src/domain/tracking/panelStatus'
import { at, statusOf, tripStatusCodes } from './fixtures'

const times = { etd: at(2), eta: at(28), ata: at(31) }

describe('tracking panel status (spec section 4)', () => {
  it.each([
    ['EnRoute', 'enRoute', 'orange', times.etd],
    ['Pickup', 'pickup', 'green', times.eta],
    ['DropOff', 'dropOff', 'green', times.ata],
    ['Cancelled', 'cancelled', 'red', null],
    ['NoShow', 'noShow', 'red', null],
    ['Unknown', 'unknown', 'neutral', null],
    ['Booked', 'unknown', 'neutral', null],
    ['Routed', 'unknown', 'neutral', null],
    ['Dispatching', 'unknown', 'neutral', null],
    ['Dispatched', 'unknown', 'neutral', null],
    ['CarWaiting', 'unknown', 'neutral', null],
  ] as const)('%s is %s, %s', (name, kind, tone, time) => {
    expect(panelStatus(statusOf(tripStatusCodes[name], times))).toEqual({ kind, tone, time })
  })

  it('names no time the status lacks', () => {
    expect(panelStatus(statusOf(tripStatusCodes.EnRoute)).time).toBeNull()
  })
})
