import { messagePageSize } from '../../src/contract/codes'
import { tenants, type TenantId } from '../../tenants'
import { fullName, seededIdentity, testIdentities } from './identities'
import { demoInvitationCode, demoInvitationOpenDays, demoTravelCards, travelCardTenants } from './invitations'
import { demoMessageCount } from './messages'
import { demoOperatorKey } from './operatorKeys'

/** The demo sign-ins, the same on every tenant. */
export const demoAccounts = {
  guardian: { userName: 'guardian', password: 'demo-guardian-2026' },
  single: { userName: 'single', password: 'demo-single-2026' },
} as const

/** Unused access codes on every tenant, each for a passenger nobody has claimed yet. */
export const demoAccessCodes = ['LISAA-1001', 'LISAA-1002', 'LISAA-1003', 'LISAA-1004', 'LISAA-1005'] as const

/** The tenant's addresses on a local port: its own `.localhost` name and the path prefix form. */
export function tenantUrls(tenant: TenantId, port: number): string[] {
  if (tenant === 'default') return [`http://localhost:${port}/`]
  return [`http://${tenant}.localhost:${port}/`, `http://localhost:${port}/${tenant}/`]
}

/** The README's demo section, generated from the same values the seed uses. */
export function demoAccountsMarkdown(port = 8080): string {
  const identities = testIdentities.map((identity) => fullName(identity)).join(', ')
  return [
    '| Sign-in | Password | What it shows |',
    '| --- | --- | --- |',
    `| \`${demoAccounts.guardian.userName}\` | \`${demoAccounts.guardian.password}\` | three passengers (two children, a grandparent) with trips today in every state and two weeks ahead |`,
    `| \`${demoAccounts.single.userName}\` | \`${demoAccounts.single.password}\` | exactly one passenger |`,
    `| Strong authentication as ${fullName(seededIdentity)} | none | a user without a password (can create a login); one passenger |`,
    '',
    `Strong authentication goes through the embedded test identity provider (\`/idp\`), which offers ${identities}; the others become new users without passengers.`,
    '',
    `Access codes for adding a passenger (each works once per tenant): ${demoAccessCodes.map((code) => `\`${code}\``).join(', ')}.`,
    '',
    `Invitations (\`/invitation/{code}\`) on every tenant are \`demo-invitation-{tenant id}-01\` to \`-04\`, e.g. ${tenantUrls('espoo', port)[0]}invitation/${demoInvitationCode('espoo', 1)}: \`-01\` (two passengers) and \`-02\` (one) wait to be accepted, once each, for ${demoInvitationOpenDays} days after the database was created; \`-03\` was accepted by \`${demoAccounts.guardian.userName}\`, so it is not found for anyone else; \`-04\` has expired.`,
    '',
    `Travel cards (${travelCardTenants.join(', ')}; \`/register-travel-card\`): ${demoTravelCards.map((card) => `\`${card.cardNumber}\` of ${card.holder.givenName}`).join(' and ')} (spaces and case do not matter). Each registration answers a new invitation to the card's passenger, open for an hour. The first to accept one becomes the passenger's guardian with any sign-in; after that, only a user who signs in with strong authentication can accept the card's invitations, and the guardians find a message about it in \`/messages\`.`,
    '',
    `Messages (\`/messages\`): \`${demoAccounts.guardian.userName}\` has ${demoMessageCount} messages on every tenant, over six weeks (${Math.ceil(demoMessageCount / messagePageSize)} pages of ${messagePageSize}), a few unseen and a few asking for a confirmation; with the simulator on, the operator answers a message a minute later.`,
    '',
    `Operator API (\`POST /api/operator/trips/{id}/events\`, header \`X-Api-Key\`): each tenant's key is \`demo-operator-{tenant id}\`, e.g. \`${demoOperatorKey('espoo')}\` on ${tenantUrls('espoo', port)[0]}.`,
    '',
    'Tenants:',
    '',
    ...Object.values(tenants).map(
      (tenant) => `- ${tenant.name}: ${tenantUrls(tenant.id, port).join(' or ')}`,
    ),
  ].join('\n')
}
