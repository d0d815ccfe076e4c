import type { RoutePoint } from '../../src/contract/places'
import type { Router } from './router'

const earthRadiusMetres = 6_371_008.8
/** Roads wind: a drive in a Finnish town is about 1.3 times the straight line between its ends. */
export const roadFactor = 1.3
/** An average urban speed with junctions and lights, 40 km/h, in metres a second. */
export const urbanSpeedMetresPerSecond = 40_000 / 3600

const radians = (degrees: number) => (degrees * Math.PI) / 180

/** The great-circle (haversine) distance in metres. */
export function greatCircleMetres(a: RoutePoint, b: RoutePoint): number {
  const dLat = radians(b.latitude - a.latitude)
  const dLng = radians(b.longitude - a.longitude)
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2
  return 2 * earthRadiusMetres * Math.asin(Math.min(1, Math.sqrt(h)))
}

/**
 * The embedded estimate, with no network: each leg's great-circle distance times the road factor, driven at
 * the urban speed. Good enough for the demo and for a via point's deviation; a real router is configured with
 * ROUTER=osrm.
 */
export function estimateRouter(): Router {
  return {
    async route(points) {
      let metres = 0
      for (let index = 1; index < points.length; index++)
        metres += greatCircleMetres(points[index - 1]!, points[index]!) * roadFactor
      return {
        distanceMetres: Math.round(metres),
        durationSeconds: Math.round(metres / urbanSpeedMetresPerSecond),
      }
    },
  }
}
