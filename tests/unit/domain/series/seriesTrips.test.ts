import { describe, expect, it } from 'vitest'
import { laterInSeries, seriesTrips } from '../../../../src/domain/series/laterInSeries'
import { seriesWords } from '../../../../src/domain/series/seriesWords'
import { tripWith } from '../trips/fixtures'

const series = { id: 's-1', weekdays: [4, 2], until: '2026-12-18' }

describe('a trip of a standing order', () => {
  it.each([
    ['fi', 'ti, to'],
    ['sv', 'tis, tors'],
    ['en', 'Tue, Thu'],
  ])('names its weekdays from Monday on and its end in %s', (locale, days) => {
    expect(seriesWords(series, locale)).toEqual({ days, until: '18.12.2026' })
  })

  it('finds the later trips of its series that are not cancelled, in start order, across the change to winter time', () => {
    const at = (id: string, start: string, changes = {}) =>
      tripWith({ id, date: start.slice(0, 10), startDateTime: start, series, ...changes })
    const first = at('a', '2026-10-20T08:00:00+03:00')
    const trips = [
      at('d', '2026-10-29T08:00:00+02:00'),
      first,
      at('b', '2026-10-22T08:00:00+03:00'),
      at('c', '2026-10-27T08:00:00+02:00', { cancelledAt: '2026-10-21T10:00:00+03:00' }),
      at('e', '2026-10-29T09:00:00+02:00', { series: { ...series, id: 's-2' } }),
      tripWith({ id: 'f', date: '2026-10-30', startDateTime: '2026-10-30T08:00:00+02:00' }),
    ]
    expect(laterInSeries(first, trips)).toEqual([
      { id: 'b', date: '2026-10-22' },
      { id: 'd', date: '2026-10-29' },
    ])
    expect(seriesTrips(first, trips)?.map((trip) => trip.id)).toEqual(['a', 'b', 'c', 'd'])
    expect(laterInSeries(trips[1]!, [])).toEqual([])
    expect(laterInSeries(tripWith(), trips)).toBeNull()
  })
})
