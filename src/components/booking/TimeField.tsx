import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { parseTimeField, timeFieldInput, timeFieldText } from '../../domain/booking/time'
import { TextField } from '../ui/TextField'
import { problemTexts } from './problemTexts'

export interface TimeFieldProps {
  label: string
  /** The order's time: minutes from midnight, or null. */
  minutes: number | null
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
export function TimeField({ label, minutes, onChange, errors, onBlur }: TimeFieldProps) {
  const { t } = useLingui()
  const shownText = (value: number | null) => (value === null ? '' : timeFieldText(value))
  const [text, setText] = useState(() => shownText(minutes))
  const [textFor, setTextFor] = useState(minutes)
  // The order's time changed elsewhere (the return trip, a reset): show it.
  if (minutes !== textFor) {
    setText(shownText(minutes))
    setTextFor(minutes)
  }
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
      description={t({ id: 'booking.trip.time_hint', message: 'HH:mm, for example 09:30 or 930' })}
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
