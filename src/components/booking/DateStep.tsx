import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Temporal } from 'temporal-polyfill'
import { checkTextPickerDate, type DateCheck } from '../../domain/booking/dates'
import { bookingToday } from '../../domain/booking/time'
import { shellDate } from '../../domain/dateDisplay'
import { DateField } from '../dates/DateField'
import { DateSelects } from '../dates/DateSelects'
import { formErrorMessages } from '../forms/formErrorMessages'
import type { StepProps } from './stepProps'

/**
 * Step 2: the date of the trip. The three selects come first: they work the same on every device and with
 * every assistive technology, and cannot name a date before today. The date helper's field is offered under
 * them for those who would rather type the date or pick it from a calendar (on phones and Macs the device's own
 * date input). Both show and set the one date of the order.
 */
export function DateStep({ snapshot, send }: StepProps) {
  const { t } = useLingui()
  const { context } = snapshot
  const today = bookingToday(Temporal.Instant.from(context.now), context.timeZone).toString()
  const chosen = context.order.date
  // What was typed in the field, while it is checked there; null when the date came from the selects.
  const [typed, setTyped] = useState<string | null>(null)
  const check = typed === null ? null : checkTextPickerDate(typed, Temporal.PlainDate.from(today))

  const errorText = (result: DateCheck | null): string | null => {
    if (!result || result.ok) return null
    if (result.problem !== 'dateBeforeMin')
      return result.problem === 'mustNotBeEmpty'
        ? t(formErrorMessages.Required)
        : t({ id: 'error.check_date_format', message: 'Check date format' })
    const date = shellDate(result.min)
    return t({ id: 'error.date_cannot_be_before', message: `Date cannot be before ${date}` })
  }

  return (
    <div className="flex flex-col gap-6">
      <DateSelects
        legend={<Trans id="booking.date_legend">Date of the trip</Trans>}
        value={chosen}
        min={today}
        today={today}
        onChange={(value) => {
          setTyped(null)
          send({ type: 'date.change', date: value })
        }}
      />
      <DateField
        className="max-w-sm"
        label={<Trans id="booking.date_typed">Or type the date</Trans>}
        value={chosen ?? typed ?? ''}
        min={today}
        today={today}
        error={errorText(check)}
        onChange={(value) => {
          const result = checkTextPickerDate(value, Temporal.PlainDate.from(today))
          setTyped(value)
          send({ type: 'date.change', date: result.ok ? result.date.toString() : null })
        }}
      />
    </div>
  )
}
