import type { FastifyInstance } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { errorCodes } from '../../src/contract/common'
import { endpoints } from '../../src/contract/endpoints'
import type { PushSubscriptionView } from '../../src/contract/notifications'
import type { KeyStore } from '../auth/accessTokens'
import { retryOnConflict } from '../db/conflicts'
import { heldWithOtherKeys, type PushSubscriptionRow } from '../db/repositories/pushSubscriptions'
import { perUser } from '../geo/callLimits'
import { readSettings, saveSettings } from '../notifications/settings'
import { userAgentFamilyOf } from '../notifications/userAgentFamily'
import { HttpError } from '../errors/httpError'
import { registerEndpoint } from './registerEndpoint'

/** Test notifications a user may ask for a minute, per instance: each is a real push to a real service. */
export const testNotificationsPerMinute = 5

const notFound = (what: string) => new HttpError(404, errorCodes.notFound, `${what} not found`)

/** An endpoint another user (or tenant) has with other keys: knowing a device's endpoint does not take it. */
const endpointHeld = () =>
  new HttpError(403, errorCodes.forbidden, 'This push endpoint is subscribed with other keys')

function toView(row: PushSubscriptionRow): PushSubscriptionView {
  return {
    id: row.id,
    userAgentFamily: row.user_agent_family,
    locale: row.locale,
    createdAt: row.created_at.toString(),
    lastDeliveredAt: row.last_delivered_at?.toString() ?? null,
  }
}

/**
 * Notifications: a user's settings (`emailAvailable`: the deployment sends e-mail, so its choices are offered),
 * their devices' push subscriptions and a test notification. The
 * outbox's sender is server/notifications/sender.ts; `request.server.push` is this instance's part of it.
 */
export function registerNotificationRoutes(
  app: FastifyInstance,
  keys: KeyStore,
  { emailAvailable }: { emailAvailable: boolean },
): void {
  registerEndpoint(app, keys, endpoints.getNotificationSettings, ({ request, user }) =>
    readSettings(request.db, user.id, emailAvailable),
  )

  registerEndpoint(app, keys, endpoints.saveNotificationSettings, async ({ request, user, body }) => {
    const saved = await saveSettings(request.db, user.id, body, Temporal.Now.instant(), emailAvailable)
    if (!saved) throw notFound('Passenger')
    return saved
  })

  registerEndpoint(app, keys, endpoints.getVapidKey, async ({ request }) => ({
    publicKey: await request.server.push.publicKey(),
  }))

  registerEndpoint(app, keys, endpoints.listPushSubscriptions, async ({ request, user }) =>
    (await request.db.pushSubscriptions.listForUser(user.id)).map(toView),
  )

  registerEndpoint(app, keys, endpoints.subscribePush, async ({ request, user, body }) => {
    const { push } = request.server
    const refusal = push.endpointRefusal(body.endpoint)
    if (refusal) {
      push.refusals.add('subscribe', refusal)
      const host = URL.canParse(body.endpoint) ? new URL(body.endpoint).host : null
      request.log.warn({ push: { reason: refusal, host } }, 'push endpoint refused by the endpoint policy')
      throw new HttpError(
        400,
        errorCodes.validation,
        'The push endpoint is not https on an allowed port of a public host',
        [{ property: 'endpoint', error: refusal }],
      )
    }
    if (!(await push.releaseElsewhere(request.tenant.id, body.endpoint, body.keys))) throw endpointHeld()
    const device = {
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      locale: body.locale,
      user_agent_family: userAgentFamilyOf(request.headers['user-agent']),
      // The portal's root the device's notifications open (server/net/portalUrl.ts).
      portal_url: request.tenant.portalUrl,
    }
    // Two subscribes of one endpoint at once: the loser's insert meets the unique endpoint and runs again.
    const kept = await retryOnConflict(() =>
      request.db.transaction((trx) => trx.pushSubscriptions.keep(user.id, device)),
    )
    if (kept === heldWithOtherKeys) throw endpointHeld()
    return toView(kept)
  })

  registerEndpoint(app, keys, endpoints.unsubscribePush, async ({ request, user, params }) => {
    if (!(await request.db.pushSubscriptions.remove(user.id, params.id))) throw notFound('Subscription')
    return null
  })

  registerEndpoint(
    app,
    keys,
    endpoints.sendTestNotification,
    async ({ request, user, body }) => {
      const subscription = await request.db.pushSubscriptions.findForUser(user.id, body.subscriptionId)
      if (!subscription) throw notFound('Subscription')
      await request.db.pushSubscriptions.queue(subscription.id, { kind: 'test' }, Temporal.Now.instant())
      request.server.push.wake()
      return null
    },
    { limit: perUser(testNotificationsPerMinute, 'test notifications') },
  )
}
