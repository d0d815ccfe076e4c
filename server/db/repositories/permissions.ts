import { sql, type Selectable } from 'kysely'
import type { PlaceGroup, Quota, QuotaPeriod, TripDestinations } from '../../../src/contract/permissions'
import { anyOf } from '../anyOf'
import { jsonb } from '../json'
import type { StoredArea, StoredExtra } from '../schema'
import type { ScopedDatabase, ScopedDb } from '../tenantScope'

/** A permission as stored, in the contract's words: the view adds only the remaining quota of a date. */
export type PermissionRecord = Omit<Quota, 'remainingQuota' | 'remainingExpressQuota'> & {
  passengerId: string
}

/** A permission as the operator writes it, by its reference (unique in the tenant). */
export type PermissionByRef = PermissionRecord & { externalRef: string }

type PermissionRow = Selectable<ScopedDatabase['transportation_permissions']>
type PeriodRow = Selectable<ScopedDatabase['permission_periods']>
type PlaceRow = Selectable<ScopedDatabase['permission_places']>

function toPeriod(row: PeriodRow): QuotaPeriod {
  return {
    startDate: row.start_date,
    endDate: row.end_date,
    totalQuota: row.total_quota,
    usedQuota: row.used_quota,
    totalExpressQuota: row.total_express_quota,
    usedExpressQuota: row.used_express_quota,
    savedToNext: row.saved_to_next,
    borrowed: row.borrowed,
  }
}

/** Place rows in group and place order, back into groups. */
function toPlaceGroups(rows: readonly PlaceRow[]): PlaceGroup[] {
  const groups = new Map<number, PlaceGroup>()
  for (const row of rows) {
    const group = groups.get(row.group_index) ?? { name: row.group_name, placeIds: [] }
    group.placeIds.push(row.place_id)
    groups.set(row.group_index, group)
  }
  return [...groups.values()]
}

function toRecord(
  row: PermissionRow,
  periods: readonly PeriodRow[],
  places: readonly PlaceRow[],
): PermissionRecord {
  return {
    id: row.id,
    passengerId: row.passenger_id,
    name: row.name,
    decisionType: row.decision_type,
    note: row.note,
    expressQuotaTimeLimit: row.express_quota_time_limit,
    // The table's check keeps it 0 to 5.
    tripDestinations: row.trip_destinations as TripDestinations,
    allowViaPoints: row.allow_via_points,
    viaPointMaxDeviation: row.via_point_max_deviation,
    extras: row.extras,
    startDate: row.start_date,
    endDate: row.end_date,
    periods: periods.map(toPeriod),
    placeGroups: toPlaceGroups(places),
    allowedArea: row.allowed_area,
  }
}

function permissionColumns(permission: PermissionRecord) {
  return {
    passenger_id: permission.passengerId,
    name: permission.name,
    decision_type: permission.decisionType,
    note: permission.note,
    trip_destinations: permission.tripDestinations,
    allow_via_points: permission.allowViaPoints,
    via_point_max_deviation: permission.viaPointMaxDeviation,
    express_quota_time_limit: permission.expressQuotaTimeLimit,
    start_date: permission.startDate,
    end_date: permission.endDate,
    extras: jsonb(permission.extras),
    allowed_area: jsonb(permission.allowedArea),
  }
}

function periodRows(permission: PermissionRecord) {
  return permission.periods.map((period) => ({
    permission_id: permission.id,
    start_date: period.startDate,
    end_date: period.endDate,
    total_quota: period.totalQuota,
    used_quota: period.usedQuota,
    total_express_quota: period.totalExpressQuota,
    used_express_quota: period.usedExpressQuota,
    saved_to_next: period.savedToNext,
    borrowed: period.borrowed,
  }))
}

function placeRows(permission: PermissionRecord) {
  return permission.placeGroups.flatMap((group, groupIndex) =>
    group.placeIds.map((placeId, placeIndex) => ({
      permission_id: permission.id,
      group_index: groupIndex,
      group_name: group.name,
      place_index: placeIndex,
      place_id: placeId,
    })),
  )
}

