import { Temporal } from 'temporal-polyfill'

/** A week's days in order, Monday first, for the weekday names (1 January 2024 was a Monday). */
export const mondayToSunday: readonly Temporal.PlainDate[] = Array.from({ length: 7 }, (_, index) =>
  Temporal.PlainDate.from({ year: 2024, month: 1, day: 1 + index }),
)

/** The weeks of a month, Monday first (spec section 9); null fills the days of other months. */
export function monthWeeks(month: Temporal.PlainYearMonth): (Temporal.PlainDate | null)[][] {
  const first = month.toPlainDate({ day: 1 })
  const cells: (Temporal.PlainDate | null)[] = Array.from({ length: first.dayOfWeek - 1 }, () => null)
  for (let day = 1; day <= month.daysInMonth; day++) cells.push(month.toPlainDate({ day }))
  while (cells.length % 7) cells.push(null)
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7))
}

/** Where a key moves the focused day in the grid (the APG date picker's keys), or null for other keys. */
export function moveByKey(
  date: Temporal.PlainDate,
  key: string,
  shiftKey: boolean,
): Temporal.PlainDate | null {
  switch (key) {
    case 'ArrowLeft':
      return date.subtract({ days: 1 })
    case 'ArrowRight':
      return date.add({ days: 1 })
    case 'ArrowUp':
      return date.subtract({ weeks: 1 })
    case 'ArrowDown':
      return date.add({ weeks: 1 })
    case 'Home':
      return date.subtract({ days: date.dayOfWeek - 1 })
    case 'End':
      return date.add({ days: 7 - date.dayOfWeek })
    case 'PageUp':
      return date.subtract(shiftKey ? { years: 1 } : { months: 1 })
    case 'PageDown':
      return date.add(shiftKey ? { years: 1 } : { months: 1 })
    default:
      return null
  }
}
