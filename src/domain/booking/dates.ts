import { Temporal } from 'temporal-polyfill'

/**
 * The date helper of spec section 5 ("Dates"): reading a typed date and the three-select picker's choices. It
 * only reads and checks; every date it shows goes through the one display module (`../dateDisplay`): the text
 * field shows `wizardDate`, and the 'date cannot be before {date}' message shows its minimum as `shellDate`.
 */

/** The years the helper reads at all. */
export const dateHelperYears = { min: 1900, max: 2999 } as const

/** The text picker's own range (also the native date input's min and max attributes). */
export const textPickerRange = {
  min: Temporal.PlainDate.from('1900-01-01'),
  max: Temporal.PlainDate.from('2099-12-31'),
} as const

/**
 * The three messages of the spec, as codes the screens translate: 'must not be empty', 'check date format'
 * and 'date cannot be before {date}'.
 */
export type DateProblem = 'mustNotBeEmpty' | 'checkDateFormat' | 'dateBeforeMin'

export type DateCheck =
  | { ok: true; date: Temporal.PlainDate }
  | { ok: false; problem: 'mustNotBeEmpty' | 'checkDateFormat' }
  /** `min` fills the message's {date}, shown D.M.YYYY (`shellDate`). */
  | { ok: false; problem: 'dateBeforeMin'; min: Temporal.PlainDate }

/** The earliest and, for the text picker, the latest date a field takes; the minimum is today by default. */
export interface DateBounds {
  min: Temporal.PlainDate
  max?: Temporal.PlainDate
}

/** day.month.year, month/day/year and year-month-day; years have four digits, days and months one or two. */
const formats: readonly { pattern: RegExp; parts: readonly ('year' | 'month' | 'day')[] }[] = [
  { pattern: /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/, parts: ['day', 'month', 'year'] },
  { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, parts: ['month', 'day', 'year'] },
  { pattern: /^(\d{4})-(\d{1,2})-(\d{1,2})$/, parts: ['year', 'month', 'day'] },
]

/**
 * The calendar date a text names, or null: one of the three formats, a year from 1900 to 2999, month 1 to 12,
 * and a day that exists in that month (31.4. and 29.2. of a common year do not).
 */
export function parseDateText(text: string): Temporal.PlainDate | null {
  const value = text.trim()
  for (const { pattern, parts } of formats) {
    const match = pattern.exec(value)
    if (!match) continue
    const fields = { year: 0, month: 0, day: 0 }
    parts.forEach((part, index) => (fields[part] = Number(match[index + 1])))
    if (fields.year < dateHelperYears.min || fields.year > dateHelperYears.max) return null
    try {
      return Temporal.PlainDate.from(fields, { overflow: 'reject' })
    } catch {
      return null
    }
  }
  return null
}

/** Checks a chosen date against the bounds: before the minimum is its own message, after the maximum a format one. */
export function checkDate(date: Temporal.PlainDate, bounds: DateBounds): DateCheck {
  if (Temporal.PlainDate.compare(date, bounds.min) < 0)
    return { ok: false, problem: 'dateBeforeMin', min: bounds.min }
  if (bounds.max && Temporal.PlainDate.compare(date, bounds.max) > 0)
    return { ok: false, problem: 'checkDateFormat' }
  return { ok: true, date }
}

/** Checks a typed date: empty, unreadable, or read and then checked against the bounds. */
export function checkDateText(text: string, bounds: DateBounds): DateCheck {
  if (text.trim() === '') return { ok: false, problem: 'mustNotBeEmpty' }
  const date = parseDateText(text)
  return date ? checkDate(date, bounds) : { ok: false, problem: 'checkDateFormat' }
}

/** The text picker's check: up to 2099-12-31 (no year before 1900 reads at all), from the minimum (today by default). */
export function checkTextPickerDate(text: string, min: Temporal.PlainDate): DateCheck {
  return checkDateText(text, { min, max: textPickerRange.max })
}

/** The three-select picker's choices; a select not chosen yet is null. */
export interface DateSelection {
  year: number | null
  month: number | null
  day: number | null
}

export function daysInMonth(year: number, month: number): number {
  return Temporal.PlainYearMonth.from({ year, month }).daysInMonth
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index)
}

/** The years offered: the current and the next. */
export function pickerYears(today: Temporal.PlainDate): number[] {
  return [today.year, today.year + 1]
}

/** The months offered: in the minimum's year the earlier months are hidden. */
export function pickerMonths(year: number | null, min: Temporal.PlainDate): number[] {
  return range(year === min.year ? min.month : 1, 12)
}

/** The day select is disabled until the year and the month are chosen. */
export function isDaySelectEnabled(selection: DateSelection): boolean {
  return selection.year !== null && selection.month !== null
}

/** The days offered: none until year and month are chosen; in the minimum's month the earlier days are hidden. */
export function pickerDays(selection: DateSelection, min: Temporal.PlainDate): number[] {
  const { year, month } = selection
  if (year === null || month === null) return []
  const first = year === min.year && month === min.month ? min.day : 1
  return range(first, daysInMonth(year, month))
}

export function selectionOf(date: Temporal.PlainDate): DateSelection {
  return { year: date.year, month: date.month, day: date.day }
}

/** The selected date, once all three selects are chosen. */
export function selectionDate(selection: DateSelection): Temporal.PlainDate | null {
  const { year, month, day } = selection
  return year === null || month === null || day === null
    ? null
    : Temporal.PlainDate.from({ year, month, day })
}

/**
 * The selection after the user changed one select: a day beyond the new month's end becomes its last day (31.
 * after choosing April is 30.), and a choice earlier than the minimum resets to the minimum date.
 */
export function normalizeSelection(selection: DateSelection, min: Temporal.PlainDate): DateSelection {
  const { year, month, day } = selection
  if (year === null || month === null) return selection
  const yearMonth = Temporal.PlainYearMonth.from({ year, month })
  if (Temporal.PlainYearMonth.compare(yearMonth, min.toPlainYearMonth()) < 0) return selectionOf(min)
  if (day === null) return selection
  const date = Temporal.PlainDate.from({ year, month, day: Math.min(day, yearMonth.daysInMonth) })
  return Temporal.PlainDate.compare(date, min) < 0 ? selectionOf(min) : selectionOf(date)
}
