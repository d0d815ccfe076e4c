import { normalize } from './normalize'

/** What an address query asks for: "Tapiolantie 3 A, 02100 Espoo" in its parts, normalized. */
export interface ParsedQuery {
  /** The street's name or its beginning ("tapiolan"); empty when only a locality or postal code was given. */
  street: string
  /** "3", "12b"; null without a house number. */
  number: string | null
  /** Digits a postal code starts with. */
  postalcode: string | null
  /** The locality's name or its beginning. */
  locality: string | null
}

const houseNumber = /^\d{1,4}[a-z]?$/
const postalCode = /^\d{5}$/
/** "12 b": a letter alone after the number is a building letter or a staircase. */
const singleLetter = /^[a-z]$/

/**
 * Splits a query into street, house number, and where: a postal code and a locality after a comma or after the
 * number ("Tapiolantie 3 Espoo"). Without a comma or a number, a trailing word is taken as the locality when
 * `isLocality` knows it ("Tapiolantie Espoo").
 */
export function parseQuery(query: string, isLocality: (prefix: string) => boolean): ParsedQuery {
  const [head = '', ...rest] = query.split(',')
  const tokens = normalize(head).split(' ').filter(Boolean)
  const where = rest.flatMap((part) => normalize(part).split(' ').filter(Boolean))
  const numberAt = tokens.findIndex((token) => houseNumber.test(token))
  let streetTokens = tokens
  let number: string | null = null
  if (numberAt >= 0) {
    streetTokens = tokens.slice(0, numberAt)
    number = tokens[numberAt]!
    const after = tokens.slice(numberAt + 1)
    if (after[0] && singleLetter.test(after[0])) after.shift()
    where.unshift(...after)
  } else if (rest.length === 0) {
    // The trailing words that are a postal code or a known locality, but never the whole query.
    while (streetTokens.length > 1) {
      const last = streetTokens[streetTokens.length - 1]!
      if (!postalCode.test(last) && !isLocality(last)) break
      where.unshift(last)
      streetTokens = streetTokens.slice(0, -1)
    }
  }
  const postal = [...streetTokens, ...where].find((token) => postalCode.test(token)) ?? null
  const localityWords = where.filter((token) => !/^\d+$/.test(token))
  return {
    street: streetTokens.filter((token) => !postalCode.test(token)).join(' '),
    number,
    postalcode: postal,
    locality: localityWords.length > 0 ? localityWords.join(' ') : null,
  }
}
