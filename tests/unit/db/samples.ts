import type { Passenger, Place, Trip, User } from '../../../src/contract'
import { tripWith } from '../domain/trips/fixtures'

export const account: User = {
  id: 'user-1',
  name: 'Greta Guardian',
  userName: 'guardian',
  email: 'greta@example.fi',
  phone: '+358401234567',
  hasPassword: true,
  identityVerified: true,
}

export const passengerOf = (
  id: string,
  name: string,
  avatarText = name.slice(0, 2).toUpperCase(),
): Passenger => ({
  id,
  name,
  phone: null,
  avatarText,
})

export const placeOf = (id: string, address: string): Place => ({
  id,
  alias: null,
  display: address,
  address,
  streetnumber: null,
  postalcode: '02100',
  city: 'Espoo',
  latitude: 60.2,
  longitude: 24.7,
  isHome: true,
  isPickup: false,
  isViaPoint: false,
  isMain: false,
  isSecondaryPlace: false,
  source: 'productDestination',
})

/** A trip of `passenger` starting (and, for these tests, ending) at `startDateTime`. */
export const tripOf = (id: string, passenger: Passenger, startDateTime: string): Trip =>
  tripWith({
    id,
    date: startDateTime.slice(0, 10),
    passenger: { id: passenger.id, name: passenger.name, avatarText: passenger.avatarText },
    startDateTime,
    endDateTime: startDateTime,
    allowEtaQuery: false,
    allowReview: false,
  })
