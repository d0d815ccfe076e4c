import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import type { BookingDestination } from '../../../../src/contract/booking'
import {
  bookingRefusalCodes,
  tripDestinations,
  type BookingRefusalCode,
} from '../../../../src/contract/codes'
import type { Place } from '../../../../src/contract/passenger'
import type { Quota, QuotaPeriod } from '../../../../src/contract/permissions'
import {
  bookingRefusals,
  usesExpressQuota,
  type BookingFacts,
  type BookingRefusal,
} from '../../../../src/domain/booking/refusals'
import { bookingDestination } from '../../../../src/domain/booking/payload'
import type { LocatedPlace } from '../../../../src/domain/booking/places'
import { helsinki, home, library, placeWith, quotaWith, school, searched } from './fixtures'

const now = Temporal.Instant.from('2026-11-21T08:00:00+02:00')
const inMinutes = (minutes: number) => ({ departure: now.add({ minutes }), date: '2026-11-21' })

/** A trip on `date` at `time` in Helsinki: the date and the departure the server derives together. */
function leaving(date: string, time = '10:00'): Pick<BookingFacts, 'date' | 'departure'> {
  const departure = Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: helsinki, plainTime: time })
  return { date, departure: departure.toInstant() }
}

const autumn: QuotaPeriod = {
  startDate: '2026-08-01',
  endDate: '2026-12-31',
  totalQuota: 10,
  usedQuota: 0,
  totalExpressQuota: 0,
  usedExpressQuota: 0,
  savedToNext: 0,
  borrowed: 0,
}
const spring: QuotaPeriod = { ...autumn, startDate: '2027-01-01', endDate: '2027-05-31' }

/** A free places permission from 2026-08-01 to 2027-05-31 with ten trips in each half-year, and `overrides`. */
const permitting = (overrides: Partial<Quota> = {}) => ({
  permission: quotaWith({
    tripDestinations: tripDestinations.freePlaces,
    periods: [autumn, spring],
    ...overrides,
  }),
})
const inAutumn = (overrides: Partial<QuotaPeriod>) =>
  permitting({ periods: [{ ...autumn, ...overrides }, spring] })

/** The place as the portal sends it as a stop. */
const stop = (place: Place): BookingDestination => bookingDestination(place as LocatedPlace, '', null)
const via = (place: Place): BookingDestination => bookingDestination(place as LocatedPlace, '', 5)
const through = (...stops: BookingDestination[]) => ({ destinations: stops })
const north = (place: Place, degrees: number) => ({ ...place, latitude: place.latitude! + degrees })

/** Home to school on Monday 2026-11-23 at 10:00, booked on Saturday: nothing to refuse. */
function factsWith(overrides: Partial<BookingFacts>): BookingFacts {
  return {
    ...permitting(),
    destinations: [stop(home), stop(school)],
    places: [home, school, library],
    ...leaving('2026-11-23'),
    now,
    route: { withViaPointKm: 10, originalKm: 10 },
    phone: '040 123 4567',
    phoneRules: { internationalFormat: false, requiredAtBooking: false },
    passengerCount: 1,
    extraIds: [],
    addressesOffMap: [],
    ...overrides,
  }
}

const refused = (code: BookingRefusalCode, property: string): BookingRefusal => ({ code, property })
const onPermission = (code: BookingRefusalCode) => refused(code, 'transportationPermissionId')

/** Espoo's square, 60.1 to 60.3 north and 24.6 to 24.8 east: home, school and the library lie inside. */
const espoo = {
  polygon: [
    { latitude: 60.1, longitude: 24.6 },
    { latitude: 60.3, longitude: 24.6 },
    { latitude: 60.3, longitude: 24.8 },
    { latitude: 60.1, longitude: 24.8 },
  ],
}
/** An address searched on the map, on Espoo's northern edge. */
const northernEdge = { ...searched, latitude: 60.3, longitude: 24.7 }

const extras = [{ extraId: 'wheelchair', name: 'Pyörätuoli', selected: false }]
const internationalPhone = { internationalFormat: true, requiredAtBooking: false }

