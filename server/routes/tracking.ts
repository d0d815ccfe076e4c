import type { FastifyInstance } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { errorCodes } from '../../src/contract/common'
import { endpoints } from '../../src/contract/endpoints'
import type { TrackedTrip } from '../../src/contract/tracking'
import { linkPhase, linkWindow, type LinkWindow } from '../../src/domain/tracking/linkWindow'
import type { KeyStore } from '../auth/accessTokens'
import { trackingLinkTags } from '../db/repositories/readVersions'
import { createRateWindow } from '../errorReporting/rateWindow'
import { limitKey } from '../net/clientAddress'
import { HttpError } from '../errors/httpError'
import { tellLinkChange } from '../tracking/linkChanges'
import { linkNotFound, newLinkToken, toTrackingLink, tripNotFound } from '../tracking/links'
import { toTrackedTrip } from '../tracking/trackedTrip'
import { grantedTrip } from '../trips/access'
import { polled, registerEndpoint } from './registerEndpoint'

/** A link's window as epoch milliseconds, kept with its cached answer (the same rule as linkPhase). */
interface WindowMs {
  fromMs: number
  untilMs: number
}

const inMilliseconds = (window: LinkWindow): WindowMs => ({
  fromMs: window.validFrom.epochMilliseconds,
  untilMs: window.validUntil.epochMilliseconds,
})

const phaseErrors = {
  notStarted: () => new HttpError(404, errorCodes.trackingNotStarted, 'Tracking has not started yet'),
  ended: () => new HttpError(404, errorCodes.trackingEnded, 'The trip has ended'),
}

/**
 * Tracking links: a guardian shares their passenger's trip with a drivers' office, which follows it
 * at `GET api/track/{link}` with no login. A guardian sees and revokes only the links they made themselves; the
 * operator is told of each link made and revoked.
 */
export function registerTrackingRoutes(
  app: FastifyInstance,
  keys: KeyStore,
  options: { trackRateLimitPerMinute: number },
): void {
  registerEndpoint(app, keys, endpoints.getTrackingLink, async ({ request, user, query }) => {
    const timeZone = request.tenant.timeZone
    const found = await grantedTrip(request.db, user.id, query, timeZone)
    if (!found) throw tripNotFound()
    const row = (await request.db.trackingLinks.listOf(query.tripId, query.date, { userId: user.id })).at(-1)
    if (!row || linkPhase(linkWindow(found.trip), Temporal.Now.instant()) === 'ended') return null
    return toTrackingLink(row, found.trip, timeZone)
  })

  registerEndpoint(app, keys, endpoints.createTrackingLink, async ({ request, user, body }) => {
    const timeZone = request.tenant.timeZone
    return request.db.transaction(async (db) => {
      const found = await grantedTrip(db, user.id, body, timeZone)
      if (!found) throw tripNotFound()
      const current = (await db.trackingLinks.listOf(body.tripId, body.date, { userId: user.id })).at(-1)
      const now = Temporal.Now.instant()
      if (current && linkPhase(linkWindow(found.trip), now) !== 'ended')
        return toTrackingLink(current, found.trip, timeZone)
      const row = await db.trackingLinks.create(newLinkToken(), body.tripId, body.date, { userId: user.id })
      const change = { link: row.link, trip: found.trip, userId: user.id, timeZone, at: now }
      await tellLinkChange(db, 'trackingLink.created', change)
      return toTrackingLink(row, found.trip, timeZone)
    })
  })

  registerEndpoint(app, keys, endpoints.revokeTrackingLink, async ({ request, user, params }) => {
    const at = Temporal.Now.instant()
    await request.db.transaction(async (db) => {
      const revoked = await db.trackingLinks.revoke(params.link, { userId: user.id }, at)
      // The link's trip stays as long as the link (its foreign key).
      const trip = revoked && (await db.trips.find(revoked.trip_id))
      if (!trip) throw linkNotFound()
      const change = { link: revoked.link, trip, userId: user.id, timeZone: request.tenant.timeZone, at }
      await tellLinkChange(db, 'trackingLink.revoked', change)
    })
    return null
  })

  // Per client address and instance, in memory like the client error reports' limit: a flood costs no
  // database work, and the links themselves are too long to guess, so N instances letting N times through is
  // harmless.
  const rate = createRateWindow({
    limit: options.trackRateLimitPerMinute,
    windowMs: 60_000,
    maxKeys: 10_000,
  })
  // A replay's check: the limit of the address it is replayed to, as Fastify's `request.ip` would be.
  const admitAddress = (address: string) => rate.take(limitKey(address))
  registerEndpoint(
    app,
    keys,
    endpoints.trackTrip,
    async ({ request, params, replayable }) => {
      const ip = limitKey(request.ip)
      if (!rate.take(ip)) {
        throw new HttpError(
          429,
          errorCodes.tooManyRequests,
          'Too many requests from this address; wait a minute',
        )
      }
      // The link (not revoked, its maker still having the passenger) and the version of its trip, as the
      // database last announced them (no query while nothing changed). The answer and its window are built once
      // per version of the trip, on each instance.
      const linked = await request.db.readVersions.trackingLink(params.link, { announced: true })
      if (!linked?.creatorHasPassenger) throw linkNotFound()
      const timeZone = request.tenant.timeZone
      const key = `track\u0000${request.tenant.id}\u0000${linked.tripId}\u0000${timeZone}`
      const { answer, meta: window } = await request.server.answerCache.entry<TrackedTrip, WindowMs>(
        key,
        linked.version,
        async () => {
          const trip = await request.db.trips.find(linked.tripId)
          const passenger = trip && (await request.db.passengers.find(trip.passengerId))
          if (!trip || !passenger) throw linkNotFound()
          const window = linkWindow(trip)
          const nameStyle = request.tenant.config.trackingName
          return {
            value: toTrackedTrip(trip, passenger.name, nameStyle, window, timeZone),
            meta: inMilliseconds(window),
          }
        },
      )
      // Epoch milliseconds against the clock's: the hot path makes no Temporal objects.
      const now = Date.now()
      if (now >= window.untilMs) throw phaseErrors.ended()
      if (now < window.fromMs) throw phaseErrors.notStarted()
      replayable({
        tags: trackingLinkTags(params.link, linked),
        fromMs: window.fromMs,
        untilMs: window.untilMs,
        admit: admitAddress,
      })
      return answer
    },
    polled,
  )
}
