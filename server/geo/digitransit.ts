import { z } from 'zod'
import type { GeocodedAddress, Geocoder } from './geocoder'
import { fetchJson } from './fetchJson'
import { loggedSearch, type ServiceLog } from './loggedSearch'

/** What is read of a Pelias feature; anything else in it is ignored, a feature without these is skipped. */
const feature = z.object({
  geometry: z.object({ coordinates: z.tuple([z.number(), z.number()]).rest(z.number()) }),
  properties: z.object({
    layer: z.string().optional(),
    name: z.string().optional(),
    street: z.string().optional(),
    housenumber: z.string().optional(),
    postalcode: z.string().optional(),
    locality: z.string().optional(),
    localadmin: z.string().optional(),
    label: z.string().optional(),
  }),
})
const featureCollection = z.object({ features: z.array(z.unknown()) })

function toAddress(raw: unknown): GeocodedAddress | null {
  const parsed = feature.safeParse(raw)
  if (!parsed.success) return null
  const [longitude, latitude] = parsed.data.geometry.coordinates
  const { layer, name, street, housenumber, postalcode, locality, localadmin, label } = parsed.data.properties
  // A street result's name is the street; an address's is "street number"; a venue's is its own name.
  const named = layer === 'venue' && name ? name : null
  const streetName = street ?? (layer === 'street' ? name : undefined)
  if (!streetName) return null
  return {
    street: streetName,
    streetnumber: housenumber ?? null,
    postalcode: postalcode ?? null,
    city: locality ?? localadmin ?? null,
    latitude,
    longitude,
    name: named,
    label: label ?? null,
  }
}

/**
 * The Digitransit geocoding API (Pelias, https://digitransit.fi/en/developers/apis/3-geocoding-api/), Finland
 * only; every call carries the subscription key.
 */
export function digitransitGeocoder(
  config: { url: string; apiKey: string; timeoutMs: number },
  log: ServiceLog,
): Geocoder {
  return loggedSearch('digitransit', log, async (query, { limit, language }) => {
    const url = new URL(`${config.url}/geocoding/v1/search`)
    url.search = new URLSearchParams({
      text: query,
      size: String(limit),
      lang: language,
      'boundary.country': 'FIN',
    }).toString()
    const body = featureCollection.parse(
      await fetchJson(url, {
        timeoutMs: config.timeoutMs,
        headers: { 'digitransit-subscription-key': config.apiKey },
      }),
    )
    return body.features.map(toAddress).filter((address) => address !== null)
  })
}
