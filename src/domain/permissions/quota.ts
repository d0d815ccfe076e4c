import { Temporal } from 'temporal-polyfill'
import type { Quota, QuotaPeriod } from '../../contract/permissions'

/** Dates of the contract (YYYY-MM-DD) compared as calendar dates. */
const compareDates = (a: string, b: string) =>
  Temporal.PlainDate.compare(Temporal.PlainDate.from(a), Temporal.PlainDate.from(b))

/** Whether `date` lies in `span`, both ends included. */
export function covers(span: { startDate: string; endDate: string }, date: string): boolean {
  return compareDates(span.startDate, date) <= 0 && compareDates(date, span.endDate) <= 0
}

/** The period `date` falls in, if any. */
export function periodOn<P extends QuotaPeriod>(periods: readonly P[], date: string): P | undefined {
  return periods.find((period) => covers(period, date))
}

/** The period that ends the day before `period` starts: where saved and borrowed trips move between. */
function previousPeriod(periods: readonly QuotaPeriod[], period: QuotaPeriod): QuotaPeriod | undefined {
  const dayBefore = Temporal.PlainDate.from(period.startDate).subtract({ days: 1 }).toString()
  return periods.find((candidate) => candidate.endDate === dayBefore)
}

export interface RemainingQuota {
  remainingQuota: number
  remainingExpressQuota: number
}

/**
 * Trips left in `period` (the spec gives no formula). Saving and borrowing move trips between neighbouring
 * periods, so none is made or lost: a period has its own total, plus what the period before saved on to it and
 * what it borrowed from the next, less what the period before borrowed from it, what it saved on to the next,
 * and what it used. Express trips are neither saved nor borrowed. Never below zero.
 */
export function remainingIn(periods: readonly QuotaPeriod[], period: QuotaPeriod): RemainingQuota {
  const before = previousPeriod(periods, period)
  const available =
    period.totalQuota +
    (before?.savedToNext ?? 0) +
    period.borrowed -
    (before?.borrowed ?? 0) -
    period.savedToNext
  return {
    remainingQuota: Math.max(0, available - period.usedQuota),
    remainingExpressQuota: Math.max(0, period.totalExpressQuota - period.usedExpressQuota),
  }
}

/** What is left on `date`: that of the period it falls in, nothing when none does. */
export function remainingOn(periods: readonly QuotaPeriod[], date: string): RemainingQuota {
  const period = periodOn(periods, date)
  return period ? remainingIn(periods, period) : { remainingQuota: 0, remainingExpressQuota: 0 }
}

/** The permissions valid on `date`, from their start date to their end date (`api/passenger/{id}/quotas`). */
export function validOn<Q extends Pick<Quota, 'startDate' | 'endDate'>>(
  permissions: readonly Q[],
  date: string,
): Q[] {
  return permissions.filter((permission) => covers(permission, date))
}

/** Why a permission's dates cannot stand, as `[property, error]` pairs; empty when they can. */
export function permissionDateProblems(
  permission: Pick<Quota, 'startDate' | 'endDate' | 'periods'>,
): [string, string][] {
  const problems: [string, string][] = []
  if (compareDates(permission.endDate, permission.startDate) < 0) problems.push(['endDate', 'before_start'])
  const ordered = permission.periods
    .map((period, index) => ({ period, index }))
    .sort((a, b) => compareDates(a.period.startDate, b.period.startDate))
  ordered.forEach(({ period, index }, position) => {
    const at = `periods.${index}`
    if (compareDates(period.endDate, period.startDate) < 0) problems.push([`${at}.endDate`, 'before_start'])
    else if (!covers(permission, period.startDate) || !covers(permission, period.endDate))
      problems.push([at, 'outside_permission'])
    const next = ordered[position + 1]
    if (next && compareDates(next.period.startDate, period.endDate) <= 0)
      problems.push([`periods.${next.index}`, 'overlapping'])
  })
  return problems
}
