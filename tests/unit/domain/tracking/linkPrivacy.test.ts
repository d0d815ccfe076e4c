import { describe, expect, it } from 'vitest'
import {
  carCoordinateDecimals,
  roundedCoordinate,
  stopCoordinateDecimals,
  streetAddress,
} from '../../../../src/domain/tracking/linkPrivacy'

describe('a tracking link’s street address', () => {
  it.each([
    ['Kotikatu 3 B 12, 02100 Espoo', 'Kotikatu 3, 02100 Espoo'],
    ['Kotikatu 3 B 12', 'Kotikatu 3'],
    ['Kotikatu 3 as. 12, Espoo', 'Kotikatu 3, Espoo'],
    ['Kotikatu 3 as 12', 'Kotikatu 3'],
    ['Kotikatu 3 A', 'Kotikatu 3'],
    ['Kotikatu 3b A 12, 02100 Espoo', 'Kotikatu 3b, 02100 Espoo'],
    ['Kotikatu 3-5 C 27', 'Kotikatu 3-5'],
    ['Hemvägen 4 bst 7, 02100 Esbo', 'Hemvägen 4, 02100 Esbo'],
    ['Itäinen Pitkäkatu 12 A 3, 20700 Turku', 'Itäinen Pitkäkatu 12, 20700 Turku'],
    ['Kotikatu 3 B 12 02100 Espoo', 'Kotikatu 3 02100 Espoo'],
    ['Kotikatu 3, B 12, 02100 Espoo', 'Kotikatu 3, 02100 Espoo'],
    ['Kotikatu 3, as. 12', 'Kotikatu 3'],
    ['Kotikatu 3, A, Espoo', 'Kotikatu 3, Espoo'],
    ['Koivukuja 3, 02130 Espoo', 'Koivukuja 3, 02130 Espoo'],
    ['Koulukatu 5, 02100 Espoo, Suomi', 'Koulukatu 5, 02100 Espoo, Suomi'],
    ['Keskuskoulu', 'Keskuskoulu'],
    ['  Kotikatu   3  B 12 ,  Espoo ', 'Kotikatu 3, Espoo'],
    ['', ''],
  ])('%j is %j', (address, expected) => {
    expect(streetAddress(address)).toBe(expected)
  })
})

describe('a tracking link’s coordinates', () => {
  it.each([
    [60.123456, stopCoordinateDecimals, 60.123],
    [24.65789, stopCoordinateDecimals, 24.658],
    [60.123456, carCoordinateDecimals, 60.1235],
    [null, stopCoordinateDecimals, null],
  ])('%j to %i decimals is %j', (value, decimals, expected) => {
    expect(roundedCoordinate(value, decimals)).toBe(expected)
  })
})
