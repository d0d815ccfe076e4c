import { describe, expect, it } from 'vitest'
import { mapFrame } from '../../../../src/domain/tracking/mapFrame'
import type { MapPlace } from '../../../../src/domain/tracking/mapPlaces'

const place = (kind: MapPlace['kind'], latitude: number | null, longitude = 24.9): MapPlace => ({
  kind,
  name: kind,
  coordinates: latitude === null ? null : { latitude, longitude },
})

describe('the map frame', () => {
  it('boxes the car, the pickup, the via points and the destination', () => {
    const places = [place('start', 60.17, 24.93), place('via', 60.2, 24.99), place('end', 60.21, 24.95)]
    expect(mapFrame(places, { latitude: 60.15, longitude: 24.9 })).toEqual({
      kind: 'bounds',
      southWest: { latitude: 60.15, longitude: 24.9 },
      northEast: { latitude: 60.21, longitude: 24.99 },
    })
  })

  it('leaves out a stop without coordinates', () => {
    expect(
      mapFrame([place('start', null), place('end', 60.2, 25)], { latitude: 60.1, longitude: 24.8 }),
    ).toEqual({
      kind: 'bounds',
      southWest: { latitude: 60.1, longitude: 24.8 },
      northEast: { latitude: 60.2, longitude: 25 },
    })
  })

  it('centres on one place when there is only one, and has nothing to frame without any', () => {
    expect(mapFrame([place('start', 60.17), place('end', null)], null)).toEqual({
      kind: 'point',
      center: { latitude: 60.17, longitude: 24.9 },
    })
    expect(mapFrame([place('start', 60.17)], { latitude: 60.17, longitude: 24.9 })).toMatchObject({
      kind: 'point',
    })
    expect(mapFrame([place('start', null)], null)).toBeNull()
  })
})