export function permissionsRepository(db: ScopedDb) {
  /** The permissions of `rows` with their periods and places: three queries whatever their number. */
  async function withParts(rows: readonly PermissionRow[]): Promise<PermissionRecord[]> {
    if (rows.length === 0) return []
    const ids = rows.map((row) => row.id)
    const periods = await db
      .selectFrom('permission_periods')
      .selectAll()
      .where('permission_id', 'in', ids)
      .orderBy('start_date')
      .execute()
    const places = await db
      .selectFrom('permission_places')
      .selectAll()
      .where('permission_id', 'in', ids)
      .orderBy('group_index')
      .orderBy('place_index')
      .execute()
    return rows.map((row) =>
      toRecord(
        row,
        periods.filter((period) => period.permission_id === row.id),
        places.filter((place) => place.permission_id === row.id),
      ),
    )
  }

  /** The periods and places of permissions being replaced. */
  async function deleteParts(ids: readonly string[]): Promise<void> {
    await db.deleteFrom('permission_periods').where('permission_id', '=', anyOf(ids)).execute()
    await db.deleteFrom('permission_places').where('permission_id', '=', anyOf(ids)).execute()
  }

  /** Periods and places of permissions, written after their rows (and after the old ones went, on a replace). */
  async function insertParts(permissions: readonly PermissionRecord[]): Promise<void> {
    const periods = permissions.flatMap(periodRows)
    if (periods.length > 0) await db.insertInto('permission_periods').values(periods).execute()
    const places = permissions.flatMap(placeRows)
    if (places.length > 0) await db.insertInto('permission_places').values(places).execute()
  }

  return {
    /** The operator's references of permissions, by id (null: it gave none): what it is told them by. */
    async refsOf(ids: readonly string[]): Promise<Map<string, string | null>> {
      if (ids.length === 0) return new Map()
      const rows = await db
        .selectFrom('transportation_permissions')
        .select(['id', 'external_ref'])
        .where('id', '=', anyOf(ids))
        .execute()
      return new Map(rows.map((row) => [row.id, row.external_ref]))
    },

    /** A passenger's permissions by start date, then name. */
    listForPassenger: async (passengerId: string): Promise<PermissionRecord[]> =>
      withParts(
        await db
          .selectFrom('transportation_permissions')
          .selectAll()
          .where('passenger_id', '=', passengerId)
          .orderBy('start_date')
          .orderBy('name')
          .orderBy('id')
          .execute(),
      ),

    /**
     * A permission; with `lock` (inside a transaction) its row stays locked until the transaction ends, so that
     * two bookings on it use its quota one after the other.
     */
    find: async (id: string, options: { lock?: boolean } = {}): Promise<PermissionRecord | undefined> => {
      const query = db.selectFrom('transportation_permissions').selectAll().where('id', '=', id)
      const rows = await (options.lock ? query.forUpdate() : query).execute()
      return (await withParts(rows))[0]
    },

    /**
     * Counts trips and express trips as used (positive) or returned (negative) in the period starting on
     * `periodStartDate`; never below zero. Call inside a transaction that locked the permission.
     */
    async changeUsage(
      permissionId: string,
      periodStartDate: string,
      change: { trips: number; expressTrips: number },
    ): Promise<void> {
      await db
        .updateTable('permission_periods')
        .set({
          used_quota: sql<number>`greatest(used_quota + ${change.trips}, 0)`,
          used_express_quota: sql<number>`greatest(used_express_quota + ${change.expressTrips}, 0)`,
        })
        .where('permission_id', '=', permissionId)
        .where('start_date', '=', periodStartDate)
        .execute()
    },

    /** Call inside a transaction: the permissions and their parts are written in three statements. */
    async insertMany(permissions: readonly PermissionRecord[]): Promise<void> {
      if (permissions.length === 0) return
      await db
        .insertInto('transportation_permissions')
        .values(permissions.map((permission) => ({ id: permission.id, ...permissionColumns(permission) })))
        .execute()
      await insertParts(permissions)
    },

    /** Replaces a permission whole; call inside a transaction. False when there is none with its id. */
    async replace(permission: PermissionRecord): Promise<boolean> {
      const updated = await db
        .updateTable('transportation_permissions')
        .set(permissionColumns(permission))
        .where('id', '=', permission.id)
        .executeTakeFirst()
      if (updated.numUpdatedRows === 0n) return false
      await deleteParts([permission.id])
      await insertParts([permission])
      return true
    },

    /**
     * Inserts each permission, or replaces whole the tenant's permission with its reference (keeping that one's
     * id) when it is the same passenger's; call inside a transaction: five statements for the batch. Answers the
     * permissions written, with their ids; another passenger's reference is not among them. References must not
     * repeat.
     */
    async upsertByRef(permissions: readonly PermissionByRef[]): Promise<PermissionByRef[]> {
      if (permissions.length === 0) return []
      const rows = await db
        .insertInto('transportation_permissions')
        .values(
          permissions.map((permission) => ({
            id: permission.id,
            external_ref: permission.externalRef,
            ...permissionColumns(permission),
          })),
        )
        .onConflict((conflict) =>
          conflict
            .column('external_ref')
            .doUpdateSet((eb) => ({
              name: eb.ref('excluded.name'),
              decision_type: eb.ref('excluded.decision_type'),
              note: eb.ref('excluded.note'),
              trip_destinations: eb.ref('excluded.trip_destinations'),
              allow_via_points: eb.ref('excluded.allow_via_points'),
              via_point_max_deviation: eb.ref('excluded.via_point_max_deviation'),
              express_quota_time_limit: eb.ref('excluded.express_quota_time_limit'),
              start_date: eb.ref('excluded.start_date'),
              end_date: eb.ref('excluded.end_date'),
              extras: sql<StoredExtra[]>`excluded.extras`,
              allowed_area: sql<StoredArea | null>`excluded.allowed_area`,
            }))
            .whereRef('transportation_permissions.passenger_id', '=', 'excluded.passenger_id'),
        )
        .returning(['id', 'external_ref'])
        .execute()
      const ids = new Map(rows.map((row) => [row.external_ref, row.id]))
      const written = permissions.flatMap((permission) => {
        const id = ids.get(permission.externalRef)
        return id === undefined ? [] : [{ ...permission, id }]
      })
      await deleteParts(written.map((permission) => permission.id))
      await insertParts(written)
      return written
    },
  }
}
