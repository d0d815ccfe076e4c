import { describe, expect, it } from 'vitest'
import { greatCircleMetres } from '../../../../src/domain/greatCircle'
import {
  bearingDegrees,
  headingMinMoveMeters,
  nextCarHeading,
} from '../../../../src/domain/tracking/carHeading'

const espoo = { latitude: 60.2055, longitude: 24.6559 }
/** A point `meters` north of Espoo (a degree of latitude is about 111.2 km). */
const north = (meters: number) => ({
  latitude: espoo.latitude + meters / 111_195,
  longitude: espoo.longitude,
})

describe('car heading', () => {
  it('points north, east, south and west along the axes', () => {
    expect(bearingDegrees(espoo, north(100))).toBeCloseTo(0, 5)
    expect(bearingDegrees(espoo, { ...espoo, longitude: espoo.longitude + 0.01 })).toBeCloseTo(90, 2)
    expect(bearingDegrees(north(100), espoo)).toBeCloseTo(180, 5)
    expect(bearingDegrees(espoo, { ...espoo, longitude: espoo.longitude - 0.01 })).toBeCloseTo(270, 2)
  })

  it('gives the great-circle bearing, not the flat one', () => {
    // The textbook case: from Baghdad (35°N 45°E) to Osaka (35°N 135°E) the great circle starts at 60°, where
    // a flat map would say due east.
    const baghdad = { latitude: 35, longitude: 45 }
    const osaka = { latitude: 35, longitude: 135 }
    expect(bearingDegrees(baghdad, osaka)).toBeCloseTo(60, 0)
    // A degree of latitude on a sphere of 6371 km.
    expect(greatCircleMetres(espoo, { ...espoo, latitude: espoo.latitude + 1 })).toBeCloseTo(111_195, -1)
  })

  it('has no heading for a car seen once, and none without a location', () => {
    expect(nextCarHeading(null, espoo)).toEqual({ location: espoo, heading: null })
    expect(nextCarHeading({ location: espoo, heading: 90 }, null)).toBeNull()
  })

  it('turns to the bearing from the previous location to the new one', () => {
    const moved = nextCarHeading({ location: north(200), heading: 0 }, espoo)
    expect(moved?.location).toEqual(espoo)
    expect(moved?.heading).toBeCloseTo(180, 5)
  })

  it('keeps its heading while it stands, up to the jitter threshold', () => {
    const standing = nextCarHeading({ location: espoo, heading: 42 }, north(headingMinMoveMeters - 1))
    expect(standing).toEqual({ location: north(headingMinMoveMeters - 1), heading: 42 })
    expect(
      nextCarHeading({ location: espoo, heading: 42 }, north(headingMinMoveMeters + 1))?.heading,
    ).toBeCloseTo(0, 5)
  })
})
