import { randomBytes } from 'node:crypto'
import { Temporal } from 'temporal-polyfill'
import type { Invitation } from '../../src/contract/invitations'
import type { InvitationRow, TravelCardRow } from '../db/repositories/invitations'
import type { PassengerRow } from '../db/repositories/passengers'
import type { UserRow } from '../db/repositories/users'
import type { TenantDb } from '../db/tenantDb'
import { zonedIso } from '../domain/tripView'
import type { ServerI18n } from '../i18n/catalogs'
import { sendOperatorMessage } from '../outbox/operatorMessages'
import { guardianJoinedMessage } from './guardianNotice'
import { tellPassengersAdded } from './passengersAdded'

/** A new invitation code: 128 random bits, base64url (22 characters), the invitation's only secret. */
export function newInvitationCode(): string {
  return randomBytes(16).toString('base64url')
}

/** How long the invitation a registered travel card answers can be accepted: the sign-in that follows. */
export const cardInvitationLifetime = Temporal.Duration.from({ hours: 1 })

/** What accepting an invitation gave. */
export type Acceptance =
  | { kind: 'accepted'; passengers: PassengerRow[] }
  /** Unknown, expired, or another user's. */
  | { kind: 'not_found' }
  /** A travel card's, of a passenger who has a guardian, and the user's identity is not verified. */
  | { kind: 'identity_required' }

/** What writing the guardians' notice needs: the catalogs and the tenant's time zone. */
export interface NoticeContext {
  i18n: ServerI18n
  timeZone: string
}

/**
 * The passengers of a travel card's invitation that `userId` (null: anyone) would join someone else as a
 * guardian of: those they are not granted and another user is. A card whose passenger has no guardian yet
 * serves itself; joining one who has takes a verified identity, and the guardians are told. Other invitations
 * join nobody.
 */
async function joinedGuardianships(
  db: TenantDb,
  row: InvitationRow,
  userId: string | null,
): Promise<Set<string>> {
  if (row.travel_card_number === null) return new Set()
  const guardians = await db.invitations.guardiansOf(row.code)
  const own = new Set(guardians.filter((g) => g.userId === userId).map((g) => g.passengerId))
  return new Set(
    guardians.filter((g) => g.userId !== userId && !own.has(g.passengerId)).map((g) => g.passengerId),
  )
}

/**
 * Accepts an invitation for a user (again for the same user, nothing changes), judged at this moment: a travel
 * card's invitation of a passenger who has a guardian by now takes a verified identity, and then each such
 * passenger's guardians get a message in the passenger's thread, as from the operator. The passengers are
 * locked meanwhile, so two acceptances of one passenger are judged one after the other. The operator is told of
 * each passenger the user did not hold before.
 */
export async function acceptInvitation(
  db: TenantDb,
  user: UserRow,
  code: string,
  now: Temporal.Instant,
  notice: NoticeContext,
): Promise<Acceptance> {
  return db.transaction(async (trx) => {
    const row = await trx.invitations.findLive(code, now)
    if (!row || (row.accepted_by_user_id !== null && row.accepted_by_user_id !== user.id)) {
      return { kind: 'not_found' }
    }
    if (row.travel_card_number !== null) await trx.invitations.lockPassengers(code)
    const joined = await joinedGuardianships(trx, row, user.id)
    if (joined.size > 0 && !user.identity_verified) return { kind: 'identity_required' }
    const granted = await trx.invitations.accept(code, user.id, now)
    if (!granted) return { kind: 'not_found' }
    const by = row.travel_card_number === null ? 'invitation' : 'travelCard'
    await tellPassengersAdded(trx, user.id, granted, by, now)
    const passengers = await trx.invitations.passengersOf(code)
    for (const passenger of passengers.filter((p) => joined.has(p.id))) {
      const content = guardianJoinedMessage(notice.i18n, {
        guardian: user.name,
        passenger: passenger.name,
        at: now,
        timeZone: notice.timeZone,
      })
      await sendOperatorMessage(trx, passenger.id, { content, requestConfirmation: false }, now, user.id)
    }
    return { kind: 'accepted', passengers }
  })
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
  return toInvitationView(db, row, userId, timeZone)
}

/** A fresh invitation for a registered travel card's passenger; expired invitations are forgotten meanwhile. */
export async function invitationForCard(
  db: TenantDb,
  card: TravelCardRow,
  now: Temporal.Instant,
  timeZone: string,
): Promise<Invitation> {
  return db.transaction(async (trx) => {
    await trx.invitations.deleteExpired(now)
    const row = await trx.invitations.create({
      code: newInvitationCode(),
      expiresAt: now.add(cardInvitationLifetime),
      passengerIds: [card.passenger_id],
      travelCardNumber: card.card_number,
    })
    return toInvitationView(trx, row, null, timeZone)
  })
}

async function toInvitationView(
  db: TenantDb,
  row: InvitationRow,
  userId: string | null,
  timeZone: string,
): Promise<Invitation> {
  const passengers = await db.invitations.passengersOf(row.code)
  const joined = await joinedGuardianships(db, row, userId)
  return {
    code: row.code,
    acceptedByUser: userId !== null && row.accepted_by_user_id === userId,
    validUntil: zonedIso(row.expires_at, timeZone),
    requiresVerifiedIdentity: joined.size > 0,
    items: passengers.map((passenger) => ({
      passenger: { id: passenger.id, name: passenger.name, avatarText: passenger.avatar_text },
    })),
  }
}
