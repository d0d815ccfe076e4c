import type { FastifyReply, FastifyRequest } from 'fastify'
import { errorCodes } from '../../src/contract/common'
import type { UserRow } from '../db/repositories/users'
import { createRateWindow, type RateWindow } from '../errorReporting/rateWindow'
import { HttpError } from '../errors/httpError'
import type { GeoConfig } from '../config/geoConfig'

/** Counts one call of the request's user; throws 429 too_many_requests with Retry-After when over the limit. */
export type CallLimit = (request: FastifyRequest, reply: FastifyReply, user: UserRow) => void

export interface GeoCallLimits {
  /** `GET api/address/search`. */
  search: CallLimit
  /** Everything that measures a route: `POST api/booking/route`, `api/booking/estimate` and `api/booking`. */
  route: CallLimit
}

export function perUser(limit: number, what: string): CallLimit {
  const window: RateWindow = createRateWindow({ limit, windowMs: 60_000, maxKeys: 10_000 })
  return (request, reply, user) => {
    const key = `${request.tenant.id}\u0000${user.id}`
    if (window.take(key)) return
    reply.header('retry-after', String(Math.max(1, Math.ceil(window.remainingMs(key) / 1000))))
    throw new HttpError(429, errorCodes.tooManyRequests, `Too many ${what} a minute; wait and try again`)
  }
}

/**
 * Each address search and route is a call to an outside service, in production a paid one: a user's calls are
 * limited per minute, in memory per instance like the other windows (N instances let N times as many through,
 * which bounds the bill all the same).
 */
export function createGeoCallLimits(config: GeoConfig): GeoCallLimits {
  return {
    search: perUser(config.addressSearchRateLimitPerMinute, 'address searches'),
    route: perUser(config.routeRateLimitPerMinute, 'route measurements'),
  }
}
