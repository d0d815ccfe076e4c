import type { Temporal } from 'temporal-polyfill'
import { tenants, type TenantId } from '../../tenants'
import type { TenantDb } from '../db/tenantDb'
import { issueInvitation } from '../invitations/issuedInvitations'
import type { PersonTemplate } from './people'

/** Passengers the demo invitations grant, granted to nobody at first. */
export const invitedPassengers: readonly PersonTemplate[] = [
  { givenName: 'Kerttu Salminen', kind: 'child' },
  { givenName: 'Toivo Salminen', kind: 'child' },
  { givenName: 'Irja Salminen', kind: 'elder' },
]

/** The demo travel cards of the tenants that register them, each of a passenger granted to nobody. */
export const demoTravelCards: readonly { cardNumber: string; holder: PersonTemplate }[] = [
  { cardNumber: '7300 1000 0001', holder: { givenName: 'Ville Kortesalmi', kind: 'elder' } },
  { cardNumber: '7300 1000 0002', holder: { givenName: 'Nelli Kortesalmi', kind: 'child' } },
]

export const travelCardTenants: readonly TenantId[] = Object.values(tenants)
  .filter((tenant) => tenant.features.travelCardRegistration)
  .map((tenant) => tenant.id)

/** Readable, so the README can name them; as long as a real code (22 characters) even for `fcg`. */
export function demoInvitationCode(tenant: TenantId, number: number): string {
  return `demo-invitation-${tenant}-${String(number).padStart(2, '0')}`
}

/** How long the demo's waiting invitations can be accepted after the seed. */
export const demoInvitationOpenDays = 90

/**
 * The demo invitations of a tenant: 01 (two passengers) and 02 (one) wait to be accepted; 03 was accepted by
 * the guardian (for one of their own passengers), so it shows as accepted to them and as not found to anyone
 * else; 04 has expired. A travel card's registration makes fresh ones, so cards can be tried again and again.
 */
export async function addDemoInvitations(
  db: TenantDb,
  now: Temporal.ZonedDateTime,
  people: { invited: readonly { id: string }[]; guardianId: string; guardianPassengerId: string },
): Promise<void> {
  const [first, second, third] = people.invited.map((passenger) => passenger.id)
  const instant = now.toInstant()
  const invite = (number: number, passengerIds: string[], at = instant, validDays = demoInvitationOpenDays) =>
    issueInvitation(db, { passengerIds, validDays, code: demoInvitationCode(db.tenant, number) }, at)
  await invite(1, [first!, second!])
  await invite(2, [third!])
  await invite(3, [people.guardianPassengerId])
  await db.invitations.accept(demoInvitationCode(db.tenant, 3), people.guardianId, instant)
  // Made two days ago for a day: expired yesterday.
  await invite(4, [third!], instant.subtract({ hours: 48 }), 1)
}
