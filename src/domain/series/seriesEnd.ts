import { Temporal } from 'temporal-polyfill'
import { defaultSeriesHorizonWeeks } from '../../../tenants/defineTenant'

/** How far a standing order may reach: apart from its dates' rules, since the wizard's start needs it. */
export { defaultSeriesHorizonWeeks }

/**
 * The latest end a series may choose: the end of the chosen permission's last period, and no later than the
 * horizon (13 weeks by default) after the first ride; null when the permission has no period from the first ride
 * on (then no series can be made).
 */
export function latestSeriesEnd(
  first: Temporal.PlainDate,
  periods: readonly { startDate: string; endDate: string }[],
  horizonWeeks: number = defaultSeriesHorizonWeeks,
): Temporal.PlainDate | null {
  const ends = periods
    .map((period) => Temporal.PlainDate.from(period.endDate))
    .filter((end) => Temporal.PlainDate.compare(end, first) >= 0)
  if (ends.length === 0) return null
  const lastPeriodEnd = ends.reduce((latest, end) =>
    Temporal.PlainDate.compare(end, latest) > 0 ? end : latest,
  )
  const horizon = first.add({ weeks: horizonWeeks })
  return Temporal.PlainDate.compare(lastPeriodEnd, horizon) < 0 ? lastPeriodEnd : horizon
}
