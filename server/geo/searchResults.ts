import { createHash } from 'node:crypto'
import { textLimits } from '../../src/contract/common'
import type { AddressSearchResult } from '../../src/contract/places'
import type { GeocodedAddress } from './geocoder'

/** The spec's ", Suomi" (Finland in Finnish) that services append to Finnish addresses, and other languages' too. */
const trailingCountry = /(?:,\s*(?:Suomi|Finland))+\s*$/i

export function stripCountry(text: string): string {
  return text.replace(trailingCountry, '').trim()
}

/** "Mannerheimintie 5" or "Mannerheimintie" (a street-level result). */
function streetAddress(found: GeocodedAddress): string {
  return found.streetnumber ? `${found.street} ${found.streetnumber}` : found.street
}

/** The same address always gets the same id, whichever search found it. */
function resultId(display: string, latitude: number, longitude: number): string {
  const digest = createHash('sha256')
    .update(`${display}\u0000${latitude}\u0000${longitude}`)
    .digest('base64url')
  return `geo-${digest.slice(0, 22)}`
}

const fits = (value: string, max: number) => value.length > 0 && value.length <= max

/**
 * The portal's rules on what any geocoder found (spec sections 5 and 9): only results with a street, a postal
 * code, a locality and coordinates, every text without a trailing ", Suomi", each address once, at most `limit`.
 */
export function toSearchResults(found: readonly GeocodedAddress[], limit: number): AddressSearchResult[] {
  const results = new Map<string, AddressSearchResult>()
  for (const item of found) {
    if (results.size >= limit) break
    const postalcode = item.postalcode?.trim() ?? ''
    const city = item.city ? stripCountry(item.city) : ''
    const street = stripCountry(item.street)
    if (!fits(postalcode, textLimits.addressPart) || !fits(city, textLimits.name) || !street) continue
    if (!Number.isFinite(item.latitude) || !Number.isFinite(item.longitude)) continue
    const address = streetAddress({ ...item, street })
    const alias = item.name ? stripCountry(item.name) || null : null
    const composed = [alias, address, `${postalcode} ${city}`].filter(Boolean).join(', ')
    const display = (item.label && stripCountry(item.label)) || composed
    if (display.length > textLimits.address || (alias && alias.length > textLimits.name)) continue
    if (item.streetnumber && item.streetnumber.length > textLimits.addressPart) continue
    const id = resultId(display, item.latitude, item.longitude)
    if (results.has(id)) continue
    results.set(id, {
      id,
      alias,
      display,
      address,
      streetnumber: item.streetnumber,
      postalcode,
      city,
      latitude: item.latitude,
      longitude: item.longitude,
      isHome: false,
      isPickup: false,
      isViaPoint: false,
      isMain: false,
      isSecondaryPlace: false,
      source: 'mapPlaceResult',
    })
  }
  return [...results.values()]
}
