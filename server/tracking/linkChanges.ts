import { createHash } from 'node:crypto'
import type { Temporal } from 'temporal-polyfill'
import { linkWindow } from '../../src/domain/tracking/linkWindow'
import type { TenantDb } from '../db/tenantDb'
import type { TripProjection } from '../domain/tripProjection'
import { changedTrip, zonedIso } from '../domain/tripView'
import { tellOperator } from '../outbox/operatorChanges'

/**
 * A link's id to the operator. Never the link, its only secret: the first 128 bits of its SHA-256 in hex, which
 * names it as long as it lives (the table keeps no other id) and gives nothing away of it.
 */
export function linkIdOf(link: string): string {
  return createHash('sha256').update(link).digest('hex').slice(0, 32)
}

/**
 * Tells the operator that a guardian shared their passenger's trip or stopped sharing it, with the window the
 * trip gives the link now; call in the transaction that makes or revokes it.
 */
export async function tellLinkChange(
  db: TenantDb,
  type: 'trackingLink.created' | 'trackingLink.revoked',
  change: { link: string; trip: TripProjection; userId: string; timeZone: string; at: Temporal.Instant },
): Promise<void> {
  const { link, trip, timeZone } = change
  await tellOperator(db, [
    {
      type,
      occurredAt: change.at,
      passengerId: trip.passengerId,
      actorUserId: change.userId,
      data: {
        trip: changedTrip(trip, timeZone),
        linkId: linkIdOf(link),
        validUntil: zonedIso(linkWindow(trip).validUntil, timeZone),
      },
    },
  ])
}
