import type { OperatorPassenger, OperatorPlace } from '../../src/contract/operatorPassengers'
import type { PassengerRow } from '../db/repositories/passengers'
import type { PlaceRow } from '../db/repositories/places'
import { toPlaceView } from './accountViews'

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
  // The portal's view of a place without the portal's own `source`, with the operator's reference and order.
  const { source: _source, ...view } = toPlaceView(row)
  return { ...view, externalRef: row.external_ref, passengerId: row.passenger_id, sortOrder: row.sort_order }
}
