import type { Trip } from '../../src/contract/trip'
import type { TripRef } from '../../src/contract/tripCommands'
import type { PassengerRow } from '../db/repositories/passengers'
import type { TenantDb } from '../db/tenantDb'
import { isShownToPassenger, type TripProjection } from '../domain/tripProjection'
import { toTripView, type TripPassenger } from '../domain/tripView'

export function toTripPassenger(row: PassengerRow): TripPassenger {
  return { id: row.id, name: row.name, avatarText: row.avatar_text }
}

/** The passengers granted to a user, by id: the only ones whose trips the user may see or change. */
export async function grantedPassengers(db: TenantDb, userId: string): Promise<Map<string, TripPassenger>> {
  const rows = await db.passengers.listGranted(userId)
  return new Map(rows.map((row) => [row.id, toTripPassenger(row)]))
}

/** A trip is identified by id plus date: the date of its start or of its end, in the tenant's time zone. */
export function isOnDate(trip: TripProjection, date: string, timeZone: string): boolean {
  const dateOf = (instant: TripProjection['start']) =>
    instant.toZonedDateTimeISO(timeZone).toPlainDate().toString()
  return dateOf(trip.start) === date || dateOf(trip.end) === date
}

/** What names a passenger's trip in a user's request (trip status, tracking links). */
export interface PassengerTripRef {
  passengerId: string
  tripId: string
  date: string
}

/**
 * The trip `ref` names with its passenger, when the passenger is granted to the user in this tenant, the trip is
 * theirs and shown to them, and it is on that date; else null (which every caller answers as not found).
 */
export async function grantedTrip(
  db: TenantDb,
  userId: string,
  ref: PassengerTripRef,
  timeZone: string,
): Promise<{ trip: TripProjection; passenger: PassengerRow } | null> {
  const passenger = await db.passengers.findGranted(userId, ref.passengerId)
  const trip = passenger && (await db.trips.find(ref.tripId))
  const theirs = passenger && trip && isShownToPassenger(trip) && trip.passengerId === passenger.id
  if (!theirs || !isOnDate(trip, ref.date, timeZone)) return null
  return { trip, passenger }
}

export interface UserTrip {
  trip: TripProjection
  passenger: TripPassenger
  /** The trip as the user sees it, which the shared rules of src/domain/trips judge. */
  view: Trip
}

/**
 * The trip `ref` names, when it exists on that date and its passenger is granted to the user; else null. Only
 * those shown to the passenger, unless `awaiting` also takes a booking that awaits approval (which a series'
 * "this and the following" withdraws).
 */
export function userTrip(
  trip: TripProjection | undefined,
  ref: TripRef,
  passengers: ReadonlyMap<string, TripPassenger>,
  timeZone: string,
  { awaiting = false }: { awaiting?: boolean } = {},
): UserTrip | null {
  const theirs = trip && (isShownToPassenger(trip) || (awaiting && trip.approval === 'awaiting'))
  const passenger = theirs && passengers.get(trip.passengerId)
  if (!trip || !passenger || !isOnDate(trip, ref.date, timeZone)) return null
  return { trip, passenger, view: toTripView(trip, passenger, timeZone) }
}
