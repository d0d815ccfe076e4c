import type { Car } from '../domain/tripEvents'

/** Who a demo passenger is decides where they travel: children to school, older people to a day centre. */
export type PassengerKind = 'child' | 'elder'

export interface PersonTemplate {
  givenName: string
  kind: PassengerKind
}

/** Guardians and their three passengers; tenant n uses family n modulo the list, so neighbours differ. */
export const families = [
  { guardian: 'Sanna', familyName: 'Laine', passengers: ['Eetu', 'Sofia', 'Raili'] },
  { guardian: 'Jussi', familyName: 'Mäkelä', passengers: ['Aada', 'Leevi', 'Pentti'] },
  { guardian: 'Heidi', familyName: 'Koskinen', passengers: ['Veeti', 'Iida', 'Eila'] },
  { guardian: 'Tuomas', familyName: 'Järvinen', passengers: ['Ella', 'Niilo', 'Kaarina'] },
] as const

/** The third passenger of each family is a grandparent who goes to a day centre. */
export const familyKinds: readonly PassengerKind[] = ['child', 'child', 'elder']

export const singlePassengers = [
  'Onni Heikkinen',
  'Emma Lehtonen',
  'Aleksi Salonen',
  'Venla Turunen',
] as const

/** Passengers not yet granted to anyone; the demo access codes grant them. */
export const unclaimedPassengers: readonly PersonTemplate[] = [
  { givenName: 'Helmi Rantanen', kind: 'child' },
  { givenName: 'Oliver Hämäläinen', kind: 'child' },
  { givenName: 'Sirkka Lindqvist', kind: 'elder' },
  { givenName: 'Elias Karjalainen', kind: 'child' },
  { givenName: 'Aune Räsänen', kind: 'elder' },
]

export const cars: readonly Car[] = [
  { name: 'Taksi 12', registerNumber: 'KLT-412', phone: '+358 40 712 3412', driverName: 'Jari Mäkinen' },
  { name: 'Tila-auto 7', registerNumber: 'ZXP-207', phone: '+358 50 344 1207', driverName: 'Minna Hakala' },
  { name: 'Invataksi 3', registerNumber: 'IVA-303', phone: '+358 44 900 3303', driverName: 'Petri Lahtinen' },
  { name: 'Taksi 28', registerNumber: 'GTR-828', phone: '+358 40 556 0828', driverName: 'Sari Niemi' },
]

/** Made-up phone numbers in Finnish format. */
export function demoPhone(index: number): string {
  return `+358 40 000 ${String(1000 + index).slice(-4)}`
}
