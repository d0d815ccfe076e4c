import type { FastifyInstance } from 'fastify'
import type { ChangeFeed, FeedChange } from '../../../src/contract/operatorChanges'
import type { TenantId } from '../../../tenants'
import { demoOperatorKey } from '../../../server/demo/operatorKeys'
import { testPort } from './app'

/** A call to the operator API with the tenant's demo key. */
export function operatorCall(
  app: FastifyInstance,
  tenant: TenantId,
  request: { method?: 'GET' | 'PUT' | 'POST'; url: string; payload?: object },
) {
  return app.inject({
    method: request.method ?? 'GET',
    url: request.url,
    headers: { host: `${tenant}.localhost:${testPort}`, 'x-api-key': demoOperatorKey(tenant) },
    ...(request.payload ? { payload: request.payload } : {}),
  })
}

/** The tenant's whole change feed as the operator reads it, page by page. */
export async function feedOf(app: FastifyInstance, tenant: TenantId): Promise<FeedChange[]> {
  const changes: FeedChange[] = []
  for (let after: string | null = null; ;) {
    const query: string = after ? `?limit=500&after=${after}` : '?limit=500'
    const response = await operatorCall(app, tenant, { url: `/api/operator/changes${query}` })
    if (response.statusCode !== 200) throw new Error(`Feed read failed: ${response.body}`)
    const page = response.json<ChangeFeed>()
    changes.push(...page.changes)
    if (!page.hasMore) return changes
    after = page.cursor
  }
}

/** The changes of the feed that concern a trip, by its id in their data. */
export async function tripChanges(app: FastifyInstance, tenant: TenantId, tripId: string) {
  const concerns = (change: FeedChange) => {
    const data = change.data as { trip?: { id: string }; trips?: { id: string }[] }
    return data.trip?.id === tripId || (data.trips ?? []).some((trip) => trip.id === tripId)
  }
  return (await feedOf(app, tenant)).filter(concerns)
}
