/** A name as compared: composed Unicode (ä typed as a and a combining ¨ is ä), single spaces, any case. */
function nameKey(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('fi')
}

/** Whether the name typed when registering a travel card is its holder's, however spaced or capitalised. */
export function isCardHolder(holderName: string, typedName: string): boolean {
  return nameKey(holderName) === nameKey(typedName)
}
