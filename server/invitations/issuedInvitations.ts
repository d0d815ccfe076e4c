import type { Temporal } from 'temporal-polyfill'
import type { InvitationRow } from '../db/repositories/invitations'
import type { TenantDb } from '../db/tenantDb'
import { requireGrantable } from './grantable'
import { newInvitationCode } from './invitations'

export interface InvitationOrder {
  /** The live passengers of the tenant it grants; named twice, granted once. */
  passengerIds: readonly string[]
  /** How many days from `now` it can be accepted. */
  validDays: number
  /** The code to use; only the demo seed gives one (its readable codes), else a new one is made. */
  code?: string
}

/** A new invitation of the operator's: the one user who accepts it in time is granted its passengers. */
export async function issueInvitation(
  db: TenantDb,
  order: InvitationOrder,
  now: Temporal.Instant,
): Promise<InvitationRow> {
  const passengerIds = [...new Set(order.passengerIds)]
  await requireGrantable(
    db,
    order.passengerIds.map((passengerId, index) => ({ passengerId, property: `passengerIds.${index}` })),
  )
  return db.transaction((trx) =>
    trx.invitations.create({
      code: order.code ?? newInvitationCode(),
      expiresAt: now.add({ hours: 24 * order.validDays }),
      passengerIds,
    }),
  )
}

/**
 * The invitation's page in the portal (its route `/invitation/{code}`), under the tenant's portal root as the
 * server writes every absolute link (`portalUrl`, server/net/portalUrl.ts).
 */
export function invitationLink(portalUrl: string, code: string): string {
  return `${portalUrl}/invitation/${encodeURIComponent(code)}`
}
