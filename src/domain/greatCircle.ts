/** A point on the earth in degrees: a car, a stop, a route point. */
export interface LatLng {
  latitude: number
  longitude: number
}

/** The earth's mean radius, in metres. */
const earthRadiusMetres = 6_371_008.8

export const radians = (degrees: number) => (degrees * Math.PI) / 180

/** The great-circle (haversine) distance between two points, in metres. */
export function greatCircleMetres(a: LatLng, b: LatLng): number {
  const dLat = radians(b.latitude - a.latitude)
  const dLng = radians(b.longitude - a.longitude)
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2
  return 2 * earthRadiusMetres * Math.asin(Math.min(1, Math.sqrt(h)))
}
