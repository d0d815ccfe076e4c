import type { Quota } from '../../contract/permissions'
import { allowsExtras } from './quotas'

export type PassengerCountProblem = 'passengerCountMin' | 'extraPassengersNotAllowed'

/**
 * The passenger count is a whole number of at least 1; more than 1 (extra passengers) only on a VPL or SHL
 * quota (spec section 5). Before a quota is chosen only the minimum applies.
 */
export function passengerCountProblems(
  passengerCount: number,
  quota: Pick<Quota, 'decisionType'> | null,
): PassengerCountProblem[] {
  if (!Number.isInteger(passengerCount) || passengerCount < 1) return ['passengerCountMin']
  return passengerCount > 1 && quota && !allowsExtras(quota) ? ['extraPassengersNotAllowed'] : []
}

/** The ids of the extras chosen on the quota, in its order. */
export function selectedExtraIds(quota: Pick<Quota, 'extras'>): string[] {
  return quota.extras.filter((extra) => extra.selected).map((extra) => extra.extraId)
}

/** Extras are chosen only on a VPL or SHL quota. */
export function extrasProblems(quota: Pick<Quota, 'decisionType' | 'extras'>): 'extrasNotAllowed'[] {
  return selectedExtraIds(quota).length > 0 && !allowsExtras(quota) ? ['extrasNotAllowed'] : []
}
