import type { ApiClient } from '../src/api/client'
import type { PortalDb, ReadModelPull } from '../src/db/portalDb'
import { pruneSettled } from '../src/db/outboxReplay'
import type { TripMilestone } from '../src/db/tripMilestones'

/** What a pull fetches beyond the core read models, by the tenant's features. */
export interface PullScope {
  /** Each passenger's transportation permissions: only tenants that show them (spec section 6) pay for the call. */
  permissions: boolean
}

const coreOnly: PullScope = { permissions: false }

/**
 * One pull of the read models: the account, the passengers, and each passenger's places and trips (and their
 * transportation permissions when `scope` says so). The API client parses every answer with the contract, so
 * what reaches the database has been validated. The pull is all or nothing: if any call fails, the local data
 * stays as it was.
 */
export async function fetchReadModels(
  api: ApiClient,
  syncedAt: string,
  scope: PullScope = coreOnly,
): Promise<ReadModelPull> {
  const [account, passengers] = await Promise.all([api.call('getAccount'), api.call('listPassengers')])
  const perPassenger = await Promise.all(
    passengers.map(async ({ id }) => {
      const [places, trips, permissions] = await Promise.all([
        api.call('listPlaces', { params: { id } }),
        api.call('listTrips', { params: { id } }),
        scope.permissions ? api.call('listTransportationPermissions', { params: { id } }) : [],
      ])
      return { id, places, trips, permissions }
    }),
  )
  return {
    account,
    passengers,
    places: Object.fromEntries(perPassenger.map(({ id, places }) => [id, places])),
    trips: Object.fromEntries(perPassenger.map(({ id, trips }) => [id, trips])),
    ...(scope.permissions
      ? { permissions: Object.fromEntries(perPassenger.map(({ id, permissions }) => [id, permissions])) }
      : {}),
    syncedAt,
  }
}

/**
 * Fetches and writes one pull in one transaction; returns when it has committed, with the pickups and
 * drop-offs it newly shows. Old settled commands are pruned after it.
 */
export async function pullInto(
  db: PortalDb,
  api: ApiClient,
  syncedAt: string,
  scope: PullScope = coreOnly,
): Promise<{ pull: ReadModelPull; milestones: TripMilestone[] }> {
  const pull = await fetchReadModels(api, syncedAt, scope)
  const milestones = await db.replaceReadModels(pull)
  await pruneSettled(db, syncedAt)
  return { pull, milestones }
}
