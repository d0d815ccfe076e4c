/**
 * The people the embedded test identity provider can authenticate, standing in for the Finnish bank-id broker.
 * Aino Virtanen is seeded as a user without a password on every tenant; the others become new users on their
 * first strong login.
 */
export interface TestIdentity {
  subject: string
  givenName: string
  familyName: string
}

export const testIdentities: readonly TestIdentity[] = [
  { subject: 'demo-aino-virtanen', givenName: 'Aino', familyName: 'Virtanen' },
  { subject: 'demo-mikko-nieminen', givenName: 'Mikko', familyName: 'Nieminen' },
  { subject: 'demo-helmi-korhonen', givenName: 'Helmi', familyName: 'Korhonen' },
]

export const seededIdentity = testIdentities[0]!

export function fullName(identity: TestIdentity): string {
  return `${identity.givenName} ${identity.familyName}`
}
