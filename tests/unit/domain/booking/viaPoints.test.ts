import { describe, expect, it } from 'vitest'
import {
  isSameLocation,
  isWaitTime,
  locationProblems,
  viaPointDeviation,
} from '../../../../src/domain/booking/viaPoints'
import { home, library, placeWith, school, searched } from './fixtures'

const noCoordinates = (place: typeof home) => ({ ...place, latitude: null, longitude: null })

describe('the same place', () => {
  it.each([
    [
      'identical coordinates',
      home,
      placeWith({ address: 'Toinen 9', latitude: 60.2, longitude: 24.7 }),
      true,
    ],
    ['different coordinates, same address', home, { ...home, latitude: 60.2001 }, false],
    ['different places', home, school, false],
    [
      'no coordinates, same address and locality',
      noCoordinates(home),
      { ...noCoordinates(home), address: ' KOTIKATU  1 ' },
      true,
    ],
    ['no coordinates on one side, same address', noCoordinates(home), home, true],
    [
      'no coordinates, same address, other locality',
      noCoordinates(home),
      { ...noCoordinates(home), city: 'Vantaa' },
      false,
    ],
    ['no coordinates, other address', noCoordinates(home), noCoordinates(school), false],
  ])('%s: %s', (_, a, b, same) => {
    expect(isSameLocation(a, b)).toBe(same)
    expect(isSameLocation(b, a)).toBe(same)
  })
})

describe('clashing places (spec section 5)', () => {
  const via = (place: typeof home | null) => ({ viaPointAddress: place })
  it.each([
    ['home to school', home, school, [], []],
    ['from and to the same', home, { ...home, id: 'home-2' }, [], [{ code: 'locationSame' }]],
    [
      'from or to not chosen yet',
      home,
      null,
      [via(home)],
      [{ code: 'viaPointLocationSame', viaPointIndex: 0 }],
    ],
    ['a good via point', home, school, [via(library)], []],
    [
      'a via point without an address',
      home,
      school,
      [via(null)],
      [{ code: 'viaPointAddressRequired', viaPointIndex: 0 }],
    ],
    ['a via point at from', home, school, [via(home)], [{ code: 'viaPointLocationSame', viaPointIndex: 0 }]],
    [
      'a via point at to',
      home,
      school,
      [via(library), via(school)],
      [{ code: 'viaPointLocationSame', viaPointIndex: 1 }],
    ],
    [
      'two via points at the same place: the later is flagged',
      home,
      school,
      [via(library), via(searched), via({ ...library, id: 'library-2' })],
      [{ code: 'viaPointSameAsOtherViaPoint', viaPointIndex: 2 }],
    ],
    [
      'everything at once',
      home,
      home,
      [via(home), via(null), via(library), via(library)],
      [
        { code: 'locationSame' },
        { code: 'viaPointLocationSame', viaPointIndex: 0 },
        { code: 'viaPointAddressRequired', viaPointIndex: 1 },
        { code: 'viaPointSameAsOtherViaPoint', viaPointIndex: 3 },
      ],
    ],
  ])('%s', (_, fromAddress, toAddress, viaPoints, problems) => {
    expect(locationProblems({ fromAddress, toAddress, viaPoints })).toEqual(problems)
  })
})

describe('via point deviation against the maximum (metres / 1000)', () => {
  it.each([
    [12.3, 10.1, 2200, { deviationKm: 2.2, maxDeviationKm: 2.2, exceeded: false }],
    [12.301, 10.1, 2200, { deviationKm: 2.201, maxDeviationKm: 2.2, exceeded: true }],
    [10.5, 10, 2000, { deviationKm: 0.5, maxDeviationKm: 2, exceeded: false }],
    [15, 10, 2000, { deviationKm: 5, maxDeviationKm: 2, exceeded: true }],
    [10, 10, 0, { deviationKm: 0, maxDeviationKm: 0, exceeded: false }],
    [10.001, 10, 0, { deviationKm: 0.001, maxDeviationKm: 0, exceeded: true }],
    [9.8, 10, 500, { deviationKm: -0.2, maxDeviationKm: 0.5, exceeded: false }],
  ])('%d km with via points, %d without, max %d m -> %o', (withViaPointKm, originalKm, max, expected) => {
    expect(viaPointDeviation({ withViaPointKm, originalKm }, max)).toEqual(expected)
  })

  it('has nothing to say when the permission sets no limit', () => {
    expect(viaPointDeviation({ withViaPointKm: 50, originalKm: 10 }, null)).toBeNull()
  })
})

describe('wait times 0, 5 and 10 minutes', () => {
  it.each([
    [0, true],
    [5, true],
    [10, true],
    [15, false],
    [-5, false],
    [7, false],
  ])('%d: %s', (minutes, allowed) => {
    expect(isWaitTime(minutes)).toBe(allowed)
  })
})
