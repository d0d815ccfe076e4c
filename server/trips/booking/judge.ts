import type { I18n } from '@lingui/core'
import type { Temporal } from 'temporal-polyfill'
import type { BookingDestination, BookingRequest } from '../../../src/contract/booking'
import { errorCodes, type FieldError } from '../../../src/contract/common'
import type { Place } from '../../../src/contract/passenger'
import type { QuotaPeriod } from '../../../src/contract/permissions'
import type { RouteDetails } from '../../../src/contract/places'
import type { PhoneRules } from '../../../src/domain/booking/phone'
import { allowsFreePlaces } from '../../../src/domain/booking/places'
import { bookingRefusals, usesExpressQuota, type BookingRefusal } from '../../../src/domain/booking/refusals'
import { deductibleCents } from '../../../src/domain/booking/tariff'
import { periodOn } from '../../../src/domain/permissions/quota'
import type { PermissionRecord } from '../../db/repositories/permissions'
import type { TenantDb } from '../../db/tenantDb'
import type { TripBooking } from '../../domain/tripEvents'
import { HttpError } from '../../errors/httpError'
import { toPlaceView } from '../../views/accountViews'
import { operatorInstant } from '../operatorEventChecks'
import { refusalMessage } from './refusalMessages'
import type { StopLookup, tripStops } from './stopAddresses'

export interface BookingContext {
  userId: string
  request: BookingRequest
  timeZone: string
  phoneRules: PhoneRules
  now: Temporal.Instant
  /** The request's language, for a refusal's message. */
  i18n: I18n
  /** The booked time (`checkRequest`). */
  booked: Temporal.Instant
  /** The route through the stops, measured before any query (see `checkRequest`). */
  route: RouteDetails
  /**
   * What the geocoder says of each stop's text (`lookUpStops`, also before any query); null for the estimate,
   * which records no address.
   */
  lookups: readonly StopLookup[] | null
}

/** A booking that passed every rule: the trip to record (without its stops' words yet) and the quota trip. */
export interface JudgedBooking {
  permission: PermissionRecord
  period: QuotaPeriod
  express: boolean
  booking: Omit<TripBooking, keyof ReturnType<typeof tripStops>>
  /** The passenger's saved places, which name the stops that are saved places. */
  places: Place[]
  /** The trip's date in the tenant's zone. */
  date: string
}

function refused(refusals: readonly BookingRefusal[], i18n: I18n): HttpError {
  const errors: FieldError[] = refusals.map(({ property, code }) => ({ property, error: code }))
  return new HttpError(400, refusals[0]!.code, refusalMessage(i18n, refusals[0]!), errors)
}

function invalid(property: string, error: string, message: string): HttpError {
  return new HttpError(400, errorCodes.validation, message, [{ property, error }])
}

/** The stops must be from, via points, to: what the contract's shape alone cannot say. */
function checkStops(destinations: readonly BookingDestination[]): void {
  const last = destinations.length - 1
  destinations.forEach((destination, index) => {
    const isVia = index > 0 && index < last
    if (destination.isViaPoint !== isVia)
      throw invalid(
        `destinations.${index}.isViaPoint`,
        'invalid_value',
        'Only the middle stops are via points',
      )
    if (!isVia && destination.waitTime !== 0)
      throw invalid(`destinations.${index}.waitTime`, 'invalid_value', 'Only a via point has a wait')
  })
}

/** The booked time, the departure's or the arrival's by `type`. */
function bookedTime(request: BookingRequest): Temporal.Instant {
  const property = request.type === 'departure' ? 'departureDateTime' : 'arrivalDateTime'
  const value = request[property]
  if (value === null) throw invalid(property, 'required', `A ${request.type} booking needs its ${property}`)
  return operatorInstant(value, property)
}

/**
 * An apartment is the user's own words, which nothing can check: the portal offers it only with free places
 * (spec section 2), and elsewhere it could only say what a saved place's own address does not.
 */
function checkApartments(destinations: readonly BookingDestination[], permission: PermissionRecord): void {
  if (allowsFreePlaces(permission.tripDestinations)) return
  const index = destinations.findIndex((destination) => destination.apartment)
  if (index >= 0)
    throw invalid(
      `destinations.${index}.apartment`,
      'not_allowed',
      'An apartment may be given only on a permission for free places',
    )
}

/**
 * What a booking request says of itself, checked before anything is asked of the data or the services: its
 * stops in order and its booked time (400 validation_failed otherwise). Returns the booked time. The route is
 * measured next, before the request's first query: a transaction open while the router answers would hold the
 * permission's lock meanwhile, and on PGlite its one connection, so every other request would wait too.
 */
export function checkRequest(request: BookingRequest): Temporal.Instant {
  checkStops(request.destinations)
  return bookedTime(request)
}

/**
 * Checks a booking on the data as it is now (call inside a transaction with `lock` to book: the permission's
 * row stays locked, so its quota is used once at a time, and nothing waits on the network meanwhile). The
 * passenger must be the user's (404 otherwise); every rule of src/domain/booking/refusals.ts is judged, and a
 * refusal is a 400 with the first reason's code and translated message, every reason in `errors`.
 */
export async function judgeBooking(
  db: TenantDb,
  context: BookingContext,
  options: { lock: boolean },
): Promise<JudgedBooking> {
  const { request, i18n, booked, route } = context
  const rider = request.passengers[0]!
  const passenger = await db.passengers.findGranted(context.userId, rider.id)
  if (!passenger) throw new HttpError(404, errorCodes.notFound, 'Passenger not found')
  const permission = await db.permissions.find(request.transportationPermissionId, options)
  if (!permission || permission.passengerId !== passenger.id) {
    throw refused([{ code: 'booking_permission_not_found', property: 'transportationPermissionId' }], i18n)
  }
  checkApartments(request.destinations, permission)
  const waits = request.destinations.reduce((sum, destination) => sum + destination.waitTime, 0)
  const drive = { seconds: route.routeWithViaPointDuration + waits * 60 }
  const start = request.type === 'departure' ? booked : booked.subtract(drive)
  const date = start.toZonedDateTimeISO(context.timeZone).toPlainDate().toString()
  const places = (await db.places.listForPassenger(passenger.id)).map(toPlaceView)
  const facts = {
    permission,
    destinations: request.destinations,
    places,
    departure: start,
    date,
    now: context.now,
    route: { withViaPointKm: route.routeWithViaPointDistance, originalKm: route.originalRouteDistance },
    phone: rider.phone,
    phoneRules: context.phoneRules,
    passengerCount: rider.passengerCount,
    extraIds: request.attributes.split(',').filter(Boolean),
    addressesOffMap: (context.lookups ?? []).flatMap((lookup, index) =>
      lookup.kind === 'offMap' ? [index] : [],
    ),
  }
  const refusals = bookingRefusals(facts)
  if (refusals.length > 0) throw refused(refusals, i18n)
  return {
    permission,
    // The rules passed, so the date falls in a period.
    period: periodOn(permission.periods, date)!,
    express: usesExpressQuota(facts),
    date,
    places,
    booking: {
      passengerId: passenger.id,
      start,
      end: start.add(drive),
      deductibleCents: deductibleCents(permission.decisionType, route.routeWithViaPointDistance),
      note: request.additionalInformation || null,
      allowEtaQuery: true,
      allowReview: true,
    },
  }
}
