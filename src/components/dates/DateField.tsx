import { useLingui } from '@lingui/react/macro'
import { useState, type ReactNode } from 'react'
import { Temporal } from 'temporal-polyfill'
import { parseDateText, textPickerRange } from '../../domain/booking/dates'
import { wizardDate } from '../../domain/dateDisplay'
import { dateInputKind } from '../../domain/dateInputKind'
import { LazyCalendar } from '../ui/LazyCalendar'
import { buttonClasses, inputClasses } from '../ui/classes'
import { Field } from '../ui/Field'
import { CalendarIcon } from '../ui/featureIcons'
import { Popover } from '../ui/Popover'

export interface DateFieldProps {
  label: ReactNode
  /** The date as YYYY-MM-DD, or what the user typed while it reads as no date (so that it is not lost). */
  value: string
  onChange(value: string): void
  /** The earliest date the calendar offers, YYYY-MM-DD (the field's rules name it in their error). */
  min: string
  /** Today, YYYY-MM-DD, marked in the calendar. */
  today: string
  error?: string | null
  required?: boolean
  className?: string
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/

/** What the text field shows for a value: a date as DD.MM.YYYY (spec section 9), else the text as typed. */
function shown(value: string): string {
  return isoDate.test(value) ? wizardDate(value) : value
}

/** A typed text as the field's value: the date it names within the text picker's range, else the text itself. */
function valueOf(text: string): string {
  const date = parseDateText(text)
  if (!date || Temporal.PlainDate.compare(date, textPickerRange.max) > 0) return text
  return date.toString()
}

/**
 * The date helper's field (spec sections 2 and 5): the device's own date input where it is a good picker
 * (src/domain/dateInputKind.ts), else a text field that reads day.month.year, month/day/year and
 * year-month-day and shows DD.MM.YYYY, with a calendar beside it.
 */
export function DateField(props: DateFieldProps) {
  const [kind] = useState(() => dateInputKind(navigator.userAgent))
  return kind === 'native' ? <NativeDateField {...props} /> : <TextDateField {...props} />
}

function NativeDateField({ label, value, onChange, min, error, required, className }: DateFieldProps) {
  return (
    <Field label={label} error={error} required={required} className={className}>
      {(control) => (
        <input
          {...control}
          type="date"
          className={inputClasses(Boolean(control['aria-invalid']))}
          min={min}
          max={textPickerRange.max.toString()}
          value={isoDate.test(value) ? value : ''}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  )
}

function TextDateField({ label, value, onChange, min, today, error, required, className }: DateFieldProps) {
  const { t, i18n } = useLingui()
  const [open, setOpen] = useState(false)
  const [text, setText] = useState(() => shown(value))
  // The value this field last gave; another one came from outside (a reset, a restored draft) and is shown.
  const [given, setGiven] = useState(value)
  if (value !== given) {
    setGiven(value)
    setText(shown(value))
  }
  const change = (next: string, nextText: string) => {
    setGiven(next)
    setText(nextText)
    onChange(next)
  }
  const chosen = isoDate.test(value) ? value : today
  return (
    <Field
      label={label}
      description={t({ id: 'date_helper.format', message: 'For example 24.12.2026' })}
      error={error}
      required={required}
      className={className}
    >
      {(control) => (
        <div className="flex items-stretch gap-2">
          <input
            {...control}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            className={`min-w-0 flex-1 ${inputClasses(Boolean(control['aria-invalid']))}`}
            value={text}
            onChange={(event) => change(valueOf(event.target.value), event.target.value)}
            onBlur={() => setText(shown(value))}
          />
          <Popover
            open={open}
            onOpenChange={setOpen}
            trigger={<CalendarIcon />}
            triggerLabel={t({ id: 'date_helper.open_calendar', message: 'Choose from a calendar' })}
            triggerClassName={buttonClasses('secondary', 'px-3')}
            label={t({ id: 'date_helper.calendar', message: 'Calendar' })}
            focusesItself
          >
            <LazyCalendar
              value={chosen < min ? min : chosen}
              today={today}
              locale={i18n.locale}
              focusOnMount
              isDisabled={(day) => day < min}
              onSelect={(day) => {
                setOpen(false)
                change(day, shown(day))
              }}
            />
          </Popover>
        </div>
      )}
    </Field>
  )
}
