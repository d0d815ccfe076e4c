import type { User } from '../../src/contract/account'
import { placeSources, type Passenger, type Place } from '../../src/contract/passenger'
import type { PassengerRow } from '../db/repositories/passengers'
import type { PlaceRow } from '../db/repositories/places'
import type { UserRow } from '../db/repositories/users'

/** What the portal shows of the user's address (docs/auth.md, "The account's email"). */
export function emailStatusOf(row: UserRow): User['emailStatus'] {
  if (row.email === null) return 'none'
  if (row.email_undeliverable_at !== null) return 'undeliverable'
  return row.email_verified_at === null ? 'unverified' : 'verified'
}

/**
 * Database rows as the contract shows them; nothing secret (hashes, subjects) leaves here. `mailEnabled`: whether
 * the deployment sends mail (EMAIL=off does not).
 */
export function toUserView(row: UserRow, mailEnabled: boolean): User {
  return {
    id: row.id,
    name: row.name,
    userName: row.user_name,
    email: row.email,
    phone: row.phone,
    hasPassword: row.password_hash !== null,
    identityVerified: row.identity_verified,
    emailStatus: emailStatusOf(row),
    mailEnabled,
  }
}

export function toPassengerView(row: PassengerRow): Passenger {
  return { id: row.id, name: row.name, phone: row.phone, avatarText: row.avatar_text }
}

const isPlaceSource = (value: string): value is Place['source'] =>
  (placeSources as readonly string[]).includes(value)

export function toPlaceView(row: PlaceRow): Place {
  return {
    id: row.id,
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
    source: isPlaceSource(row.source) ? row.source : 'unknown',
  }
}
