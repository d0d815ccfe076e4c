import type { RoutePoint } from '../../src/contract/places'

/** A route's length and driving time. */
export interface RouteLeg {
  distanceMetres: number
  durationSeconds: number
}

/** Routing behind one interface: the embedded estimate or an OSRM-compatible service's adapter. */
export interface Router {
  /** The route through `points` in order (at least two); throws RouteError. */
  route(points: readonly RoutePoint[]): Promise<RouteLeg>
}

/** `unavailable`: the service failed or did not answer in time; `noRoute`: it finds no road between the points. */
export class RouteError extends Error {
  constructor(
    readonly reason: 'unavailable' | 'noRoute',
    message: string,
  ) {
    super(message)
  }
}
