import { randomUUID } from 'node:crypto'
import type { PlaceItem } from '../../src/contract/operatorPassengers'
import type { PlaceRow } from '../db/repositories/places'
import type { TenantDb } from '../db/tenantDb'
import type { Geocoder } from '../geo/geocoder'
import { failed, repeats, succeeded, type Outcome } from '../errors/outcomes'
import { resolvePassengers } from '../db/passengerRefs'
import { locatePlaces, type LocatedPlace } from './placeLocations'

function placeRow(place: LocatedPlace, passengerId: string) {
  return {
    id: randomUUID(),
    passenger_id: passengerId,
    external_ref: place.externalRef,
    alias: place.alias,
    display: place.display ?? place.address,
    address: place.address,
    streetnumber: place.streetnumber ?? null,
    postalcode: place.postalcode ?? null,
    city: place.city ?? null,
    latitude: place.latitude,
    longitude: place.longitude,
    is_home: place.isHome,
    is_pickup: place.isPickup,
    is_via_point: place.isViaPoint,
    is_main: place.isMain,
    is_secondary_place: place.isSecondaryPlace,
    sort_order: place.sortOrder,
  }
}

/**
 * Creates saved places of the tenant's passengers by the operator's references (unique per passenger), or updates
 * the passenger's place with each: one outcome per item, the place's row or its error (the geocoder's, see
 * `locatePlaces`; 404 or 409 passenger_ended for its passenger, `resolvePassengers`; 400 for a passenger and
 * reference an earlier item has). Places without coordinates are geocoded first, before any query; then two
 * queries for the batch. Call with a transaction's db, or the request's, whose transaction begins at its first
 * query.
 */
export async function upsertPlaces(
  db: TenantDb,
  geocoder: Geocoder,
  items: readonly PlaceItem[],
): Promise<Outcome<PlaceRow>[]> {
  const located = await locatePlaces(geocoder, items)
  const passengers = await resolvePassengers(db, items)
  const rows = located.map((place, index) => {
    const passenger = passengers[index]!
    if (!place.ok) return place
    return passenger.ok ? succeeded(placeRow(place.value, passenger.value.id)) : passenger
  })
  const key = (place: { passenger_id: string; external_ref: string | null }) =>
    `${place.passenger_id}\u0000${place.external_ref}`
  // An item refused already keeps its own error, whatever it repeats.
  const repeated = repeats(rows, (row) => (row.ok ? key(row.value) : ''), 'externalRef')
  const writes = rows.flatMap((row, index) => (row.ok && !repeated[index] ? [row.value] : []))
  const written = new Map((await db.places.upsertByRef(writes)).map((place) => [key(place), place]))
  return rows.map((row, index): Outcome<PlaceRow> => {
    if (!row.ok) return row
    const refused = repeated[index]
    return refused ? failed(refused) : succeeded(written.get(key(row.value))!)
  })
}
