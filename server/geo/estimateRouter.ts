import { greatCircleMetres } from '../../src/domain/greatCircle'
import type { Router } from './router'

/** Roads wind: a drive in a Finnish town is about 1.3 times the straight line between its ends. */
export const roadFactor = 1.3
/** An average urban speed with junctions and lights, 40 km/h, in metres a second. */
export const urbanSpeedMetresPerSecond = 40_000 / 3600

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
