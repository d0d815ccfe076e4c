import { randomBytes } from 'node:crypto'
import { Temporal } from 'temporal-polyfill'
import type { Invitation } from '../../src/contract/invitations'
import type { InvitationRow } from '../db/repositories/invitations'
import type { PassengerRow } from '../db/repositories/passengers'
import type { TenantDb } from '../db/tenantDb'
import { zonedIso } from '../domain/tripView'

/** A new invitation code: 128 random bits, base64url (22 characters), the invitation's only secret. */
export function newInvitationCode(): string {
  return randomBytes(16).toString('base64url')
}

/** How long the invitation a registered travel card answers can be accepted: the sign-in that follows. */
export const cardInvitationLifetime = Temporal.Duration.from({ hours: 1 })

/**
 * Accepts an invitation for a user (again for the same user, nothing changes): the passengers it grants, or
 * null when it is unknown, expired or another user's.
 */
export async function acceptInvitation(
  db: TenantDb,
  userId: string,
  code: string,
  now: Temporal.Instant,
): Promise<PassengerRow[] | null> {
  if (!(await db.invitations.accept(code, userId, now))) return null
  return db.invitations.passengersOf(code)
}

/**
 * The invitation as `userId` may see it (null: an anonymous visitor): a live one that nobody else accepted,
 * else undefined, which the caller answers as not found.
 */
export async function visibleInvitation(
  db: TenantDb,
  code: string,
  userId: string | null,
  now: Temporal.Instant,
  timeZone: string,
): Promise<Invitation | undefined> {
  const row = await db.invitations.findLive(code, now)
  if (!row || (row.accepted_by_user_id !== null && row.accepted_by_user_id !== userId)) return undefined
  return toInvitationView(row, await db.invitations.passengersOf(code), userId, timeZone)
}

/** A fresh invitation for a registered travel card's passenger; expired invitations are forgotten meanwhile. */
export async function invitationForCard(
  db: TenantDb,
  passengerId: string,
  now: Temporal.Instant,
  timeZone: string,
): Promise<Invitation> {
  return db.transaction(async (trx) => {
    await trx.invitations.deleteExpired(now)
    const row = await trx.invitations.create({
      code: newInvitationCode(),
      expiresAt: now.add(cardInvitationLifetime),
      passengerIds: [passengerId],
    })
    return toInvitationView(row, await trx.invitations.passengersOf(row.code), null, timeZone)
  })
}

function toInvitationView(
  row: InvitationRow,
  passengers: readonly PassengerRow[],
  userId: string | null,
  timeZone: string,
): Invitation {
  return {
    code: row.code,
    acceptedByUser: userId !== null && row.accepted_by_user_id === userId,
    validUntil: zonedIso(row.expires_at, timeZone),
    items: passengers.map((passenger) => ({
      passenger: { id: passenger.id, name: passenger.name, avatarText: passenger.avatar_text },
    })),
  }
}
