import { useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { Temporal } from 'temporal-polyfill'
import { dayLabel, monthTitle, weekdayName } from '../../domain/calendarWords'
import { mondayToSunday, monthWeeks, moveByKey } from './calendarGrid'
import { calendarClasses } from './classes'
import { ChevronRightIcon } from './icons'
import { ChevronLeftIcon } from './featureIcons'

export interface CalendarProps {
  /** The chosen date, YYYY-MM-DD. */
  value: string
  onSelect(date: string): void
  /** Days that cannot be chosen; they can still be focused, so arrow keys move over them. */
  isDisabled?(date: string): boolean
  locale: string
  /** Today, YYYY-MM-DD, marked with aria-current. */
  today?: string
  /** Focus the chosen day when the calendar appears (in a popover). */
  focusOnMount?: boolean
}

/**
 * A month grid of the WAI-ARIA date picker pattern: Monday first, one tab stop, arrow keys by day and week,
 * Home/End to the week's ends, Page Up/Down by month (with Shift by year), Enter or Space to choose.
 */
export function Calendar({
  value,
  onSelect,
  isDisabled,
  locale,
  today,
  focusOnMount = false,
}: CalendarProps) {
  const { t } = useLingui()
  const headingId = useId()
  const [focused, setFocused] = useState(() => Temporal.PlainDate.from(value))
  const moveFocus = useRef(focusOnMount)
  const grid = useRef<HTMLTableElement>(null)
  const month = focused.toPlainYearMonth()

  useEffect(() => {
    if (!moveFocus.current) return
    moveFocus.current = false
    grid.current?.querySelector<HTMLButtonElement>(`[data-date="${focused.toString()}"]`)?.focus()
  }, [focused])

  const focusDay = (date: Temporal.PlainDate) => {
    moveFocus.current = true
    setFocused(date)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = moveByKey(focused, event.key, event.shiftKey)
    if (!next) return
    event.preventDefault()
    focusDay(next)
  }
  return (
    <div className="w-max">
      <div className="mb-2 flex items-center justify-between gap-2">
        <button
          type="button"
          className={calendarClasses.monthNav}
          aria-label={t({ id: 'calendar.previous_month', message: 'Previous month' })}
          onClick={() => setFocused(focused.subtract({ months: 1 }))}
        >
          <ChevronLeftIcon />
        </button>
        <h2 id={headingId} aria-live="polite" className="text-base font-semibold capitalize">
          {monthTitle(focused, locale)}
        </h2>
        <button
          type="button"
          className={calendarClasses.monthNav}
          aria-label={t({ id: 'calendar.next_month', message: 'Next month' })}
          onClick={() => setFocused(focused.add({ months: 1 }))}
        >
          <ChevronRightIcon />
        </button>
      </div>
      {/* The APG date picker's grid: a table whose cells hold the day buttons, with one tab stop. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-to-interactive-role */}
      <table ref={grid} role="grid" aria-labelledby={headingId} className="border-collapse">
        <thead>
          <tr>
            {mondayToSunday.map((day) => (
              <th
                key={day.dayOfWeek}
                scope="col"
                abbr={weekdayName(day, locale, 'long')}
                className="size-10 text-center text-sm font-semibold text-muted"
              >
                {weekdayName(day, locale, 'short')}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week, index) => (
            <tr key={index}>
              {week.map((date, column) =>
                date ? (
                  <Day
                    key={column}
                    date={date}
                    locale={locale}
                    selected={date.toString() === value}
                    focused={date.equals(focused)}
                    today={date.toString() === today}
                    disabled={isDisabled?.(date.toString()) ?? false}
                    onKeyDown={onKeyDown}
                    onSelect={() => {
                      setFocused(date)
                      onSelect(date.toString())
                    }}
                  />
                ) : (
                  <td key={column} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function Day(props: {
  date: Temporal.PlainDate
  locale: string
  selected: boolean
  focused: boolean
  today: boolean
  disabled: boolean
  onKeyDown(event: KeyboardEvent<HTMLButtonElement>): void
  onSelect(): void
}) {
  const { date, selected, disabled } = props
  return (
    <td aria-selected={selected} className="p-0 text-center">
      <button
        type="button"
        data-date={date.toString()}
        tabIndex={props.focused ? 0 : -1}
        aria-disabled={disabled || undefined}
        aria-current={props.today ? 'date' : undefined}
        aria-label={dayLabel(date, props.locale)}
        className={calendarClasses.day({ selected, disabled, today: props.today })}
        onKeyDown={props.onKeyDown}
        onClick={() => {
          if (!disabled) props.onSelect()
        }}
      >
        {date.day}
      </button>
    </td>
  )
}
