import { Temporal } from 'temporal-polyfill'
import { wizardDate } from '../dateDisplay'
import { weekdayName } from '../calendarWords'
import type { Weekday } from './seriesDates'

/** A Monday, from which the other weekdays are counted (their names do not depend on the date). */
const aMonday = Temporal.PlainDate.from('2026-11-23')

/**
 * A series' weekdays in the locale's short words, in week order from Monday, joined by commas ("ti, to",
 * "tis, tors", "Tue, Thu"), and its end as DD.MM.YYYY: the parts of "Every Tue, Thu until 18.12.2026".
 */
export function seriesWords(
  series: { weekdays: readonly number[]; until: string },
  locale: string,
): { days: string; until: string } {
  const days = [...new Set(series.weekdays)]
    .filter((day): day is Weekday => day >= 1 && day <= 7)
    .sort((a, b) => a - b)
    .map((day) => weekdayName(aMonday.add({ days: day - 1 }), locale, 'short'))
  return { days: days.join(', '), until: wizardDate(series.until) }
}
