import type { Insertable, Selectable } from 'kysely'
import type { TenantId } from '../../../tenants'
import type { Db, PlacesTable } from '../schema'

export type PlaceRow = Selectable<PlacesTable>
export type NewPlace = Omit<Insertable<PlacesTable>, 'tenant_id'>

export function placesRepository(db: Db, tenant: TenantId) {
  return {
    listForPassenger: (passengerId: string): Promise<PlaceRow[]> =>
      db
        .selectFrom('places')
        .selectAll()
        .where('tenant_id', '=', tenant)
        .where('passenger_id', '=', passengerId)
        .orderBy('sort_order')
        .orderBy('id')
        .execute(),

    async insertMany(places: readonly NewPlace[]): Promise<void> {
      if (places.length === 0) return
      await db
        .insertInto('places')
        .values(places.map((place) => ({ ...place, tenant_id: tenant })))
        .execute()
    },
  }
}
