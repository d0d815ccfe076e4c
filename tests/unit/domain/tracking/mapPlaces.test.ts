import { describe, expect, it } from 'vitest'
import { mapPlaces, routeLine, showsTripMap } from '../../../../src/domain/tracking/mapPlaces'
import { tripWith } from '../trips/fixtures'

const nowhere = { alias: null, address: 'Tuntematon 1', lat: null, lng: null }
const via = (lat: number | null, lng: number | null) => ({
  viaPointAddress: { alias: null, address: 'Kauppatie 3, Espoo', lat, lng },
  viaPointPlace: null,
  time: null,
  waitTime: 0,
})

describe('the trip map (spec section 4)', () => {
  it.each([
    ['panel, both addresses located', true, {}, true],
    ['panel, only the start located', true, { endAddress: nowhere }, true],
    ['panel, only the end located', true, { startAddress: nowhere }, true],
    ['panel, neither located', true, { startAddress: nowhere, endAddress: nowhere }, false],
    [
      'panel, a located via point only',
      true,
      { startAddress: nowhere, endAddress: nowhere, viaPoints: [via(60.2, 24.7)] },
      false,
    ],
    ['no panel', false, {}, false],
  ])('%s: %s', (_name, panelShown, overrides, expected) => {
    expect(showsTripMap(panelShown, tripWith(overrides))).toBe(expected)
  })

  it('lists start, via points and end in order, named by alias or address', () => {
    const places = mapPlaces(tripWith({ viaPoints: [via(60.205, 24.71), via(null, null)] }))
    expect(places.map((place) => [place.kind, place.name])).toEqual([
      ['start', 'Koti'],
      ['via', 'Kauppatie 3, Espoo'],
      ['via', 'Kauppatie 3, Espoo'],
      ['end', 'Koulu'],
    ])
    expect(places[2]?.coordinates).toBeNull()
  })

  it('draws the route through the located stops only, and none through fewer than two', () => {
    const places = mapPlaces(tripWith({ viaPoints: [via(60.205, 24.71), via(null, null)] }))
    expect(routeLine(places)).toEqual([
      { latitude: 60.2, longitude: 24.7 },
      { latitude: 60.205, longitude: 24.71 },
      { latitude: 60.21, longitude: 24.72 },
    ])
    expect(routeLine(mapPlaces(tripWith({ endAddress: nowhere })))).toEqual([])
  })
})
