import { Temporal } from 'temporal-polyfill'
import type { Passenger, Place } from '../../../../src/contract/passenger'
import type { Quota } from '../../../../src/contract/permissions'
import type { PassengerBooking } from '../../../../src/domain/booking/awaiting'
import { newOrder, type BookingOrder } from '../../../../src/domain/booking/order'
import type { BookingRuleContext } from '../../../../src/domain/booking/steps'

export const passenger: Passenger = {
  id: 'p1',
  name: 'Ella Järvinen',
  phone: '040 123 4567',
  avatarText: 'EJ',
}

/** A saved place of no particular kind in Espoo; tests say what kind it is. */
export function placeWith(overrides: Partial<Place> = {}): Place {
  return {
    id: 'place-1',
    alias: null,
    display: 'Kotikatu 1, 02100 Espoo',
    address: 'Kotikatu 1',
    streetnumber: '1',
    postalcode: '02100',
    city: 'Espoo',
    latitude: 60.2,
    longitude: 24.7,
    isHome: false,
    isPickup: false,
    isViaPoint: false,
    isMain: false,
    isSecondaryPlace: false,
    source: 'productDestination',
    ...overrides,
  }
}

export const home = placeWith({ id: 'home', alias: 'Koti', isHome: true })
export const school = placeWith({
  id: 'school',
  alias: 'Koulu',
  address: 'Koulutie 2',
  streetnumber: '2',
  latitude: 60.21,
  longitude: 24.72,
  isMain: true,
})
export const library = placeWith({
  id: 'library',
  alias: 'Kirjasto',
  address: 'Kirjastokatu 3',
  streetnumber: '3',
  latitude: 60.22,
  longitude: 24.73,
  isSecondaryPlace: true,
})
export const searched = placeWith({
  id: 'geo-1',
  address: 'Mannerheimintie 5',
  streetnumber: '5',
  postalcode: '00100',
  city: 'Helsinki',
  latitude: 60.17,
  longitude: 24.94,
  source: 'mapPlaceResult',
})

export function quotaWith(overrides: Partial<Quota> = {}): Quota {
  return {
    id: 'q1',
    name: 'Koulukuljetus',
    decisionType: 'SOS',
    note: null,
    remainingQuota: 10,
    remainingExpressQuota: 0,
    expressQuotaTimeLimit: null,
    tripDestinations: 3,
    allowViaPoints: true,
    viaPointMaxDeviation: null,
    extras: [],
    startDate: '2026-08-01',
    endDate: '2027-05-31',
    periods: [],
    placeGroups: [],
    allowedArea: null,
    ...overrides,
  }
}

/** A complete order: home to school on 2026-11-21 at 10:00, departure time, free places quota. */
export function orderWith(overrides: Partial<BookingOrder> = {}): BookingOrder {
  return {
    ...newOrder(passenger),
    fromAddress: home,
    toAddress: school,
    date: '2026-11-21',
    time: 600,
    quota: quotaWith(),
    ...overrides,
  }
}

export const helsinki = 'Europe/Helsinki'

/** 2026-11-21 at 08:00 in Helsinki, no phone rules, no route answer. */
export function contextWith(overrides: Partial<BookingRuleContext> = {}): BookingRuleContext {
  return {
    now: Temporal.Instant.from('2026-11-21T08:00:00+02:00'),
    timeZone: helsinki,
    phone: { internationalFormat: false, requiredAtBooking: false },
    deviation: null,
    ...overrides,
  }
}

/** A booking awaiting approval on 2026-11-23, 07:45-08:10 Helsinki time, as a pull stores it. */
export function bookingWith(overrides: Partial<PassengerBooking> = {}): PassengerBooking {
  return {
    tripId: 't1',
    date: '2026-11-23',
    passengerId: 'p1',
    approval: 'awaiting',
    startDateTime: '2026-11-23T07:45:00+02:00',
    endDateTime: '2026-11-23T08:10:00+02:00',
    startAddress: { alias: 'Koti', address: 'Koivukuja 12', lat: 60.2, lng: 24.7 },
    endAddress: { alias: null, address: 'Koulutie 2', lat: 60.21, lng: 24.72 },
    refusalReason: null,
    ...overrides,
  }
}
