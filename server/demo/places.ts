import type { PlaceItem } from '../../src/contract/operatorPassengers'
import type { PlaceRow } from '../db/repositories/places'
import type { Address } from '../domain/tripEvents'
import type { PassengerKind } from './people'
import type { Region } from './regions'

export type PlaceRole = 'home' | 'main' | 'errand' | 'leisure'

/** A demo passenger's place as the seed wrote it, its role its reference. */
export interface DemoPlace {
  role: PlaceRole
  row: PlaceRow
  address: Address
}

interface PlaceTemplate {
  role: PlaceRole
  alias: string
  display: string
  street: string
  /** Offset from the town centre in thousandths of a degree. */
  north: number
  east: number
}

/** The demo's places around each town; the embedded gazetteer knows their streets (server/geo/gazetteer). */
export const placeTemplates: Readonly<Record<PassengerKind, readonly PlaceTemplate[]>> = {
  child: [
    { role: 'home', alias: 'Koti', display: 'Koti', street: 'Koivukuja', north: 12, east: -18 },
    { role: 'main', alias: 'Koulu', display: 'Keskuskoulu', street: 'Koulukatu', north: -4, east: 6 },
    {
      role: 'errand',
      alias: 'Terapia',
      display: 'Lasten terapiakeskus',
      street: 'Terveystie',
      north: 3,
      east: 14,
    },
    { role: 'leisure', alias: 'Uimahalli', display: 'Uimahalli', street: 'Urheilukatu', north: -9, east: -7 },
  ],
  elder: [
    { role: 'home', alias: 'Koti', display: 'Koti', street: 'Mäntytie', north: -14, east: 16 },
    {
      role: 'main',
      alias: 'Päivätoiminta',
      display: 'Päivätoimintakeskus Kotikaari',
      street: 'Puistotie',
      north: 5,
      east: -3,
    },
    {
      role: 'errand',
      alias: 'Apteekki',
      display: 'Keskustan apteekki',
      street: 'Kauppakatu',
      north: 1,
      east: 2,
    },
    {
      role: 'leisure',
      alias: 'Terveysasema',
      display: 'Terveysasema',
      street: 'Terveystie',
      north: 3,
      east: 14,
    },
  ],
}

/**
 * The places of one passenger around the tenant's town, as the operator API writes them (with coordinates, so
 * nothing is geocoded), each referenced by its role; `seed` varies house numbers between passengers.
 */
export function demoPlaces(
  passengerId: string,
  kind: PassengerKind,
  region: Region,
  seed: number,
): (PlaceItem & { externalRef: PlaceRole })[] {
  return placeTemplates[kind].map((template, index) => {
    const number = String(((seed * 7 + index * 11) % 40) + 1)
    const postalcode = `${region.postalPrefix}${String((seed + index * 3) % 9)}0`
    const home = template.role === 'home'
    return {
      passengerId,
      externalRef: template.role,
      alias: template.alias,
      display: template.display,
      address: `${template.street} ${number}, ${postalcode} ${region.city}`,
      streetnumber: number,
      postalcode,
      city: region.city,
      latitude: Number((region.latitude + (template.north + (seed % 5)) / 1000).toFixed(5)),
      longitude: Number((region.longitude + (template.east - (seed % 4)) / 1000).toFixed(5)),
      isHome: home,
      isPickup: home,
      isViaPoint: template.role === 'errand',
      isMain: template.role === 'main',
      isSecondaryPlace: template.role === 'errand' || template.role === 'leisure',
      sortOrder: index,
    }
  })
}

/** A place the seed wrote, as the demo's trips name it. */
export function demoPlace(role: PlaceRole, row: PlaceRow): DemoPlace {
  return {
    role,
    row,
    address: { alias: row.alias, address: row.address, lat: row.latitude, lng: row.longitude },
  }
}
