import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { errorCodes } from '../../src/contract/common'
import { operatorWebhookEndpoints } from '../../src/contract/operatorWebhooks'
import type { KeyStore } from '../auth/accessTokens'
import type { WebhookRow } from '../db/repositories/webhooks'
import { HttpError } from '../errors/httpError'
import { cursorOf, positionOf } from '../views/operatorChangeViews'
import { toDelivery, toWebhook } from '../views/webhookViews'
import { newWebhookSecret } from '../webhooks/signing'
import { registerEndpoint } from './registerEndpoint'

const noWebhook = () => new HttpError(404, errorCodes.notFound, 'The tenant has no webhook')

/** The URL must pass the outbound policy when it is set, not only when something is sent to it. */
function refuseOutsidePolicy(request: FastifyRequest, url: string): void {
  const { webhooks } = request.server
  const refusal = webhooks.endpointRefusal(url)
  if (!refusal) return
  webhooks.refusals.add('subscribe', refusal)
  const host = URL.canParse(url) ? new URL(url).host : null
  request.log.warn({ webhook: { reason: refusal, host } }, 'webhook URL refused by the endpoint policy')
  throw new HttpError(
    400,
    errorCodes.validation,
    'The webhook URL is not https on an allowed port of a public host',
    [{ property: 'url', error: refusal }],
  )
}

/**
 * The tenant's webhook in the operator API (the tenant's X-Api-Key): its endpoint and signing secret, the
 * delivery log and replays, and how the dispatch system confirms changes.
 */
export function registerOperatorWebhookRoutes(app: FastifyInstance, keys: KeyStore): void {
  const endpoints = operatorWebhookEndpoints
  const view = (request: FastifyRequest, row: WebhookRow) =>
    toWebhook(row, request.tenant.timeZone, Temporal.Now.instant())

  registerEndpoint(app, keys, endpoints.getWebhook, async ({ request }) => {
    const row = await request.db.webhooks.endpoint()
    if (!row) throw noWebhook()
    return view(request, row)
  })

  registerEndpoint(app, keys, endpoints.putWebhook, async ({ request, body }) => {
    refuseOutsidePolicy(request, body.url)
    const webhooks = request.db.webhooks
    const now = Temporal.Now.instant()
    const created = await webhooks.create(body, newWebhookSecret(), now)
    if (created) return { ...view(request, created), secret: created.secret }
    return view(request, await webhooks.update(body, now))
  })

  registerEndpoint(app, keys, endpoints.deleteWebhook, async ({ request }) => {
    if (!(await request.db.webhooks.remove())) throw noWebhook()
    return null
  })

  registerEndpoint(app, keys, endpoints.rotateWebhookSecret, async ({ request, body }) => {
    const now = Temporal.Now.instant()
    const previousUntil = body.overlapHours > 0 ? now.add({ hours: body.overlapHours }) : null
    const rotated = await request.db.webhooks.rotate(newWebhookSecret(), previousUntil, now)
    if (!rotated) throw noWebhook()
    return { ...view(request, rotated), secret: rotated.secret }
  })

  registerEndpoint(app, keys, endpoints.listWebhookDeliveries, async ({ request, query }) => {
    const after = query.after === undefined ? null : positionOf(query.after)
    // One more than asked tells whether more follow.
    const rows = await request.db.webhooks.deliveries(after, query.limit + 1, query.state ?? null)
    const page = rows.slice(0, query.limit)
    const last = page.at(-1)
    return {
      deliveries: page.map((row) => toDelivery(row, request.tenant.timeZone)),
      cursor: last ? cursorOf(last) : (query.after ?? null),
      hasMore: rows.length > query.limit,
    }
  })

  registerEndpoint(app, keys, endpoints.replayWebhookDeliveries, async ({ request, body }) => {
    const webhooks = request.db.webhooks
    if (!(await webhooks.endpoint())) throw noWebhook()
    const queued =
      body.after === undefined
        ? await webhooks.replayChanges(body.webhookIds ?? [])
        : await webhooks.replayAfter(positionOf(body.after))
    return { queued }
  })

  registerEndpoint(app, keys, endpoints.getDispatchSettings, async ({ request }) =>
    request.db.operatorChanges.dispatchSettings(),
  )

  registerEndpoint(app, keys, endpoints.putDispatchSettings, async ({ request, body }) => {
    await request.db.operatorChanges.setDispatchSettings(body, Temporal.Now.instant())
    return body
  })
}
