import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type ReactNode } from 'react'
import { Temporal } from 'temporal-polyfill'
import {
  isDaySelectEnabled,
  normalizeSelection,
  pickerDays,
  pickerMonths,
  pickerYears,
  selectionDate,
  selectionOf,
  type DateSelection,
} from '../../domain/booking/dates'
import { monthName } from '../../domain/calendarWords'
import { inputClasses } from '../ui/classes'
import { Fieldset } from '../ui/Fieldset'

export interface DateSelectsProps {
  /** Names the three selects together (the fieldset's legend). */
  legend: ReactNode
  /** The date as YYYY-MM-DD, or null while no whole date is chosen. */
  value: string | null
  onChange(value: string | null): void
  /** The earliest date offered, YYYY-MM-DD. */
  min: string
  /** Today, YYYY-MM-DD: the years offered are its year and the next. */
  today: string
  className?: string
}

const unchosen: DateSelection = { year: null, month: null, day: null }

function selectionFor(value: string | null, previous: DateSelection): DateSelection {
  // A date cleared elsewhere (a typed text that is no date) keeps the year and month but not the day.
  return value === null ? { ...previous, day: null } : selectionOf(Temporal.PlainDate.from(value))
}

/**
 * The date helper's three-select picker (spec section 5): year (this and the next), month and day. Earlier
 * months and days than the minimum are not offered, the day waits for the year and the month, and a choice that
 * would fall before the minimum resets to it. Month names follow the locale.
 */
export function DateSelects({ legend, value, onChange, min, today, className = '' }: DateSelectsProps) {
  const { t, i18n } = useLingui()
  const id = useId()
  const minDate = Temporal.PlainDate.from(min)
  const [selection, setSelection] = useState(() => selectionFor(value, unchosen))
  // The value these selects last gave; another one came from outside (a reset, the text field) and is shown.
  const [given, setGiven] = useState(value)
  if (value !== given) {
    setGiven(value)
    setSelection(selectionFor(value, selection))
  }

  const choose = (part: keyof DateSelection, chosen: string) => {
    const next = normalizeSelection({ ...selection, [part]: chosen === '' ? null : Number(chosen) }, minDate)
    const date = selectionDate(next)?.toString() ?? null
    setSelection(next)
    setGiven(date)
    onChange(date)
  }

  const selects: {
    part: keyof DateSelection
    label: ReactNode
    options: number[]
    name?(n: number): string
  }[] = [
    {
      part: 'year',
      label: <Trans id="date_helper.year">Year</Trans>,
      options: pickerYears(Temporal.PlainDate.from(today)),
    },
    {
      part: 'month',
      label: <Trans id="date_helper.month">Month</Trans>,
      options: pickerMonths(selection.year, minDate),
      name: (month) => monthName(month, i18n.locale),
    },
    { part: 'day', label: <Trans id="date_helper.day">Day</Trans>, options: pickerDays(selection, minDate) },
  ]

  return (
    <Fieldset gap="gap-2" className={className} legend={legend}>
      <div className="flex flex-wrap gap-3">
        {selects.map(({ part, label, options, name }) => {
          const current = selection[part]
          return (
            <div key={part} className="flex min-w-28 flex-col gap-1">
              <label htmlFor={`${id}-${part}`}>{label}</label>
              <select
                id={`${id}-${part}`}
                className={inputClasses(false)}
                value={current ?? ''}
                disabled={part === 'day' && !isDaySelectEnabled(selection)}
                onChange={(event) => choose(part, event.target.value)}
              >
                {current === null ? (
                  <option value="" disabled>
                    {t({ id: 'date_helper.choose', message: 'Choose' })}
                  </option>
                ) : null}
                {options.map((option) => (
                  <option key={option} value={option}>
                    {name ? name(option) : option}
                  </option>
                ))}
              </select>
            </div>
          )
        })}
      </div>
    </Fieldset>
  )
}
