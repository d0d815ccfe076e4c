import { describe, expect, it } from 'vitest'
import type { Trip } from '../../../../src/contract/trip'
import { followingScope } from '../../../../src/domain/trips/followingScope'
import { tripWith } from './fixtures'

const school = { id: 's-school', weekdays: [2, 4], until: '2026-12-31' }
const home = { id: 's-home', weekdays: [2, 4], until: '2026-12-31' }
const koti = { alias: 'Koti', address: 'Kotikatu 1, Espoo', lat: 60.2, lng: 24.7 }
const koulu = { alias: 'Koulu', address: 'Koulutie 2, Espoo', lat: 60.21, lng: 24.72 }

/** A ride of a Tue/Thu series to school at 08:00, or back home at 15:00. */
function ride(date: string, way: 'there' | 'back', overrides: Partial<Trip> = {}): Trip {
  const there = way === 'there'
  const time = there ? '08:00' : '15:00'
  return tripWith({
    id: `${way}-${date}`,
    date,
    startDateTime: `${date}T${time}:00+02:00`,
    endDateTime: `${date}T${time}:30+02:00`,
    startAddress: there ? koti : koulu,
    endAddress: there ? koulu : koti,
    series: there ? school : home,
    ...overrides,
  })
}

const dates = ['2026-11-24', '2026-11-26', '2026-12-01', '2026-12-03']
const trips = dates.flatMap((date) => [ride(date, 'there'), ride(date, 'back')])

describe('following scope of a series trip', () => {
  it('is null for a trip of no series', () => {
    expect(followingScope(tripWith(), trips)).toBeNull()
  })

  it('counts this trip and the later ones not cancelled, and the series going on past the device’s trips', () => {
    const cancelled = trips.map((trip) =>
      trip.id === 'there-2026-12-01' ? { ...trip, cancelledAt: '2026-11-20T10:00:00+02:00' } : trip,
    )
    const scope = followingScope(ride('2026-11-26', 'there'), cancelled)
    expect(scope?.later).toEqual([{ id: 'there-2026-12-03', date: '2026-12-03' }])
    expect(scope?.count).toBe(2)
    expect(scope?.continuesUntil).toBe('2026-12-31')
  })

  it('names no later date when the device has the series to its end', () => {
    const ending = trips.map((trip) => ({
      ...trip,
      series: trip.series && { ...trip.series, until: '2026-12-03' },
    }))
    expect(followingScope(ending[2]!, ending)?.continuesUntil).toBeNull()
  })

  it('offers the return series from its next ride after this trip, with its count', () => {
    const scope = followingScope(ride('2026-11-26', 'there'), trips)
    expect(scope?.returnSeries).toEqual({
      first: { id: 'back-2026-11-26', date: '2026-11-26' },
      later: [
        { id: 'back-2026-12-01', date: '2026-12-01' },
        { id: 'back-2026-12-03', date: '2026-12-03' },
      ],
      count: 3,
      continuesUntil: '2026-12-31',
    })
  })

  it('finds the return by saved places when both name them, else by the street address', () => {
    const placed = trips.map((trip) =>
      trip.series?.id === school.id
        ? { ...trip, startPlace: 'koti', endPlace: 'koulu' }
        : { ...trip, startPlace: 'koulu', endPlace: 'muu', endAddress: { ...koti } },
    )
    expect(followingScope(placed[0]!, placed)?.returnSeries).toBeNull()
    const byAddress = trips.map((trip) => ({
      ...trip,
      endAddress: { ...trip.endAddress, address: trip.endAddress.address.toUpperCase() },
    }))
    expect(followingScope(byAddress[0]!, byAddress)?.returnSeries?.first.id).toBe('back-2026-11-24')
  })

  it('takes no series of another passenger, none going elsewhere, and no ride cancelled or before this trip', () => {
    const other = trips.map((trip) =>
      trip.series?.id === home.id ? { ...trip, passenger: { ...trip.passenger, id: 'p2' } } : trip,
    )
    expect(followingScope(other[0]!, other)?.returnSeries).toBeNull()
    const elsewhere = trips.map((trip) =>
      trip.series?.id === home.id ? { ...trip, endAddress: { ...koti, address: 'Muualla 3, Espoo' } } : trip,
    )
    expect(followingScope(elsewhere[0]!, elsewhere)?.returnSeries).toBeNull()
    const firstBackCancelled = trips.map((trip) =>
      trip.id === 'back-2026-11-24' ? { ...trip, cancelledAt: '2026-11-20T10:00:00+02:00' } : trip,
    )
    expect(followingScope(trips[0]!, firstBackCancelled)?.returnSeries?.first.id).toBe('back-2026-11-26')
    // From a return ride, the outbound series is not "its return" before the next morning: the next one is.
    expect(followingScope(trips[1]!, trips)?.returnSeries?.first.id).toBe('there-2026-11-26')
  })
})
