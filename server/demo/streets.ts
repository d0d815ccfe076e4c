import { placeTemplates } from './places'
import { regions } from './regions'
import type { StreetData } from '../geo/gazetteer/towns'

/** The demo's house numbers run from 1 to 40 (server/demo/places.ts). */
const demoHighestNumber = 40

/** Each street of the demo's places once (two templates share Terveystie, at the same offset). */
const templateStreets = [
  ...new Map(
    Object.values(placeTemplates)
      .flat()
      .map((template) => [template.street, template]),
  ).values(),
]

/**
 * The streets of the demo passengers' places in each demo town, where the demo puts them (a town centre plus
 * the template's offset), so searching a demo place's address finds it within a few hundred metres. A town
 * that two tenants share (Helsinki) has each tenant's streets, told apart by their postal codes.
 */
export function demoStreets(): Map<string, StreetData[]> {
  const byCity = new Map<string, StreetData[]>()
  for (const region of Object.values(regions)) {
    const streets = byCity.get(region.city) ?? []
    byCity.set(region.city, streets)
    // The town's first tenant gets postal code ...10, a second one ...20.
    const postalcode = `${region.postalPrefix}${streets.length / templateStreets.length + 1}0`
    for (const template of templateStreets) {
      streets.push([
        template.street,
        postalcode,
        Number((region.latitude + template.north / 1000).toFixed(5)),
        Number((region.longitude + template.east / 1000).toFixed(5)),
        demoHighestNumber,
      ])
    }
  }
  return byCity
}