const rows: [string, Partial<BookingFacts>, BookingRefusal[]][] = [
  ['home to school, everything in order', {}, []],

  // The time
  ['leaving right now', { departure: now, date: '2026-11-21' }, []],
  ['leaving a minute ago', inMinutes(-1), [refused('booking_time_past', 'departureDateTime')]],
  [
    'in the past: the time alone is reported, whatever else is wrong',
    { ...inMinutes(-1), destinations: [stop(home), stop(home)], passengerCount: 2, phone: null },
    [refused('booking_time_past', 'departureDateTime')],
  ],

  // The permission's and its periods' dates
  ["the permission's last day", leaving('2027-05-31', '23:59'), []],
  [
    "the day after the permission's last",
    leaving('2027-06-01', '00:00'),
    [onPermission('booking_permission_not_valid')],
  ],
  [
    "the permission's first day",
    {
      ...leaving('2026-11-23', '00:00'),
      ...permitting({ startDate: '2026-11-23', periods: [{ ...autumn, startDate: '2026-11-23' }] }),
    },
    [],
  ],
  [
    "the day before the permission's first",
    {
      ...leaving('2026-11-22', '23:59'),
      ...permitting({ startDate: '2026-11-23', periods: [{ ...autumn, startDate: '2026-11-23' }] }),
    },
    [onPermission('booking_permission_not_valid')],
  ],
  [
    "a day of the permission's in none of its periods",
    { ...leaving('2027-01-04'), ...permitting({ periods: [autumn] }) },
    [onPermission('booking_permission_not_valid')],
  ],

  // The quota
  ["the period's last trip", inAutumn({ usedQuota: 9 }), []],
  ["the period's trips used up", inAutumn({ usedQuota: 10 }), [onPermission('booking_no_quota')]],
  [
    'trips left in the next period do not help this one',
    { ...inAutumn({ usedQuota: 10 }), ...leaving('2026-12-31') },
    [onPermission('booking_no_quota')],
  ],
  [
    "trips saved on from the period before count in this one's",
    {
      ...permitting({
        periods: [
          { ...autumn, savedToNext: 2 },
          { ...spring, usedQuota: 11 },
        ],
      }),
      ...leaving('2027-01-04'),
    },
    [],
  ],

  // The express quota: leaving sooner than the limit uses an express trip as well
  [
    'at the express limit, with no express trips',
    { ...inMinutes(60), ...permitting({ expressQuotaTimeLimit: 60 }) },
    [],
  ],
  [
    'a minute inside the express limit, with no express trips',
    { ...inMinutes(59), ...permitting({ expressQuotaTimeLimit: 60 }) },
    [onPermission('booking_no_express_quota')],
  ],
  [
    'a minute inside the express limit, with the last express trip left',
    {
      ...inMinutes(59),
      ...permitting({
        expressQuotaTimeLimit: 60,
        periods: [{ ...autumn, totalExpressQuota: 2, usedExpressQuota: 1 }],
      }),
    },
    [],
  ],
  [
    'inside the express limit with no trips at all: the quota is the reason',
    {
      ...inMinutes(59),
      ...permitting({ expressQuotaTimeLimit: 60, periods: [{ ...autumn, usedQuota: 10 }] }),
    },
    [onPermission('booking_no_quota')],
  ],

  // From, to and the via points
  [
    'from and to the same place',
    through(stop(home), stop(home)),
    [refused('booking_same_location', 'destinations.1')],
  ],
  ['from and to a step apart', through(stop(searched), stop(north(searched, 0.00001))), []],
  [
    'a via point at from',
    through(stop(home), via(library), via(home), stop(school)),
    [refused('booking_via_point_same_location', 'destinations.2')],
  ],
  [
    'a via point where an earlier one is',
    through(stop(home), via(library), via(searched), via(library), stop(school)),
    [refused('booking_via_point_same_location', 'destinations.3')],
  ],

  // Where trips may go (tripDestinations)
  ['free places: a searched address', through(stop(home), stop(searched)), []],
  [
    'free places: a searched address the geocoder puts elsewhere',
    { ...through(stop(home), stop(searched)), addressesOffMap: [1] },
    [refused('booking_address_mismatch', 'destinations.1')],
  ],
  [
    "passenger's places: a searched address the geocoder puts elsewhere is refused as not allowed",
    {
      ...through(stop(searched), stop(school)),
      ...permitting({ tripDestinations: tripDestinations.passengerPlaces }),
      addressesOffMap: [0],
    },
    [refused('booking_destination_not_allowed', 'destinations.0')],
  ],
  [
    "passenger's places: a searched address",
    {
      ...through(stop(searched), stop(school)),
      ...permitting({ tripDestinations: tripDestinations.passengerPlaces }),
    },
    [refused('booking_destination_not_allowed', 'destinations.0')],
  ],
  [
    "passenger's places: any saved one",
    {
      ...through(stop(library), stop(school)),
      ...permitting({ tripDestinations: tripDestinations.passengerPlaces }),
    },
    [],
  ],
  ['home or main: home to school', permitting({ tripDestinations: tripDestinations.homeOrMain }), []],
  [
    'home or main: to the library, a secondary place',
    {
      ...through(stop(home), stop(library)),
      ...permitting({ tripDestinations: tripDestinations.homeOrMain }),
    },
    [refused('booking_destination_not_allowed', 'destinations.1')],
  ],
  [
    'home or secondary: to school, a main place',
    permitting({ tripDestinations: tripDestinations.homeOrSecondary }),
    [refused('booking_destination_not_allowed', 'destinations.1')],
  ],
  [
    'main or secondary: from home',
    {
      ...through(stop(home), via(school), stop(library)),
      ...permitting({ tripDestinations: tripDestinations.mainOrSecondary }),
    },
    [refused('booking_destination_not_allowed', 'destinations.0')],
  ],
  [
    'place groups: both in a group',
    permitting({
      tripDestinations: tripDestinations.placeGroups,
      placeGroups: [{ name: 'Koulumatka', placeIds: ['home', 'school'] }],
    }),
    [],
  ],
  [
    'place groups: a saved place in none, and a searched address',
    {
      ...through(stop(searched), via(library), stop(school)),
      ...permitting({
        tripDestinations: tripDestinations.placeGroups,
        placeGroups: [{ name: 'Koulumatka', placeIds: ['home', 'school'] }],
      }),
    },
    [
      refused('booking_destination_not_allowed', 'destinations.0'),
      refused('booking_destination_not_allowed', 'destinations.1'),
    ],
  ],
  [
    'a place id the passenger has not saved',
    through(stop(home), stop(placeWith({ id: 'someone-elses', latitude: 60.25 }))),
    [refused('booking_destination_not_allowed', 'destinations.1')],
  ],
  [
    'a saved place with its coordinates moved elsewhere',
    through(stop(home), stop(north(school, 0.00001))),
    [refused('booking_destination_not_allowed', 'destinations.1')],
  ],

  [
    'a saved place without coordinates, sent with some',
    {
      ...through(stop(home), stop(school)),
      places: [{ ...home, latitude: null, longitude: null }, school, library],
    },
    [refused('booking_destination_not_allowed', 'destinations.0')],
  ],

  // Via points and their detour (viaPointMaxDeviation in metres)
  ['via points not allowed, none asked', permitting({ allowViaPoints: false }), []],
  [
    'via points not allowed: the detour is not measured',
    {
      ...through(stop(home), via(library), stop(school)),
      ...permitting({ allowViaPoints: false, viaPointMaxDeviation: 2000 }),
      route: { withViaPointKm: 20, originalKm: 10 },
    },
    [refused('booking_via_points_not_allowed', 'destinations')],
  ],
  [
    'a detour of exactly the maximum',
    {
      ...through(stop(home), via(library), stop(school)),
      ...permitting({ viaPointMaxDeviation: 2000 }),
      route: { withViaPointKm: 12, originalKm: 10 },
    },
    [],
  ],
  [
    'a detour a metre over the maximum, with both numbers',
    {
      ...through(stop(home), via(library), stop(school)),
      ...permitting({ viaPointMaxDeviation: 2000 }),
      route: { withViaPointKm: 12.001, originalKm: 10 },
    },
    [{ ...refused('booking_via_point_deviation', 'destinations'), deviationKm: 2.001, maxDeviationKm: 2 }],
  ],
  [
    'any detour when the permission sets no maximum',
    { ...through(stop(home), via(library), stop(school)), route: { withViaPointKm: 50, originalKm: 10 } },
    [],
  ],

  // The allowed area, edges included
  ['no area: anywhere', through(stop(home), stop(searched)), []],
  [
    'inside the area, to its edge',
    { ...through(stop(home), stop(northernEdge)), ...permitting({ allowedArea: espoo }) },
    [],
  ],
  [
    'just past the edge',
    { ...through(stop(home), stop(north(northernEdge, 0.0001))), ...permitting({ allowedArea: espoo }) },
    [refused('booking_outside_area', 'destinations')],
  ],
  [
    'a via point outside the area',
    { ...through(stop(home), via(searched), stop(school)), ...permitting({ allowedArea: espoo }) },
    [refused('booking_outside_area', 'destinations')],
  ],
  [
    "outside a social welfare act permission's area: the municipality's",
    { ...through(stop(home), stop(searched)), ...permitting({ decisionType: 'SHL', allowedArea: espoo }) },
    [refused('booking_outside_municipality', 'destinations')],
  ],

  // The phone, by the tenant's rules
  ['no phone where none is required', { phone: null }, []],
  [
    'no phone where the tenant requires one',
    { phone: null, phoneRules: { internationalFormat: false, requiredAtBooking: true } },
    [refused('booking_phone_required', 'passengers.0.phone')],
  ],
  [
    'only spaces where the tenant requires one',
    { phone: '   ', phoneRules: { internationalFormat: false, requiredAtBooking: true } },
    [refused('booking_phone_required', 'passengers.0.phone')],
  ],
  ['a national number becomes an international one', { phoneRules: internationalPhone }, []],
  [
    'six digits, the fewest an international number has',
    { phone: '+358 401', phoneRules: internationalPhone },
    [],
  ],
  [
    'five digits',
    { phone: '+358 40', phoneRules: internationalPhone },
    [refused('booking_phone_format', 'passengers.0.phone')],
  ],
  ['a short number where the form is free', { phone: '112' }, []],

  // Extra passengers and extras: only VPL and SHL
  [
    'two passengers on an ordinary permission',
    { passengerCount: 2 },
    [refused('booking_extra_passengers', 'passengers.0.passengerCount')],
  ],
  ['two passengers on VPL', { passengerCount: 2, ...permitting({ decisionType: 'VPL' }) }, []],
  ['eight passengers on SHL', { passengerCount: 8, ...permitting({ decisionType: 'SHL' }) }, []],
  [
    'VPL with its own extra',
    { extraIds: ['wheelchair'], ...permitting({ decisionType: 'VPL', extras }) },
    [],
  ],
  [
    'VPL with an extra it does not have',
    { extraIds: ['wheelchair', 'sauna'], ...permitting({ decisionType: 'VPL', extras }) },
    [refused('booking_extras_not_allowed', 'attributes')],
  ],
  [
    'an ordinary permission with its extra chosen',
    { extraIds: ['wheelchair'], ...permitting({ extras }) },
    [refused('booking_extras_not_allowed', 'attributes')],
  ],
  [
    'an ordinary permission whose extra is preselected but not chosen',
    permitting({ extras: [{ ...extras[0]!, selected: true }] }),
    [],
  ],

  // Several at once: the most fundamental first, for the answer's code is the first one's
  [
    'no trips, a place not allowed, no phone and an extra passenger',
    {
      ...permitting({
        tripDestinations: tripDestinations.homeOrMain,
        periods: [{ ...autumn, usedQuota: 10 }],
      }),
      destinations: [stop(library), stop(school)],
      phone: null,
      phoneRules: { internationalFormat: false, requiredAtBooking: true },
      passengerCount: 2,
    },
    [
      onPermission('booking_no_quota'),
      refused('booking_destination_not_allowed', 'destinations.0'),
      refused('booking_phone_required', 'passengers.0.phone'),
      refused('booking_extra_passengers', 'passengers.0.passengerCount'),
    ],
  ],
]

describe("the server's check of an arriving booking", () => {
  it.each(rows)('%s', (_, overrides, expected) => {
    expect(bookingRefusals(factsWith(overrides))).toEqual(expected)
  })

  it('has a row for every refusal these rules make', () => {
    const judged = new Set(rows.flatMap(([, , expected]) => expected.map((found) => found.code)))
    // Another passenger's permission is refused before these rules run, when the server looks it up.
    const ruled = bookingRefusalCodes.filter((code) => code !== 'booking_permission_not_found')
    expect([...judged].sort()).toEqual([...ruled].sort())
  })
})

describe('an express trip uses an express trip of the quota as well', () => {
  const express = permitting({ expressQuotaTimeLimit: 60, periods: [{ ...autumn, totalExpressQuota: 1 }] })
  it.each([
    ['a minute inside the limit', { ...express, ...inMinutes(59) }, true],
    ['at the limit', { ...express, ...inMinutes(60) }, false],
    ['no limit', inMinutes(1), false],
  ])('%s: %s', (_, overrides, uses) => {
    expect(usesExpressQuota(factsWith(overrides))).toBe(uses)
  })
})
