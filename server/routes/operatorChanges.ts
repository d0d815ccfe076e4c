import type { FastifyInstance } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { errorCodes } from '../../src/contract/common'
import { changeTypes, operatorChangesEndpoints } from '../../src/contract/operatorChanges'
import type { KeyStore } from '../auth/accessTokens'
import { HttpError } from '../errors/httpError'
import { recordReceipt } from '../trips/receipts'
import { comparePositions, cursorOf, positionOf, toFeedChange } from '../views/operatorChangeViews'
import { registerEndpoint } from './registerEndpoint'

const changeNotFound = () => new HttpError(404, errorCodes.notFound, 'Change not found')

/** `types` as asked: known change types only, else 400 naming it. */
function typesOf(types: string | undefined): string[] | null {
  if (types === undefined) return null
  const asked = types.split(',').map((type) => type.trim())
  if (asked.some((type) => !(changeTypes as readonly string[]).includes(type)))
    throw new HttpError(400, errorCodes.validation, 'Unknown change type', [
      { property: 'types', error: 'invalid_value' },
    ])
  return asked
}

/**
 * The change feed in the operator API (the tenant's X-Api-Key): what guardians changed, in commit order, and the
 * dispatch system's acknowledgement of a change.
 */
export function registerOperatorChangesRoutes(app: FastifyInstance, keys: KeyStore): void {
  const endpoints = operatorChangesEndpoints

  registerEndpoint(app, keys, endpoints.listChanges, async ({ request, query }) => {
    const changes = request.db.operatorChanges
    const after = query.after === undefined ? null : positionOf(query.after)
    const horizon = await changes.horizon()
    if (after && horizon && comparePositions(after, horizon) < 0)
      throw new HttpError(410, errorCodes.cursorExpired, 'The feed no longer keeps changes this old')
    // One more than asked tells whether more follow.
    const rows = await changes.page(after, query.limit + 1, typesOf(query.types))
    const page = rows.slice(0, query.limit)
    const last = page.at(-1)
    return {
      changes: page.map((row) => toFeedChange(row, request.tenant.timeZone)),
      cursor: last ? cursorOf(last) : (query.after ?? null),
      hasMore: rows.length > query.limit,
    }
  })

  registerEndpoint(app, keys, endpoints.getChange, async ({ request, params }) => {
    const row = await request.db.operatorChanges.find(params.id)
    if (!row) throw changeNotFound()
    return toFeedChange(row, request.tenant.timeZone)
  })

  registerEndpoint(app, keys, endpoints.acknowledgeChange, async ({ request, params, body }) => {
    const at = body.at ? Temporal.Instant.from(body.at) : Temporal.Now.instant()
    const reason = body.outcome === 'refused' ? (body.reason ?? null) : null
    // A cancellation's trip takes the receipt in the same transaction: its guardian sees it on the next pull.
    const row = await recordReceipt(request.db, params.id, {
      kind: 'acknowledged',
      outcome: body.outcome,
      reason,
      at,
    })
    if (!row) throw changeNotFound()
    if (row.ack_outcome !== body.outcome)
      throw new HttpError(409, errorCodes.alreadyAcknowledged, `The change was ${row.ack_outcome} before`)
    return toFeedChange(row, request.tenant.timeZone)
  })
}
