import type { FastifyInstance } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { z } from 'zod'
import { errorCodes } from '../../src/contract/common'
import { endpoints } from '../../src/contract/endpoints'
import type { KeyStore } from '../auth/accessTokens'
import { feedIcs } from '../calendar/feed'
import { feedTrips, toCalendarFeed } from '../calendar/feedRows'
import { createRateWindow } from '../errorReporting/rateWindow'
import { apiLocale } from '../i18n/apiLocale'
import type { ServerI18n } from '../i18n/catalogs'
import { limitKey } from '../net/clientAddress'
import { HttpError } from '../errors/httpError'
import { namesEtag, SerializedAnswer } from '../reads/answerCache'
import { tripWindow } from '../reads/tripWindow'
import { newLinkToken } from '../tracking/links'
import { registerEndpoint } from './registerEndpoint'

/** The user's own feed: shown, or made anew (revoking the one before at once). */
export function registerCalendarFeedRoutes(app: FastifyInstance, keys: KeyStore): void {
  registerEndpoint(app, keys, endpoints.getCalendarFeed, async ({ request, user }) => {
    const row = await request.db.calendarFeeds.currentOf(user.id)
    return row ? toCalendarFeed(row, request.tenant.portalUrl, request.tenant.timeZone) : null
  })

  registerEndpoint(app, keys, endpoints.renewCalendarFeed, async ({ request, user }) => {
    const row = await request.db.transaction((db) =>
      db.calendarFeeds.renew(user.id, newLinkToken(), apiLocale(request), Temporal.Now.instant()),
    )
    return toCalendarFeed(row, request.tenant.portalUrl, request.tenant.timeZone)
  })
}

const feedNotFound = () => new HttpError(404, errorCodes.notFound, 'Calendar feed not found')
/** `{token}.ics`, the token base64url of 16 bytes or more. */
const feedFile = /^([A-Za-z0-9_-]{22,64})\.ics$/

/**
 * `GET /calendar/{token}.ics`: the feed itself, outside /api, for calendar apps that poll it with no login. The
 * token is the only credential; unknown, revoked or another tenant's is 404. Limited per client address like a
 * tracking link (TRACK_RATE_LIMIT_PER_MINUTE), in process: a token is too long to guess.
 */
export function registerCalendarFeed(
  app: FastifyInstance,
  translations: ServerI18n,
  options: { trackRateLimitPerMinute: number },
): void {
  const rate = createRateWindow({ limit: options.trackRateLimitPerMinute, windowMs: 60_000, maxKeys: 10_000 })
  app.get(
    '/calendar/:file',
    { schema: { params: z.object({ file: z.string().max(80) }) } },
    async (request, reply) => {
      if (!rate.take(limitKey(request.ip))) {
        throw new HttpError(
          429,
          errorCodes.tooManyRequests,
          'Too many requests from this address; wait a minute',
        )
      }
      const token = feedFile.exec((request.params as { file: string }).file)?.[1]
      const feed = token && (await request.db.calendarFeeds.findLive(token))
      if (!feed) throw feedNotFound()
      const timeZone = request.tenant.timeZone
      const window = tripWindow(timeZone)
      const { name } = request.tenant.config
      const i18n = translations(feed.locale)
      const body = feedIcs({
        name: i18n._({ id: 'calendar_ics.name', message: 'Trips – {name}', values: { name } }),
        noShow: i18n._({
          id: 'calendar_ics.no_show',
          message: 'No-show: the driver did not meet the passenger at the pickup.',
        }),
        tenantId: request.tenant.id,
        timeZone,
        from: window.from,
        to: window.to,
        portalUrl: request.tenant.portalUrl,
        trips: await feedTrips(request.db, feed.user_id, window, timeZone),
      })
      const { etag } = new SerializedAnswer(Buffer.from(body))
      // Private: the URL is a secret, no shared cache may keep it. A few minutes: a calendar app's next poll asks
      // again, and a 304 costs it no body.
      reply.header('etag', etag).header('cache-control', 'private, max-age=300')
      if (namesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send()
      return reply.type('text/calendar; charset=utf-8').send(body)
    },
  )
}
