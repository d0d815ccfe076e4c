import type { Locale } from '../../../src/domain/locale'
import type { GeocodedAddress, Geocoder } from '../geocoder'
import { normalize } from './normalize'
import { parseQuery, type ParsedQuery } from './parseQuery'
import { towns, type StreetData, type Town } from './towns'

interface Street {
  name: string
  key: string
  /** The key without spaces: "urho kekkosenkatu" still finds Urho Kekkosen katu. */
  compact: string
  postalcode: string
  town: Town
  townKeys: string[]
  data: StreetData
}

function streetsOf(extra: ReadonlyMap<string, StreetData[]>): Street[] {
  const known = new Set(towns.map((town) => town.fi))
  const all: Town[] = [
    ...towns.map((town) => ({ ...town, streets: [...town.streets, ...(extra.get(town.fi) ?? [])] })),
    ...[...extra].filter(([city]) => !known.has(city)).map(([city, streets]) => ({ fi: city, streets })),
  ]
  return all.flatMap((town) => {
    const townKeys = [town.fi, town.sv].filter((name) => name !== undefined).map(normalize)
    return town.streets.map((data) => {
      const key = normalize(data[0])
      return {
        name: data[0],
        key,
        compact: key.replaceAll(' ', ''),
        postalcode: data[1],
        town,
        townKeys,
        data,
      }
    })
  })
}

/** How well a street's name matches: 0 the whole name, 1 its beginning, 2 a later word's beginning. */
function nameScore(street: Street, query: string): number | null {
  if (query === '') return 1
  if (street.key === query) return 0
  if (street.key.startsWith(query) || street.compact.startsWith(query.replaceAll(' ', ''))) return 1
  if (street.key.includes(` ${query}`)) return 2
  return null
}

function inPlace(street: Street, query: ParsedQuery): boolean {
  if (query.postalcode && !street.postalcode.startsWith(query.postalcode)) return false
  const locality = query.locality
  return locality === null || street.townKeys.some((key) => key.startsWith(locality))
}

const round = (value: number) => Number(value.toFixed(5))

/**
 * The point of a house number: along the street from its start to its end point when it has one (numbers past
 * the highest stay at the end), else the street's one point.
 */
function position(data: StreetData, number: string | null): { latitude: number; longitude: number } {
  const [, , latitude, longitude, highest, endLatitude, endLongitude] = data
  if (endLatitude === undefined || endLongitude === undefined) return { latitude, longitude }
  const share =
    number === null ? 0.5 : Math.min(1, Math.max(0, (parseInt(number, 10) - 1) / Math.max(1, highest - 1)))
  return {
    latitude: round(latitude + (endLatitude - latitude) * share),
    longitude: round(longitude + (endLongitude - longitude) * share),
  }
}

const collator = new Intl.Collator('fi')

function toAddress(street: Street, number: string | null, language: Locale): GeocodedAddress {
  return {
    street: street.name,
    streetnumber: number,
    postalcode: street.postalcode,
    city: language === 'sv' && street.town.sv ? street.town.sv : street.town.fi,
    ...position(street.data, number),
    name: null,
    label: null,
  }
}

/**
 * The embedded gazetteer: Finnish streets of the demo towns (server/geo/gazetteer/towns.ts) and any `extra`
 * streets by town (the demo's own, in demo mode), searched with no network. Forgiving: any case, with or without diacritics, a street's beginning,
 * an optional house number, postal code and locality. Best matches first: the whole name, then its beginning,
 * then a later word's; then by name and locality.
 */
export function embeddedGeocoder(extra: ReadonlyMap<string, StreetData[]> = new Map()): Geocoder {
  const streets = streetsOf(extra)
  const localities = new Set(streets.flatMap((street) => street.townKeys))
  return {
    async search(query, { limit, language }) {
      const parsed = parseQuery(query, (word) => localities.has(word))
      if (!parsed.street && !parsed.postalcode && !parsed.locality) return []
      return streets
        .map((street) => ({
          street,
          score: inPlace(street, parsed) ? nameScore(street, parsed.street) : null,
        }))
        .filter((match): match is { street: Street; score: number } => match.score !== null)
        .sort(
          (a, b) =>
            a.score - b.score ||
            collator.compare(a.street.name, b.street.name) ||
            collator.compare(a.street.town.fi, b.street.town.fi),
        )
        .slice(0, limit)
        .map(({ street }) => toAddress(street, parsed.number, language))
    },
  }
}
