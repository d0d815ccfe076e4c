import { placeTemplates } from '../../demo/places'
import { regions } from '../../demo/regions'
import type { StreetData } from './towns'

/** The demo's house numbers run from 1 to 40 (server/demo/places.ts). */
const demoHighestNumber = 40

/**
 * The streets of the demo passengers' places in each demo town, where the demo puts them (a town centre plus
 * the template's offset), so searching a demo place's address finds it within a few hundred metres. Towns
 * that two tenants share keep the first tenant's streets.
 */
export function demoStreets(): Map<string, StreetData[]> {
  const byCity = new Map<string, StreetData[]>()
  for (const region of Object.values(regions)) {
    const streets = byCity.get(region.city) ?? []
    if (!byCity.has(region.city)) byCity.set(region.city, streets)
    for (const template of Object.values(placeTemplates).flat()) {
      if (streets.some(([name]) => name === template.street)) continue
      streets.push([
        template.street,
        `${region.postalPrefix}10`,
        Number((region.latitude + template.north / 1000).toFixed(5)),
        Number((region.longitude + template.east / 1000).toFixed(5)),
        demoHighestNumber,
      ])
    }
  }
  return byCity
}
