import type { OperatorPassenger, OperatorPlace } from '../../src/contract/operatorPassengers'
import type { PassengerRow } from '../db/repositories/passengers'
import type { PlaceRow } from '../db/repositories/places'

/** A passenger as the operator API shows it. */
export function toOperatorPassenger(row: PassengerRow): OperatorPassenger {
  return {
    id: row.id,
    externalRef: row.external_ref,
    name: row.name,
    initials: row.avatar_text,
    phone: row.phone,
    language: row.language,
    endedAt: row.ended_at?.toString() ?? null,
    erased: row.erased_at !== null,
  }
}

/** A saved place as the operator API shows it. */
export function toOperatorPlace(row: PlaceRow): OperatorPlace {
  return {
    id: row.id,
    externalRef: row.external_ref,
    passengerId: row.passenger_id,
    alias: row.alias,
    display: row.display,
    address: row.address,
    streetnumber: row.streetnumber,
    postalcode: row.postalcode,
    city: row.city,
    latitude: row.latitude,
    longitude: row.longitude,
    isHome: row.is_home,
    isPickup: row.is_pickup,
    isViaPoint: row.is_via_point,
    isMain: row.is_main,
    isSecondaryPlace: row.is_secondary_place,
    sortOrder: row.sort_order,
  }
}
