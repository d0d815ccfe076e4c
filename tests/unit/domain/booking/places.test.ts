import { describe, expect, it } from 'vitest'
import { tripDestinations, type TripDestinations } from '../../../../src/contract/permissions'
import {
  allowedPlaces,
  allowsFreePlaces,
  isDestinationAllowed,
  offeredPlaces,
  placeWords,
} from '../../../../src/domain/booking/places'
import { placeWith, quotaWith, searched } from './fixtures'

const home = placeWith({ id: 'home', isHome: true })
const pickup = placeWith({ id: 'pickup', isPickup: true })
const main = placeWith({ id: 'main', isMain: true })
const secondary = placeWith({ id: 'secondary', isSecondaryPlace: true })
const other = placeWith({ id: 'other' })
const homeAndSecondary = placeWith({ id: 'home-secondary', isHome: true, isSecondaryPlace: true })
const places = [home, pickup, main, secondary, other, homeAndSecondary]

describe('filtering the passenger places by tripDestinations (spec section 4)', () => {
  it.each([
    [tripDestinations.homeOrMain, ['home', 'pickup', 'main', 'home-secondary']],
    [tripDestinations.placeGroups, ['home', 'pickup', 'main', 'secondary', 'other', 'home-secondary']],
    [tripDestinations.passengerPlaces, ['home', 'pickup', 'main', 'secondary', 'other', 'home-secondary']],
    [tripDestinations.freePlaces, ['home', 'pickup', 'main', 'secondary', 'other', 'home-secondary']],
    [tripDestinations.homeOrSecondary, ['home', 'pickup', 'secondary', 'home-secondary']],
    [tripDestinations.mainOrSecondary, ['main', 'secondary', 'home-secondary']],
  ])('%d keeps %j', (destinations, ids) => {
    expect(allowedPlaces(places, destinations).map((place) => place.id)).toEqual(ids)
  })

  it.each([
    [0, false],
    [1, false],
    [2, false],
    [3, true],
    [4, false],
    [5, false],
  ] as [TripDestinations, boolean][])(
    '%d allows map search and apartment fields: %s',
    (destinations, free) => {
      expect(allowsFreePlaces(destinations)).toBe(free)
    },
  )
})

describe('a place chosen earlier, checked under the permission', () => {
  it.each([
    ['a searched address with free places', searched, 3, true],
    ['a searched address with passenger places', searched, 2, false],
    ['a searched address with home or main', searched, 0, false],
    ['a predicted address with free places', { ...searched, source: 'mapPlacePrediction' as const }, 3, true],
    [
      'a predicted address with place groups',
      { ...searched, source: 'mapPlacePrediction' as const },
      1,
      false,
    ],
    ['home with home or main', home, 0, true],
    ['secondary with home or main', secondary, 0, false],
    ['main with home or secondary', main, 4, false],
    ['pickup with main or secondary', pickup, 5, false],
    ['another saved place with passenger places', other, 2, true],
  ] as [string, typeof home, TripDestinations, boolean][])('%s: %s', (_, place, destinations, allowed) => {
    expect(isDestinationAllowed(place, destinations)).toBe(allowed)
  })
})

describe('the places the booking wizard offers', () => {
  const unlocated = placeWith({ id: 'unlocated', isHome: true, latitude: null })
  const ids = (list: { id: string }[]) => list.map((place) => place.id)

  it('offers none before a permission is chosen', () => {
    expect(offeredPlaces(places, null)).toEqual([])
  })

  it('leaves out places without coordinates, which cannot be routed or booked', () => {
    expect(ids(offeredPlaces([...places, unlocated], quotaWith({ tripDestinations: 2 })))).toEqual(
      ids(places),
    )
  })

  it("offers only the place groups' places on place groups", () => {
    const quota = quotaWith({
      tripDestinations: 1,
      placeGroups: [
        { name: 'Koulu', placeIds: ['main', 'unlocated'] },
        { name: 'Harrastus', placeIds: ['other'] },
      ],
    })
    expect(ids(offeredPlaces([...places, unlocated], quota))).toEqual(['main', 'other'])
  })

  it('filters by kind for the restricted values', () => {
    expect(ids(offeredPlaces(places, quotaWith({ tripDestinations: 5 })))).toEqual([
      'main',
      'secondary',
      'home-secondary',
    ])
  })
})

describe('placeWords', () => {
  const koti = { alias: 'Koti', display: 'Koti', address: 'Koivukuja 12, 02100 Espoo' }

  it('names the alias once and gives the street address under it', () => {
    expect(placeWords(koti)).toEqual({ name: 'Koti', street: 'Koivukuja 12, 02100 Espoo' })
  })

  it('keeps a display name that says more than the alias', () => {
    expect(placeWords({ ...koti, alias: 'Koulu', display: 'Keskuskoulu' }).name).toBe('Koulu, Keskuskoulu')
  })

  it('takes the display name for the street when it is the address in full', () => {
    const full = { alias: 'Koti', display: 'Kotikatu 1, 02100 Espoo', address: 'Kotikatu 1' }
    expect(placeWords(full)).toEqual({ name: 'Koti', street: 'Kotikatu 1, 02100 Espoo' })
  })

  it('gives a searched address once', () => {
    const searched = { alias: null, display: 'Mannerheimintie 5', address: 'Mannerheimintie 5' }
    expect(placeWords(searched)).toEqual({ name: 'Mannerheimintie 5', street: null })
    expect(placeWords({ ...searched, alias: 'Mummola' })).toEqual({
      name: 'Mummola',
      street: 'Mannerheimintie 5',
    })
  })
})
