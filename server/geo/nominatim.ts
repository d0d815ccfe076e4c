import { z } from 'zod'
import type { GeocodedAddress, Geocoder } from './geocoder'
import { fetchJson } from './fetchJson'
import { loggedSearch, type ServiceLog } from './loggedSearch'

const coordinate = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
])

/** What is read of one jsonv2 result with addressdetails; a result without these is skipped. */
const result = z.object({
  lat: coordinate,
  lon: coordinate,
  name: z.string().optional(),
  addresstype: z.string().optional(),
  address: z.record(z.string(), z.string()),
})

/** Nominatim names the street and the locality by what they are (a road, a town, a village). */
const streetKeys = ['road', 'pedestrian', 'footway', 'path', 'square', 'residential'] as const
const localityKeys = ['city', 'town', 'village', 'municipality', 'hamlet'] as const

const first = (address: Record<string, string>, keys: readonly string[]) =>
  keys.map((key) => address[key]).find((value) => value !== undefined)

function toAddress(raw: unknown): GeocodedAddress | null {
  const parsed = result.safeParse(raw)
  if (!parsed.success) return null
  const { lat, lon, name, addresstype, address } = parsed.data
  const street = first(address, streetKeys)
  if (!street) return null
  // A named place (a school) has its own name; an address or a road is named after the street.
  const named = name && addresstype !== 'road' && addresstype !== 'place' && name !== street ? name : null
  return {
    street,
    streetnumber: address.house_number ?? null,
    postalcode: address.postcode ?? null,
    city: first(address, localityKeys) ?? null,
    latitude: lat,
    longitude: lon,
    name: named,
    // display_name lists every administrative level ("5, Mannerheimintie, Kluuvi, ..., 00100, Suomi"): the
    // line is composed from the parts instead.
    label: null,
  }
}

/**
 * Nominatim (https://nominatim.org/release-docs/latest/api/Search/): Finland only, results in the user's
 * language. Its usage policy asks for an identifying User-Agent.
 */
export function nominatimGeocoder(config: { url: string; timeoutMs: number }, log: ServiceLog): Geocoder {
  return loggedSearch('nominatim', log, async (query, { limit, language }) => {
    const url = new URL(`${config.url}/search`)
    url.search = new URLSearchParams({
      format: 'jsonv2',
      addressdetails: '1',
      countrycodes: 'fi',
      limit: String(limit),
      'accept-language': language,
      q: query,
    }).toString()
    const body = z
      .array(z.unknown())
      .parse(
        await fetchJson(url, { timeoutMs: config.timeoutMs, headers: { 'user-agent': 'passenger-portal' } }),
      )
    return body.map(toAddress).filter((address) => address !== null)
  })
}
