import { randomUUID } from 'node:crypto'
import type { BookingResponse } from '../../../src/contract/booking'
import type { TripSeries } from '../../../src/contract/series'
import type { TenantDb } from '../../db/tenantDb'
import { changedTrip, type ChangedTrip } from '../../domain/tripView'
import { tellOperator } from '../../outbox/operatorChanges'
import { judgeBooking, type BookingContext } from './judge'
import { tripStops, type StopLookup } from './stopAddresses'

type StopsContext = BookingContext & { lookups: readonly StopLookup[] }

/** A ride booked: the answer, and its trip as a change told to the operator names it. */
export interface BookedRide {
  answer: BookingResponse
  trip: ChangedTrip
}

/**
 * Books a trip and tells the operator it awaits approval; call inside a transaction. Judged with the permission
 * locked, the trip uses one quota trip (and an express one when it leaves sooner than the permission's limit) of
 * the period its date falls in, and is recorded as a `requested` event: a trip awaiting the operator's approval,
 * which the passenger does not see yet. Its stops are recorded in the saved places' and the geocoder's words,
 * never the request's.
 */
export async function bookTrip(db: TenantDb, context: StopsContext): Promise<BookingResponse> {
  const ride = await bookRide(db, context)
  await tellRequested(db, context, [ride], null)
  return ride.answer
}

/**
 * Books a ride as `bookTrip` does, telling nobody: a ride of a standing order records its series, which is told
 * as one change (`bookSeries`).
 */
export async function bookRide(
  db: TenantDb,
  context: StopsContext,
  series?: TripSeries,
): Promise<BookedRide> {
  const judged = await judgeBooking(db, context, { lock: true })
  const { permission, period, express } = judged
  await db.permissions.changeUsage(permission.id, period.startDate, {
    trips: 1,
    expressTrips: express ? 1 : 0,
  })
  const rider = context.request.passengers[0]!
  const tripId = randomUUID()
  await db.trips.recordNewTrips([
    {
      id: tripId,
      events: [
        {
          type: 'requested',
          ...judged.booking,
          ...tripStops(context.request.destinations, context.lookups, judged.places),
          request: {
            permissionId: permission.id,
            periodStartDate: period.startDate,
            express,
            passengerCount: rider.passengerCount,
            phone: rider.phone,
            email: rider.email,
            extraIds: context.request.attributes.split(',').filter(Boolean),
            withAttendant: context.request.withAttendant,
            ...(series ? { series } : {}),
          },
          seq: 1,
          at: context.now,
        },
      ],
    },
  ])
  return {
    answer: { tripId, date: judged.date, status: 'awaitingApproval' },
    trip: changedTrip({ id: tripId, start: judged.booking.start }, context.timeZone),
  }
}

/**
 * Tells the operator of a booking awaiting its approval: each ride alone, or a standing order's rides as one
 * change. Its permission is read for its reference, which the judged one does not carry.
 */
export async function tellRequested(
  db: TenantDb,
  context: BookingContext,
  rides: readonly BookedRide[],
  seriesId: string | null,
): Promise<void> {
  const permissionId = context.request.transportationPermissionId
  const refs = await db.permissions.refsOf([permissionId])
  const permission = refs.has(permissionId) ? { id: permissionId, ref: refs.get(permissionId) ?? null } : null
  const told = {
    occurredAt: context.now,
    passengerId: context.request.passengers[0]!.id,
    actorUserId: context.userId,
  }
  const trips = rides.map((ride) => ride.trip)
  await tellOperator(
    db,
    seriesId === null
      ? trips.map((trip) => ({
          ...told,
          type: 'booking.requested' as const,
          data: { trip, permission, seriesId },
        }))
      : [{ ...told, type: 'series.requested' as const, data: { seriesId, permission, trips } }],
  )
}
