import type { AllowedArea } from '../../contract/permissions'
import type { Coordinates } from '../../contract/trip'

/**
 * Whether `point` lies inside `area` (a permission's allowed area), its edges included. Latitude and longitude
 * are taken as plane coordinates: areas are a municipality or a region, where the curvature does not matter.
 */
export function isInsideArea(area: AllowedArea, point: Coordinates): boolean {
  const corners = area.polygon
  let inside = false
  for (let i = 0, j = corners.length - 1; i < corners.length; j = i++) {
    const a = corners[i]!
    const b = corners[j]!
    if (onSegment(a, b, point)) return true
    // Ray casting eastwards: count the edges the ray from the point crosses.
    const straddles = a.latitude > point.latitude !== b.latitude > point.latitude
    if (straddles) {
      const crossing =
        a.longitude +
        ((point.latitude - a.latitude) / (b.latitude - a.latitude)) * (b.longitude - a.longitude)
      if (point.longitude < crossing) inside = !inside
    }
  }
  return inside
}

/** Every point of a route inside the area; no area means anywhere. */
export function isRouteInsideArea(area: AllowedArea | null, points: readonly Coordinates[]): boolean {
  return area === null || points.every((point) => isInsideArea(area, point))
}

const tolerance = 1e-12

function onSegment(a: Coordinates, b: Coordinates, p: Coordinates): boolean {
  const cross =
    (b.longitude - a.longitude) * (p.latitude - a.latitude) -
    (b.latitude - a.latitude) * (p.longitude - a.longitude)
  if (Math.abs(cross) > tolerance) return false
  return (
    Math.min(a.longitude, b.longitude) - tolerance <= p.longitude &&
    p.longitude <= Math.max(a.longitude, b.longitude) + tolerance &&
    Math.min(a.latitude, b.latitude) - tolerance <= p.latitude &&
    p.latitude <= Math.max(a.latitude, b.latitude) + tolerance
  )
}
