import type { Temporal } from 'temporal-polyfill'
import type { TripDestinations } from './places'

/** An extra a permission allows (spec section 3); `selected` is the user's choice on the additional info step. */
export interface QuotaExtra {
  extraId: string
  name: string
  selected: boolean
}

/** What the booking rules read of a quota (spec section 3, Quota/permission), as the quotas call answers it. */
export interface BookingQuota {
  id: string
  name: string
  decisionType: string
  remainingQuota: number
  remainingExpressQuota: number
  /** Minutes; null when the permission has no express quota. */
  expressQuotaTimeLimit: number | null
  tripDestinations: TripDestinations
  allowViaPoints: boolean
  /** Metres; null when via points have no deviation limit. */
  viaPointMaxDeviation: number | null
  extras: QuotaExtra[]
}

/** Decision types whose quotas allow extra passengers and extras (spec section 5). */
export const specialDecisionTypes: readonly string[] = ['VPL', 'SHL']

export function allowsExtras(quota: Pick<BookingQuota, 'decisionType'>): boolean {
  return specialDecisionTypes.includes(quota.decisionType)
}

/**
 * The quota chosen after the quotas for a passenger and date arrive (spec section 4): the previous one if it is
 * still offered (the fresh copy, with its new remaining counts), else the first with quota left, else none.
 */
export function selectQuota<Q extends Pick<BookingQuota, 'id' | 'remainingQuota'>>(
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
  quota: Pick<BookingQuota, 'expressQuotaTimeLimit' | 'remainingExpressQuota'>,
  departure: Temporal.Instant,
  now: Temporal.Instant,
): ExpressQuotaStatus {
  const limit = quota.expressQuotaTimeLimit
  if (!limit || limit <= 0) return 'notExpress'
  const minutesAway = now.until(departure).total({ unit: 'minutes' })
  if (minutesAway >= limit) return 'notExpress'
  return quota.remainingExpressQuota > 0 ? 'expressQuotaWarning' : 'expressQuotaNoneLeft'
}
