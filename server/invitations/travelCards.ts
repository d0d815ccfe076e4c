import { createHash } from 'node:crypto'
import { normalizeCardNumber } from '../db/repositories/invitations'
import type { RegistrationSubjects } from '../db/repositories/travelCardThrottles'

/** A name as compared: composed Unicode (ä typed as a and a combining ¨ is ä), single spaces, any case. */
function nameKey(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('fi')
}

/** Whether the name typed when registering a travel card is its holder's, however spaced or capitalised. */
export function isCardHolder(holderName: string, typedName: string): boolean {
  return nameKey(holderName) === nameKey(typedName)
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/**
 * What a registration's failures are counted by: the card number and the name as they are compared, so that
 * another spacing or case is the same guess; hashed, so that the counters keep no typed name or number.
 */
export function registrationSubjects(cardNumber: string, name: string): RegistrationSubjects {
  return { card: sha256(normalizeCardNumber(cardNumber)), name: sha256(nameKey(name)) }
}
