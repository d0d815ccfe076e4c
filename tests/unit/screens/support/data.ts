import { Temporal } from 'temporal-polyfill'
import type { Passenger, Trip } from '../../../../src/contract'
import { passengerOf } from '../../db/samples'
import { tripWith } from '../../domain/trips/fixtures'

const timeZone = 'Europe/Helsinki'

export const anna = passengerOf('p1', 'Anna Aalto', 'AA')
export const ville = passengerOf('p2', 'Ville Virtanen', 'VV')

/** The date `days` from today in Helsinki, as the screens count days. */
export function dayFromToday(days: number): string {
  return Temporal.Now.plainDateISO(timeZone).add({ days }).toString()
}

/** D.M.YYYY, as the screens show a date. */
export function shownDate(date: string): string {
  const { day, month, year } = Temporal.PlainDate.from(date)
  return `${day}.${month}.${year}`
}

/** A booked trip of `passenger` on `date` from `start` to `end` (HH:mm, Helsinki time). */
export function tripOn(
  id: string,
  passenger: Passenger,
  date: string,
  [start, end]: [string, string],
  overrides: Partial<Trip> = {},
): Trip {
  const at = (time: string) =>
    Temporal.PlainDateTime.from(`${date}T${time}`)
      .toZonedDateTime(timeZone)
      .toString({ timeZoneName: 'never' })
  return tripWith({
    id,
    date,
    passenger: { id: passenger.id, name: passenger.name, avatarText: passenger.avatarText },
    startDateTime: at(start),
    endDateTime: at(end),
    allowReview: false,
    ...overrides,
  })
}
