import { Temporal } from 'temporal-polyfill'
import type { TenantDb } from '../db/tenantDb'
import { recordReceipt } from '../trips/receipts'

/** How long the demo's dispatch system takes, at least, to acknowledge a guardian's cancellation. */
export const acknowledgeAfter = Temporal.Duration.from({ seconds: 5 })

/** The most acknowledgements one tick makes; the next tick takes the rest. */
const perTick = 50

/**
 * Acknowledges, as a dispatch system would, the guardians' cancellations made at least `acknowledgeAfter` before
 * `now`: applied, received now. Only where the tenant's dispatch acknowledges (the demo tenant's, by the seed);
 * through the operator API's own path, so the guardian sees the receipt as from a real one.
 */
export async function acknowledgeCancellations(db: TenantDb, now: Temporal.Instant): Promise<void> {
  if (!(await db.operatorChanges.dispatchSettings()).acknowledges) return
  for (const change of await db.operatorChanges.awaitingReceipt(now.subtract(acknowledgeAfter), perTick)) {
    await recordReceipt(db, change.change_id, {
      kind: 'acknowledged',
      outcome: 'applied',
      reason: null,
      at: now,
    })
  }
}
