import type { HolidayView } from '../../src/contract/series'
import type { Locale } from '../../src/domain/locale'

/**
 * Finnish public holidays (`date-holidays`, FI): the days a series of rides leaves out by default. Only
 * the official ones (`public`): Christmas Eve and Midsummer Eve, which the library calls bank holidays, stay in,
 * and the user may take them out by hand. The library (its data is every country's) is loaded on the first call,
 * not with the server.
 */

type Finland = { getHolidays(year: number, language: string): { date: string; name: string; type: string }[] }

let finland: Promise<Finland> | null = null

const load = () =>
  (finland ??= import('date-holidays').then(({ default: Holidays }) => new Holidays('FI') as Finland))

/** The library names some in lower case ("itsenäisyyspäivä"); a date's label starts with a capital. */
const capitalized = (name: string) => name.charAt(0).toLocaleUpperCase('fi') + name.slice(1)

/** The public holidays from `from` to `to` (YYYY-MM-DD, both included), by date, named in `locale`. */
export async function finnishHolidays(from: string, to: string, locale: Locale): Promise<HolidayView[]> {
  const calendar = await load()
  const holidays: HolidayView[] = []
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    for (const entry of calendar.getHolidays(year, locale)) {
      // "2026-12-06 00:00:00": the local date comes first.
      const date = entry.date.slice(0, 10)
      if (entry.type === 'public' && date >= from && date <= to)
        holidays.push({ date, name: capitalized(entry.name) })
    }
  }
  return holidays
}
