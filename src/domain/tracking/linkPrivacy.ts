/**
 * What a tracking link may show of places: the drivers' office needs to see where the car goes and where
 * it is, not who lives behind which door. Stops show their street address without the apartment and no alias
 * (an alias such as "Terapia" can say more about the passenger than the address does), and coordinates are
 * rounded to what the map needs.
 */

/**
 * Decimals of a stop's coordinates: 0.001° is about 110 m north-south and 55 m east-west in Finland, enough to
 * draw the stop on the map at the link's zoom, not to pick out a door.
 */
export const stopCoordinateDecimals = 3
/** Decimals of the car's coordinates: 0.0001° is about 11 m and 6 m, enough to follow it along a street. */
export const carCoordinateDecimals = 4

/** A coordinate rounded to `decimals` places; null stays null. */
export function roundedCoordinate(value: number | null, decimals: number): number | null {
  if (value === null) return null
  const scale = 10 ** decimals
  return Math.round(value * scale) / scale
}

/** A Finnish house number: "3", "3a", "3-5", "12b-c"; a letter after a space is a staircase, not part of it. */
const houseNumber = /^\d+[\p{Ll}\p{Lu}]?(?:-\d+[\p{Ll}\p{Lu}]?)?$/u
const postalCode = /^\d{5}$/
const hasDigit = /\d/

/** The street part ("Kotikatu 3 B 12") cut after its house number, keeping a postal code and town that follow. */
function streetWithoutApartment(part: string): string {
  const words = part.trim().split(/\s+/)
  const number = words.findIndex((word, index) => index > 0 && houseNumber.test(word))
  if (number < 0) return words.join(' ')
  const postal = words.findIndex((word, index) => index > number && postalCode.test(word))
  return [...words.slice(0, number + 1), ...(postal < 0 ? [] : words.slice(postal))].join(' ')
}

/** A part after the street's: a postal code and town, or a town, stays; "B 12", "as. 12" or a lone "A" goes. */
function isApartmentPart(part: string): boolean {
  const trimmed = part.trim()
  if (/^\p{L}$/u.test(trimmed)) return true
  return hasDigit.test(trimmed) && !trimmed.split(/\s+/).some((word) => postalCode.test(word))
}

/**
 * An address without its apartment: "Kotikatu 3 B 12, 02100 Espoo" is "Kotikatu 3, 02100 Espoo", "Kotikatu 3b as.
 * 12" "Kotikatu 3b". The street keeps its house number (with a letter or a range joined to it) and loses what
 * follows; later comma-separated parts that hold a number but no postal code (an apartment written apart) go
 * too. An address with no house number is left as it is.
 */
export function streetAddress(address: string): string {
  const [street = '', ...rest] = address.split(',')
  return [
    streetWithoutApartment(street),
    ...rest.filter((part) => !isApartmentPart(part)).map((part) => part.trim()),
  ]
    .filter((part) => part !== '')
    .join(', ')
}
