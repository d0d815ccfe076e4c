import type { Insertable, Selectable } from 'kysely'
import type { ScopedDatabase, ScopedDb } from '../tenantScope'

export type PlaceRow = Selectable<ScopedDatabase['places']>
export type NewPlace = Insertable<ScopedDatabase['places']>

export function placesRepository(db: ScopedDb) {
  return {
    listForPassenger: (passengerId: string): Promise<PlaceRow[]> =>
      db
        .selectFrom('places')
        .selectAll()
        .where('passenger_id', '=', passengerId)
        .orderBy('sort_order')
        .orderBy('id')
        .execute(),

    async insertMany(places: readonly NewPlace[]): Promise<void> {
      if (places.length === 0) return
      await db.insertInto('places').values(places).execute()
    },
  }
}
