import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { errorCodes } from '../../src/contract/common'
import { endpoints } from '../../src/contract/endpoints'
import { operatorEndpoints } from '../../src/contract/operator'
import type { KeyStore } from '../auth/accessTokens'
import type { MessageRecord } from '../db/repositories/messages'
import { operatorMessagesAfter, sendOperatorMessage } from '../outbox/operatorMessages'
import { actOnMessage, sendUserMessage, userMessagePage } from '../messages/userMessages'
import { toMessageView, type MessageReader } from '../views/messageViews'
import { HttpError } from '../errors/httpError'
import { registerEndpoint } from './registerEndpoint'

const notFound = (what: string) => new HttpError(404, errorCodes.notFound, `${what} not found`)

/** How a request's reader sees messages: in its time zone, to the tenant's operator. */
function viewer(request: FastifyRequest, reader: MessageReader) {
  const timeZone = request.tenant.timeZone
  const operatorName = request.tenant.config.name
  return (record: MessageRecord) => toMessageView(record, reader, operatorName, timeZone)
}

/**
 * Messages (spec sections 4 and 7): a user reads and writes those of their passengers, and marks others' seen
 * or confirmed. Commands may arrive long after they were made (the portal's outbox replays them), so each is
 * judged on the data as it is now; each is idempotent (server/idempotency), and seen and confirm also by nature.
 */
export function registerMessageRoutes(app: FastifyInstance, keys: KeyStore): void {
  registerEndpoint(app, keys, endpoints.listMessages, async ({ request, user, query }) => {
    const { records, ...page } = await userMessagePage(request.db, user.id, query.page)
    return { items: records.map(viewer(request, { userId: user.id })), ...page }
  })

  registerEndpoint(app, keys, endpoints.sendMessage, async ({ request, user, body }) => {
    const record = await sendUserMessage(request.db, user.id, body, Temporal.Now.instant())
    if (!record) throw notFound('Passenger')
    return viewer(request, { userId: user.id })(record)
  })

  for (const [endpoint, action] of [
    [endpoints.markMessageSeen, 'seen'],
    [endpoints.confirmMessage, 'confirm'],
  ] as const) {
    registerEndpoint(app, keys, endpoint, async ({ request, user, params }) => {
      const record = await actOnMessage(request.db, user.id, params.id, action, Temporal.Now.instant())
      return viewer(request, { userId: user.id })(record)
    })
  }
}

/** The operator API's messages: it writes to a passenger's guardians and reads what they write back. */
export function registerOperatorMessageRoutes(app: FastifyInstance, keys: KeyStore): void {
  registerEndpoint(app, keys, operatorEndpoints.sendMessage, async ({ request, params, body }) => {
    const record = await sendOperatorMessage(request.db, params.id, body, Temporal.Now.instant())
    if (!record) throw notFound('Passenger')
    return viewer(request, 'operator')(record)
  })

  registerEndpoint(app, keys, operatorEndpoints.listMessages, async ({ request, params, query }) => {
    if (!(await request.db.passengers.find(params.id))) throw notFound('Passenger')
    const { records, ...rest } = await operatorMessagesAfter(request.db, params.id, query.after ?? null)
    return { items: records.map(viewer(request, 'operator')), ...rest }
  })

  registerEndpoint(app, keys, operatorEndpoints.getMessage, async ({ request, params }) => {
    const record = await request.db.messages.find(params.id)
    if (!record) throw notFound('Message')
    return viewer(request, 'operator')(record)
  })
}
