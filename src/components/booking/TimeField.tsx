import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import {
  minutesPerDay,
  parseTimeField,
  timeFieldInput,
  timeFieldText,
  tripDay,
} from '../../domain/booking/time'
import { wizardDate } from '../../domain/dateDisplay'
import { TextField } from '../ui/TextField'
import { problemTexts } from './problemTexts'

export interface TimeFieldProps {
  label: string
  /** The order's time: minutes from midnight (1440 and above on the next day), or null. */
  minutes: number | null
  /** The order's date, which a time past midnight is the day after. */
  date: string | null
  /** The typed time as minutes, or null while it is empty or not a time. */
  onChange(minutes: number | null): void
  /** The step's problems of the time (translated). */
  errors: readonly string[]
  onBlur(): void
}

/**
 * The booking time as HH:mm text (spec section 5): digits only, at most 4 (930 is 09:30), shown as HH:mm once
 * the field is left. The text is kept here, since the order holds only minutes: a time that cannot be read
 * is null there, and its format error is this field's own.
 */
export function TimeField({ label, minutes, date, onChange, errors, onBlur }: TimeFieldProps) {
  const { t } = useLingui()
  const shownText = (value: number | null) => (value === null ? '' : timeFieldText(value))
  // The typed clock time: the order's minutes may be a day later (a return trip past midnight).
  const ofDay = minutes === null ? null : minutes % minutesPerDay
  const [text, setText] = useState(() => shownText(minutes))
  const [textFor, setTextFor] = useState(ofDay)
  // The order's time changed elsewhere (the return trip, a reset): show it.
  if (ofDay !== textFor) {
    setText(shownText(minutes))
    setTextFor(ofDay)
  }
  const hint = t({ id: 'booking.trip.time_hint', message: 'HH:mm, for example 09:30 or 930' })
  const nextDay =
    date !== null && minutes !== null && minutes >= minutesPerDay ? wizardDate(tripDay(date, minutes)) : null
  const parsed = parseTimeField(text)
  const formatError = parsed === 'checkTimeFormat' ? [t(problemTexts.checkTimeFormat)] : []

  function type(raw: string) {
    const next = timeFieldInput(raw)
    const value = parseTimeField(next)
    const time = typeof value === 'number' ? value : null
    setText(next)
    setTextFor(time)
    onChange(time)
  }

  return (
    <TextField
      label={label}
      description={
        nextDay === null ? (
          hint
        ) : (
          <>
            {hint}{' '}
            <strong className="font-semibold">
              {t({
                id: 'booking.trip.next_day',
                message: `Earlier than the outbound trip's time: the return is on the next day, ${nextDay}.`,
              })}
            </strong>
          </>
        )
      }
      required
      inputMode="numeric"
      autoComplete="off"
      value={text}
      error={formatError.length ? formatError : errors}
      onChange={(event) => type(event.target.value)}
      onBlur={() => {
        if (typeof parsed === 'number') setText(timeFieldText(parsed))
        onBlur()
      }}
    />
  )
}
