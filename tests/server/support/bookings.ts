import { randomUUID } from 'node:crypto'
import { Temporal } from 'temporal-polyfill'
import type { BookingRequest } from '../../../src/contract/booking'
import type { Passenger, Place } from '../../../src/contract/passenger'
import { bookingDestination } from '../../../src/domain/booking/payload'
import type { LocatedPlace } from '../../../src/domain/booking/places'
import type { PermissionRecord } from '../../../server/db/repositories/permissions'
import { timeZone } from './trips'

/**
 * A permission of the passenger for free places, from a month ago to two months ahead in one period of 10 quota
 * trips, none used; tests override what they vary.
 */
export function permissionRecord(
  passengerId: string,
  overrides: Partial<PermissionRecord> = {},
  period: Partial<PermissionRecord['periods'][number]> = {},
): PermissionRecord {
  const today = Temporal.Now.plainDateISO(timeZone)
  const startDate = today.subtract({ days: 30 }).toString()
  const endDate = today.add({ days: 60 }).toString()
  return {
    id: randomUUID(),
    passengerId,
    name: 'Testipäätös',
    decisionType: 'OTHER',
    note: null,
    expressQuotaTimeLimit: null,
    tripDestinations: 3,
    allowViaPoints: false,
    viaPointMaxDeviation: null,
    extras: [],
    startDate,
    endDate,
    periods: [
      {
        startDate,
        endDate,
        totalQuota: 10,
        usedQuota: 0,
        totalExpressQuota: 0,
        usedExpressQuota: 0,
        savedToNext: 0,
        borrowed: 0,
        ...period,
      },
    ],
    placeGroups: [],
    allowedArea: null,
    ...overrides,
  }
}

/** The portal's booking of one passenger from home to the main place, leaving at `departureDateTime`. */
export function homeToMain(
  passenger: Pick<Passenger, 'id' | 'name'>,
  places: readonly Place[],
  permissionId: string,
  departureDateTime: string,
): BookingRequest {
  const stop = (place: Place | undefined) => bookingDestination(place as LocatedPlace, '', null)
  return {
    transportationPermissionId: permissionId,
    passengers: [{ id: passenger.id, name: passenger.name, phone: null, email: null, passengerCount: 1 }],
    departureDateTime,
    arrivalDateTime: null,
    type: 'departure',
    destinations: [stop(places.find((place) => place.isHome)), stop(places.find((place) => place.isMain))],
    additionalInformation: '',
    attributes: '',
    withAttendant: false,
  }
}
