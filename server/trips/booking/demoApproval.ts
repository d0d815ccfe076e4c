import type { FastifyInstance } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import type { TenantId } from '../../../tenants'
import { retryOnConflict } from '../../db/conflicts'
import type { Db } from '../../db/schema'
import { tenantDb } from '../../db/tenantDb'
import { HttpError } from '../../errors/httpError'
import { appendOperatorEvent } from '../operatorEvents'

/** Schedules the demo's own approval of a booking just made. */
export type DemoApprover = (tenant: TenantId, tripId: string) => void

/** How many times an approval looks again for a booking whose transaction has not committed yet. */
const attempts = 5

/**
 * The demo stands in for the operator: `delayMs` after a booking it appends an `approved` event through the
 * operator API's own path, so the trip then shows on the trips page. Timers end with the app. A booking's
 * transaction may still be committing when its timer fires (the idempotent answer commits after the handler),
 * so a trip not found yet is looked for again after another delay.
 */
export function createDemoApprover(app: FastifyInstance, db: Db, delayMs: number): DemoApprover {
  const timers = new Set<NodeJS.Timeout>()
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer)
    timers.clear()
  })

  const approve = async (tenant: TenantId, tripId: string, attempt: number) => {
    const data = tenantDb(db, tenant)
    try {
      await retryOnConflict(() =>
        data.transaction((trx) =>
          appendOperatorEvent(trx, tripId, { type: 'approved' }, Temporal.Now.instant()),
        ),
      )
    } catch (error) {
      const notYet = error instanceof HttpError && error.statusCode === 404
      if (notYet && attempt < attempts) schedule(tenant, tripId, attempt + 1)
      // An operator who decided first (409) is no failure of the demo's.
      else if (!(error instanceof HttpError)) app.log.error({ err: error, tripId }, 'demo approval failed')
    }
  }

  function schedule(tenant: TenantId, tripId: string, attempt = 1) {
    const timer = setTimeout(() => {
      timers.delete(timer)
      void approve(tenant, tripId, attempt)
    }, delayMs)
    timer.unref()
    timers.add(timer)
  }

  return (tenant, tripId) => schedule(tenant, tripId)
}
