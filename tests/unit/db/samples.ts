import type { Passenger, Place, Trip, User } from '../../../src/contract'

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

export const tripOf = (id: string, passenger: Passenger, startDateTime: string): Trip => ({
  id,
  date: startDateTime.slice(0, 10),
  passenger: { id: passenger.id, name: passenger.name, avatarText: passenger.avatarText },
  startDateTime,
  endDateTime: startDateTime,
  startPlace: null,
  endPlace: null,
  startAddress: { alias: null, address: 'Kotikatu 1', lat: 60.2, lng: 24.7 },
  endAddress: { alias: 'Koulu', address: 'Koulutie 5', lat: 60.21, lng: 24.72 },
  viaPoints: [],
  carName: null,
  carRegisterNumber: null,
  carPhoneNumber: null,
  driverName: null,
  deductible: null,
  note: null,
  cancelledAt: null,
  cancelReason: null,
  pickupTime: null,
  dropoffTime: null,
  noShowTime: null,
  allowEtaQuery: false,
  allowReview: false,
  status: null,
  reviews: [],
})
