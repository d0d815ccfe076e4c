import type { TenantDb } from '../../db/tenantDb'

/**
 * Gives back the quota trip (and express trip) a refused booking used; call inside the refusal's transaction.
 * A trip the operator booked used none.
 */
export async function returnBookingQuota(db: TenantDb, tripId: string): Promise<void> {
  const [first] = await db.trips.events(tripId)
  if (first?.type !== 'requested') return
  const { permissionId, periodStartDate, express } = first.request
  await db.permissions.find(permissionId, { lock: true })
  await db.permissions.changeUsage(permissionId, periodStartDate, {
    trips: -1,
    expressTrips: express ? -1 : 0,
  })
}
