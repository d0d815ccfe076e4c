import { randomUUID } from 'node:crypto'
import type { BookingResponse } from '../../../src/contract/booking'
import type { TripSeries } from '../../../src/contract/series'
import type { TenantDb } from '../../db/tenantDb'
import { judgeBooking, type BookingContext } from './judge'
import { tripStops, type StopLookup } from './stopAddresses'

/**
 * Books a trip; call inside a transaction. Judged with the permission locked, the trip uses one quota trip (and
 * an express one when it leaves sooner than the permission's limit) of the period its date falls in, and is
 * recorded as a `requested` event: a trip awaiting the operator's approval, which the passenger does not see yet.
 * Its stops are recorded in the saved places' and the geocoder's words, never the request's. A ride of a standing
 * order records its series.
 */
export async function bookTrip(
  db: TenantDb,
  context: BookingContext & { lookups: readonly StopLookup[] },
  series?: TripSeries,
): Promise<BookingResponse> {
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
  return { tripId, date: judged.date, status: 'awaitingApproval' }
}
