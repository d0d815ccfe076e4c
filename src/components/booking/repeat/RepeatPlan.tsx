import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { shellDate, wizardDate } from '../../../domain/dateDisplay'
import { weekdayName } from '../../../domain/calendarWords'
import type { RepeatProblem } from '../../../domain/series/repeat'
import type { PlannedDate, SeriesPlan } from '../../../domain/series/seriesPlan'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { repeatCheckboxClasses } from '../bookingClasses'
import type { StepProps } from '../stepProps'

/**
 * What a series comes to: how many rides and what they cost, the quota left in each period after it, then every
 * date, left out (a holiday, by hand, or no quota left) or booked, each but the first removable and restorable.
 */
export function RepeatPlan({
  snapshot,
  send,
  plan,
  problems,
  disabled,
}: StepProps & { plan: SeriesPlan; problems: readonly RepeatProblem[]; disabled: boolean }) {
  const { t, i18n } = useLingui()
  const repeat = snapshot.context.repeat!
  const rides = plan.toBook.length
  const euros = (amount: number) =>
    new Intl.NumberFormat(i18n.locale, { style: 'currency', currency: 'EUR' }).format(amount)
  const price = snapshot.context.order.price
  const each = price === null ? null : euros(price)
  const sum = plan.deductibleSum === null ? null : euros(plan.deductibleSum)
  const unfit = plan.unfit.map((date) => wizardDate(date)).join(', ')
  return (
    <div className="flex flex-col gap-4">
      <div role="status" className="flex flex-col gap-1">
        <p className="text-lg font-semibold">
          <Plural id="booking_repeat.rides" value={rides} one="# ride" other="# rides" />
        </p>
        {each !== null && sum !== null ? (
          <p>
            <Trans id="booking_repeat.deductibles">
              Deductible {each} a ride, {sum} in all
            </Trans>
          </p>
        ) : null}
        {plan.periods.map((period) => {
          const from = shellDate(period.startDate)
          const to = shellDate(period.endDate)
          const left = period.remainingAfter
          return (
            <p key={period.startDate}>
              <Trans id="booking_repeat.quota_after">
                Trips left {from}–{to} after the series: {left}
              </Trans>
            </p>
          )
        })}
      </div>
      {plan.unfit.length > 0 ? (
        <Alert
          severity={problems.includes('unfit') ? 'error' : 'warning'}
          title={<Trans id="booking_repeat.unfit_title">Not enough trips left on the permission</Trans>}
        >
          <p>
            <Trans id="booking_repeat.unfit">These dates do not fit the trips left: {unfit}</Trans>
          </p>
          <label className="mt-2 flex min-h-comfortable cursor-pointer items-center gap-3">
            <input
              type="checkbox"
              className={repeatCheckboxClasses}
              checked={repeat.fitOnly}
              disabled={disabled}
              onChange={(event) => send({ type: 'repeat.fitOnly', value: event.target.checked })}
            />
            <Trans id="booking_repeat.fit_only">Book only the dates that fit</Trans>
          </label>
        </Alert>
      ) : null}
      {problems.includes('onlyFirst') ? (
        <Alert severity="warning">
          <Trans id="booking_repeat.only_first">
            No date after this ride: choose more weekdays or a later end date.
          </Trans>
        </Alert>
      ) : null}
      <ul
        className="flex flex-col divide-y divide-muted/30"
        aria-label={t({ id: 'booking_repeat.dates', message: 'Dates of the series' })}
      >
        {plan.dates.map((entry, index) => (
          <DateRow
            key={entry.date.toString()}
            entry={entry}
            first={index === 0}
            disabled={disabled}
            onChange={(removed) => send({ type: 'repeat.date', date: entry.date.toString(), removed })}
          />
        ))}
      </ul>
    </div>
  )
}

function DateRow({
  entry,
  first,
  disabled,
  onChange,
}: {
  entry: PlannedDate
  first: boolean
  disabled: boolean
  onChange(removed: boolean): void
}) {
  const { t, i18n } = useLingui()
  const day = `${weekdayName(entry.date, i18n.locale, 'short')} ${wizardDate(entry.date)}`
  const holiday = entry.holiday
  const state = first
    ? t({ id: 'booking_repeat.date_first', message: 'This booking' })
    : entry.skipped === 'holiday'
      ? t({ id: 'booking_repeat.date_holiday', message: `${holiday}: left out` })
      : entry.skipped === 'removed'
        ? t({ id: 'booking_repeat.date_removed', message: 'Left out' })
        : !entry.fits
          ? t({ id: 'booking_repeat.date_unfit', message: 'No trips left' })
          : holiday
  const booked = entry.skipped === null
  return (
    <li className="flex min-h-comfortable flex-wrap items-center justify-between gap-x-4 gap-y-1 py-1">
      <span>
        <span className={booked ? '' : 'line-through'}>{day}</span>
        {state ? <span className="ml-2 text-sm text-muted">{state}</span> : null}
      </span>
      {first ? null : (
        // The date in the name, not in sight: every row has one of these buttons.
        <Button
          variant="ghost"
          disabled={disabled}
          aria-label={
            booked
              ? t({ id: 'booking_repeat.remove', message: `Leave out ${day}` })
              : t({ id: 'booking_repeat.restore', message: `Put back ${day}` })
          }
          onClick={() => onChange(booked)}
        >
          {booked
            ? t({ id: 'booking_repeat.remove_short', message: 'Leave out' })
            : t({ id: 'booking_repeat.restore_short', message: 'Put back' })}
        </Button>
      )}
    </li>
  )
}
