import type { FastifyBaseLogger } from 'fastify'
import { errorCodes } from '../../src/contract/common'
import type { RouteDetails, RoutePoint } from '../../src/contract/places'
import { HttpError } from '../errors/httpError'
import { RouteError, type Router } from './router'

/** Kilometres to the metre. */
const kilometres = (metres: number) => Math.round(metres) / 1000

function routeFailure(error: unknown): unknown {
  if (!(error instanceof RouteError)) return error
  // The service being down is not the client's fault: 503, and the portal may try again.
  return error.reason === 'noRoute'
    ? new HttpError(400, errorCodes.routeNotFound, 'No road route connects these points')
    : new HttpError(503, errorCodes.routeUnavailable, 'The routing service is not available; try again later')
}

/**
 * The route from the first point through the via points to the last, and the direct one (measured only when
 * there are via points), as the API answers them; a router's failure is a 400 route_not_found or a 503
 * route_unavailable.
 */
export async function routeDetails(
  router: Router,
  points: readonly RoutePoint[],
  log: FastifyBaseLogger,
): Promise<RouteDetails> {
  const from = points[0]!
  const to = points[points.length - 1]!
  try {
    const [withVia, original] = await Promise.all([
      router.route(points),
      points.length > 2 ? router.route([from, to]) : null,
    ])
    return {
      routeWithViaPointDistance: kilometres(withVia.distanceMetres),
      routeWithViaPointDuration: withVia.durationSeconds,
      originalRouteDistance: kilometres((original ?? withVia).distanceMetres),
    }
  } catch (error) {
    if (error instanceof RouteError) log.warn({ reason: error.message }, 'route failed')
    throw routeFailure(error)
  }
}
