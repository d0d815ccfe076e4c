import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import {
  dateErrors,
  todayOf,
  type DateFieldError,
  type DateMode,
} from '../../../machines/cancelTrips/cancelTrips.machine'
import { shellDate } from '../../domain/dateDisplay'
import { parseIsoDate } from '../../domain/trips/dateFrame'
import { formErrorMessages } from '../forms/formErrorMessages'
import { DateField } from '../dates/DateField'
import type { StepProps } from './stepProps'
import { WizardStep } from './WizardStep'
import { Fieldset } from '../ui/Fieldset'

/** Step 1: one date or a period, in the date helper's fields (their value is ISO, YYYY-MM-DD, once read). */
export function DatesStep(props: StepProps) {
  const { snapshot, send } = props
  const { t } = useLingui()
  const { context } = snapshot
  const today = todayOf(context)
  const errors = context.showErrors ? dateErrors(context) : { start: null, end: null }
  const start = parseIsoDate(context.start)

  const errorText = (error: DateFieldError | null): string | null => {
    if (error === null) return null
    if (error === 'must_not_be_empty') return t(formErrorMessages.Required)
    if (error === 'check_date_format')
      return t({ id: 'error.check_date_format', message: 'Check date format' })
    const date = shellDate(error === 'before_start' && typeof start !== 'string' ? start : today)
    return t({ id: 'error.date_cannot_be_before', message: `Date cannot be before ${date}` })
  }

  return (
    <WizardStep {...props} step="dates" forward="wizard.next">
      <Fieldset gap="gap-2" legend={<Trans id="canceltrips.date_mode">Cancel trips of</Trans>}>
        <div className="flex flex-wrap gap-3">
          <ModeOption
            mode="single"
            current={context.mode}
            onChange={(mode) => send({ type: 'dates.mode', mode })}
          >
            <Trans id="canceltrips.single_date">One day</Trans>
          </ModeOption>
          <ModeOption
            mode="period"
            current={context.mode}
            onChange={(mode) => send({ type: 'dates.mode', mode })}
          >
            <Trans id="canceltrips.time_period">A time period</Trans>
          </ModeOption>
        </div>
      </Fieldset>
      <div className="flex flex-wrap gap-4">
        <DateField
          required
          className="min-w-[min(12rem,100%)] flex-1"
          label={
            context.mode === 'single' ? (
              <Trans id="canceltrips.date">Date</Trans>
            ) : (
              <Trans id="canceltrips.start_date">Start date</Trans>
            )
          }
          min={today.toString()}
          today={today.toString()}
          value={context.start}
          onChange={(value) => send({ type: 'dates.start', value })}
          error={errorText(errors.start)}
        />
        {context.mode === 'period' ? (
          <DateField
            required
            className="min-w-[min(12rem,100%)] flex-1"
            label={<Trans id="canceltrips.end_date">End date</Trans>}
            min={(typeof start === 'string' ? today : start).toString()}
            today={today.toString()}
            value={context.end}
            onChange={(value) => send({ type: 'dates.end', value })}
            error={errorText(errors.end)}
          />
        ) : null}
      </div>
    </WizardStep>
  )
}

function ModeOption(props: {
  mode: DateMode
  current: DateMode
  onChange(mode: DateMode): void
  children: ReactNode
}) {
  return (
    <label className="flex min-h-comfortable cursor-pointer items-center gap-3 rounded-lg border-2 border-muted bg-surface px-4 py-2 has-[:checked]:border-action">
      <input
        type="radio"
        name="canceltrips-date-mode"
        className="size-5 accent-action"
        checked={props.current === props.mode}
        onChange={() => props.onChange(props.mode)}
      />
      {props.children}
    </label>
  )
}
