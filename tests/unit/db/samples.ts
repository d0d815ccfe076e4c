import { Temporal } from 'temporal-polyfill'
import type {
  Message,
  MessagePage,
  Passenger,
  Place,
  Quota,
  Trip,
  UnapprovedBooking,
  User,
} from '../../../src/contract'
import { tripWith } from '../domain/trips/fixtures'

export const account: User = {
  id: 'user-1',
  name: 'Greta Guardian',
  userName: 'guardian',
  email: 'greta@example.fi',
  phone: '+358401234567',
  hasPassword: true,
  identityVerified: true,
  emailStatus: 'verified',
  mailEnabled: true,
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

/** A booking awaiting approval, as the passenger's reads list it: 25 minutes from `startDateTime`. */
export const bookingOf = (tripId: string, startDateTime: string): UnapprovedBooking => ({
  tripId,
  date: startDateTime.slice(0, 10),
  approval: 'awaiting',
  startDateTime,
  endDateTime: Temporal.PlainDateTime.from(startDateTime.slice(0, 19))
    .add({ minutes: 25 })
    .toString()
    .concat(startDateTime.slice(19)),
  startAddress: { alias: 'Koti', address: 'Kotikatu 1, Espoo', lat: 60.2, lng: 24.7 },
  endAddress: { alias: null, address: 'Koulutie 2, Espoo', lat: 60.21, lng: 24.72 },
  refusalReason: null,
})

/** The Helsinki month of today plus `offset` months, as a period's dates. */
export function monthAround(offset: number): { startDate: string; endDate: string } {
  const month = Temporal.Now.plainDateISO('Europe/Helsinki').toPlainYearMonth().add({ months: offset })
  return {
    startDate: month.toPlainDate({ day: 1 }).toString(),
    endDate: month.toPlainDate({ day: month.daysInMonth }).toString(),
  }
}

/**
 * An ordinary permission with one period a month from last month to next month (18 trips each, none used), free
 * places, no express quota, extras or via points; tests change what they look at.
 */
export function permissionOf(id: string, name: string, overrides: Partial<Quota> = {}): Quota {
  const periods = [-1, 0, 1].map((offset) => ({
    ...monthAround(offset),
    totalQuota: 18,
    usedQuota: 0,
    totalExpressQuota: 0,
    usedExpressQuota: 0,
    savedToNext: 0,
    borrowed: 0,
  }))
  return {
    id,
    name,
    decisionType: 'OTHER',
    note: null,
    remainingQuota: 18,
    remainingExpressQuota: 0,
    expressQuotaTimeLimit: null,
    tripDestinations: 3,
    allowViaPoints: false,
    viaPointMaxDeviation: null,
    extras: [],
    startDate: periods[0]!.startDate,
    endDate: periods[2]!.endDate,
    periods,
    placeGroups: [],
    allowedArea: null,
    ...overrides,
  }
}

/** A message of passenger `passengerId`: the operator's unless `fromUser` names the writer. */
export function messageOf(
  id: string,
  passengerId: string,
  overrides: Partial<Message> & { fromUser?: string } = {},
): Message {
  const { fromUser, ...rest } = overrides
  return {
    id,
    passengerId,
    from: fromUser
      ? { kind: 'user', id: fromUser, name: 'Greta Guardian' }
      : { kind: 'operator', name: 'Espoo' },
    to: fromUser ? { kind: 'operator', name: 'Espoo' } : { kind: 'guardians' },
    content: `Message ${id}`,
    createdAt: '2026-11-20T08:00:00+02:00',
    seenAt: null,
    confirmation: null,
    ...rest,
  }
}

/** Page `page` of `totalPages`, holding `items`, with the server's unseen count. */
export function messagePageOf(
  page: number,
  totalPages: number,
  items: Message[],
  unseenCount = 0,
): MessagePage {
  return { items, page, totalPages, hasPreviousPage: page > 1, unseenCount }
}
