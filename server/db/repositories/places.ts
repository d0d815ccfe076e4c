import type { Selectable } from 'kysely'
import { anyOf } from '../anyOf'
import { jsonRecords } from '../jsonRecords'
import type { ScopedDatabase, ScopedDb } from '../tenantScope'

export type PlaceRow = Selectable<ScopedDatabase['places']>
/** A place as the operator writes it, by its reference (unique per passenger). */
export type PlaceByRef = Omit<PlaceRow, 'external_ref' | 'source'> & { external_ref: string }

/**
 * The columns of a place with their SQL types: a batch is one JSON parameter (`jsonRecords`), as a thousand places
 * of eighteen columns would otherwise be eighteen thousand parameters.
 */
const placeColumnTypes = {
  id: 'text',
  passenger_id: 'text',
  alias: 'text',
  display: 'text',
  address: 'text',
  streetnumber: 'text',
  postalcode: 'text',
  city: 'text',
  latitude: 'double precision',
  longitude: 'double precision',
  is_home: 'boolean',
  is_pickup: 'boolean',
  is_via_point: 'boolean',
  is_main: 'boolean',
  is_secondary_place: 'boolean',
  source: 'text',
  sort_order: 'integer',
  external_ref: 'text',
} as const satisfies Record<keyof PlaceRow, string>
const placeColumns = Object.keys(placeColumnTypes) as (keyof typeof placeColumnTypes)[]

/** What the operator's places are (the portal's `placeSources`): the operator's product destinations. */
const operatorSource = 'productDestination'

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

    /** The places of a batch's passengers, each passenger's in their order. */
    listForPassengers: (passengerIds: readonly string[]): Promise<PlaceRow[]> =>
      db
        .selectFrom('places')
        .selectAll()
        .where('passenger_id', '=', anyOf(passengerIds))
        .orderBy('passenger_id')
        .orderBy('sort_order')
        .orderBy('id')
        .execute(),

    /**
     * Inserts each place, or updates its passenger's place with its reference (keeping that one's id): one
     * statement. A pair of passenger and reference must not repeat in it.
     */
    async upsertByRef(places: readonly PlaceByRef[]): Promise<PlaceRow[]> {
      if (places.length === 0) return []
      return db
        .insertInto('places')
        .columns(placeColumns)
        .expression(
          jsonRecords(
            db as never,
            places.map((place) => ({ ...place, source: operatorSource })),
            placeColumnTypes,
          ) as never,
        )
        .onConflict((conflict) =>
          conflict.columns(['passenger_id', 'external_ref']).doUpdateSet((eb) => ({
            alias: eb.ref('excluded.alias'),
            display: eb.ref('excluded.display'),
            address: eb.ref('excluded.address'),
            streetnumber: eb.ref('excluded.streetnumber'),
            postalcode: eb.ref('excluded.postalcode'),
            city: eb.ref('excluded.city'),
            latitude: eb.ref('excluded.latitude'),
            longitude: eb.ref('excluded.longitude'),
            is_home: eb.ref('excluded.is_home'),
            is_pickup: eb.ref('excluded.is_pickup'),
            is_via_point: eb.ref('excluded.is_via_point'),
            is_main: eb.ref('excluded.is_main'),
            is_secondary_place: eb.ref('excluded.is_secondary_place'),
            sort_order: eb.ref('excluded.sort_order'),
          })),
        )
        .returningAll()
        .execute()
    },

    /** Deletes a passenger's place by its reference (its permissions' place groups lose it); false for none. */
    async deleteByRef(passengerId: string, externalRef: string): Promise<boolean> {
      const deleted = await db
        .deleteFrom('places')
        .where('passenger_id', '=', passengerId)
        .where('external_ref', '=', externalRef)
        .executeTakeFirst()
      return deleted.numDeletedRows > 0n
    },
  }
}
