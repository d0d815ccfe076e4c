import type { TravelCardRow } from '../db/repositories/invitations'
import type { TenantDb } from '../db/tenantDb'
import { requireGrantable } from './grantable'

export interface TravelCardIssue {
  /** As printed or typed: kept without spaces or dashes, upper-cased (`normalizeCardNumber`). */
  cardNumber: string
  passengerId: string
  /** The name its holder registers it with (compared however spaced or capitalised: `isCardHolder`). */
  holderName: string
}

/**
 * Issues a travel card to a live passenger of the tenant, or gives an issued one another passenger or holder. A
 * card that changes hands loses the invitations its registrations made, so that none still leads to the
 * passenger it was for; the grants they gave stay.
 */
export async function issueTravelCard(db: TenantDb, card: TravelCardIssue): Promise<TravelCardRow> {
  await requireGrantable(db, [{ passengerId: card.passengerId, property: 'passengerId' }])
  return db.transaction(async (trx) => {
    const issued = await trx.invitations.findCard(card.cardNumber, { lock: true })
    if (issued && (issued.passenger_id !== card.passengerId || issued.holder_name !== card.holderName)) {
      await trx.invitations.deleteCardInvitations(card.cardNumber)
    }
    return trx.invitations.putCard(card)
  })
}
