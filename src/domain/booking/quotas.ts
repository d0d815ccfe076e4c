import type { Temporal } from 'temporal-polyfill'
import type { Quota } from '../../contract/permissions'

/** Decision types whose quotas allow extra passengers and extras (spec section 5). */
export const specialDecisionTypes: readonly string[] = ['VPL', 'SHL']

export function allowsExtras(quota: Pick<Quota, 'decisionType'>): boolean {
  return specialDecisionTypes.includes(quota.decisionType)
}

/**
 * The quota chosen after the quotas for a passenger and date arrive (spec section 4): the previous one if it is
 * still offered (the fresh copy, with its new remaining counts), else the first with quota left, else none.
 */
export function selectQuota<Q extends Pick<Quota, 'id' | 'remainingQuota'>>(
  quotas: readonly Q[],
  previousId: string | null,
): Q | null {
  return (
    quotas.find((quota) => quota.id === previousId) ??
    quotas.find((quota) => quota.remainingQuota > 0) ??
    null
  )
}

/**
 * Whether the booking is an express one (departure nearer than the permission's expressQuotaTimeLimit), and if
 * so whether express quota is left: a warning that it will use one, or an error that disables saving.
 */
export type ExpressQuotaStatus = 'notExpress' | 'expressQuotaWarning' | 'expressQuotaNoneLeft'

export function expressQuotaStatus(
  quota: Pick<Quota, 'expressQuotaTimeLimit' | 'remainingExpressQuota'>,
  departure: Temporal.Instant,
  now: Temporal.Instant,
): ExpressQuotaStatus {
  const limit = quota.expressQuotaTimeLimit
  if (!limit || limit <= 0) return 'notExpress'
  const minutesAway = now.until(departure).total({ unit: 'minutes' })
  if (minutesAway >= limit) return 'notExpress'
  return quota.remainingExpressQuota > 0 ? 'expressQuotaWarning' : 'expressQuotaNoneLeft'
}
