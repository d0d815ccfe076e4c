import type { FastifyBaseLogger } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { firstName } from '../../src/domain/tracking/passengerName'
import type { TenantId } from '../../tenants'
import type { Db } from '../db/schema'
import { tenantDb, type TenantDb } from '../db/tenantDb'
import { zonedIso } from '../domain/tripView'
import { enqueueNotification } from '../outbox/enqueue'
import type { Clock } from '../time/clock'
import { everyTenant, type TenantLoop } from '../time/everyTenant'
import { tenantTimeZone } from '../time/timeZone'

/** Cancellations one look takes. */
const batchSize = 100

/**
 * One tenant's cancellations whose deadline has passed unreceived: each is taken once (across instances), and
 * while its trip is still to come, its passenger's guardians are pushed `cancellationUnreceived` in the same
 * transaction: the guardian who cancelled may have closed the portal thinking it done, and the car will come
 * unless someone calls. Answers the cancellations taken.
 */
export async function tellOverdueCancellations(db: TenantDb, now: Temporal.Instant): Promise<number> {
  const timeZone = tenantTimeZone(db.tenant)
  return db.transaction(async (trx) => {
    const taken = await trx.operatorChanges.takeOverdue(now, batchSize)
    for (const { trip_id: tripId } of taken) {
      const trip = tripId ? await trx.trips.find(tripId) : undefined
      // A receipt may have come meanwhile, or the pickup passed while no instance looked: nothing to call about.
      if (!trip || trip.cancelReceipt || Temporal.Instant.compare(trip.start, now) <= 0) continue
      const passenger = await trx.passengers.find(trip.passengerId)
      if (!passenger) continue
      const date = trip.start.toZonedDateTimeISO(timeZone).toPlainDate().toString()
      await enqueueNotification(trx, {
        data: {
          kind: 'cancellationUnreceived',
          passengerId: passenger.id,
          firstName: firstName(passenger.name),
          tripId: trip.id,
          date,
          startAt: zonedIso(trip.start, timeZone),
        },
        passengerId: passenger.id,
        now,
      })
    }
    return taken.length
  })
}

/** Every instance looks every minute, tenant by tenant: taking a cancellation marks it, so it is told once. */
export function startOverdueCancellations(options: {
  db: Db
  clock: Clock
  log: Pick<FastifyBaseLogger, 'error'>
  tenants?: readonly TenantId[]
}): TenantLoop {
  const { db } = options
  return everyTenant({
    ...options,
    failure: 'overdue cancellation notices failed',
    work: async (tenant, now) => {
      // A backlog (every instance down past many deadlines) is taken a batch at a time.
      while ((await tellOverdueCancellations(tenantDb(db, tenant), now)) === batchSize);
    },
  })
}
