import { LIGHT, type Flavor } from '@protomaps/basemaps'
import { mapColors } from './mapStyle'

/**
 * Protomaps' light flavour with the portal's land and water, against which the stops, the route and the car
 * keep their contrast (mapStyle.ts).
 */
export const archiveFlavor: Flavor = {
  ...LIGHT,
  background: mapColors.land,
  earth: mapColors.land,
  water: mapColors.water,
}
