import type { TenantId } from '../../../tenants'
import { createBatchedLookup } from '../batchedLookup'
import { runPrepared, type PreparedStatement } from '../prepared'
import type { Db } from '../schema'

const grantedPassengerVersions: PreparedStatement = {
  name: 'read_versions_granted_passengers',
  text: `select k.user_id, k.passenger_id, p.read_version::text as version
    from unnest($2::text[], $3::text[]) as k(user_id, passenger_id)
    join passenger_grants g on g.tenant_id = $1 and g.user_id = k.user_id and g.passenger_id = k.passenger_id
    join passengers p on p.tenant_id = g.tenant_id and p.id = g.passenger_id`,
}

const passengerListVersions: PreparedStatement = {
  name: 'read_versions_passenger_lists',
  text: `select id as user_id, passengers_read_version::text as version
    from users where tenant_id = $1 and id = any($2::text[])`,
}

const pairKey = (userId: string, passengerId: string) => `${userId}\u0000${passengerId}`

/**
 * The versions of what the hot reads answer (migration 0007), which a cached answer is checked against
 * (server/reads/). Concurrent requests share one prepared query (server/db/batchedLookup.ts). Read before the
 * data, so that an answer read after its version can only be newer than it, never older.
 */
export function readVersionsRepository(db: Db, tenant: TenantId) {
  const grantedPassenger = createBatchedLookup(async (keys) => {
    const pairs = keys.map((key) => key.split('\u0000') as [string, string])
    const rows = await runPrepared<{ user_id: string; passenger_id: string; version: string }>(
      db,
      grantedPassengerVersions,
      [tenant, pairs.map(([userId]) => userId), pairs.map(([, passengerId]) => passengerId)],
    )
    return new Map(rows.map((row) => [pairKey(row.user_id, row.passenger_id), row.version]))
  })
  const passengerList = createBatchedLookup(async (userIds) => {
    const rows = await runPrepared<{ user_id: string; version: string }>(db, passengerListVersions, [
      tenant,
      userIds,
    ])
    return new Map(rows.map((row) => [row.user_id, row.version]))
  })

  return {
    /** The version of a passenger and its trips, when the user has a grant to it in this tenant; else undefined. */
    grantedPassenger: (userId: string, passengerId: string): Promise<string | undefined> =>
      grantedPassenger(pairKey(userId, passengerId)),

    /** The version of the user's list of passengers; undefined for a user not of this tenant. */
    passengerList: (userId: string): Promise<string | undefined> => passengerList(userId),
  }
}
