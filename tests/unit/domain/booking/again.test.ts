import { describe, expect, it } from 'vitest'
import { recentRoutes, returnOf, routeOfTrip, stopPlace } from '../../../../src/domain/booking/again'
import { tripWith } from '../trips/fixtures'
import { helsinki, home, placeWith } from './fixtures'

const koti = { alias: 'Koti', address: 'Kotikatu 1, Espoo', lat: 60.2, lng: 24.7 }
const koulu = { alias: 'Koulu', address: 'Koulutie 2, Espoo', lat: 60.21, lng: 24.72 }
const kirjasto = { alias: 'Kirjasto', address: 'Kirjastokuja 3, Espoo', lat: 60.22, lng: 24.74 }

const outbound = tripWith({ id: 'out', startPlace: 'home', endPlace: 'school' })
const back = tripWith({
  id: 'back',
  startDateTime: '2026-11-21T14:15:00+02:00',
  endDateTime: '2026-11-21T14:45:00+02:00',
  startPlace: 'school',
  endPlace: 'home',
  startAddress: koulu,
  endAddress: koti,
})

describe('returnOf', () => {
  it('finds the same day’s trip back from where the trip ended to where it started', () => {
    expect(returnOf(outbound, [outbound, back])?.id).toBe('back')
  })

  it('takes no trip of another day, another passenger, another route, an earlier time or a cancelled one', () => {
    const others = [
      { ...back, id: 'a', date: '2026-11-22', startDateTime: '2026-11-22T14:15:00+02:00' },
      { ...back, id: 'b', passenger: { ...back.passenger, id: 'p2' } },
      { ...back, id: 'c', endPlace: 'library', endAddress: kirjasto },
      { ...back, id: 'd', startDateTime: '2026-11-21T08:00:00+02:00' },
      { ...back, id: 'e', cancelledAt: '2026-11-20T10:00:00+02:00' },
    ]
    expect(returnOf(outbound, [outbound, ...others])).toBeNull()
  })

  it('tells searched stops apart by their address and coordinates', () => {
    const there = tripWith({ id: 'there' })
    const home2 = tripWith({
      id: 'home2',
      startDateTime: '2026-11-21T12:00:00+02:00',
      startAddress: koulu,
      endAddress: { ...koti, lat: 60.3 },
    })
    expect(returnOf(there, [there, home2])).toBeNull()
    expect(returnOf(there, [there, { ...home2, endAddress: koti }])?.id).toBe('home2')
  })
})

describe('routeOfTrip', () => {
  it('reads the departure and the return’s in the tenant’s zone', () => {
    expect(routeOfTrip(outbound, [outbound, back], helsinki)).toEqual({
      passengerId: 'p1',
      passengerName: 'Ella Järvinen',
      from: { placeId: 'home', address: koti },
      to: { placeId: 'school', address: koulu },
      time: 600,
      returnTime: 855,
    })
  })

  it('has no return time when the day had none', () => {
    expect(routeOfTrip(outbound, [outbound], helsinki).returnTime).toBeNull()
  })

  it('books a return again from the return itself, as a route of its own', () => {
    expect(routeOfTrip(back, [outbound, back], helsinki)).toMatchObject({ time: 855, returnTime: null })
  })
})

describe('recentRoutes', () => {
  const weekBefore = (trip: typeof outbound, id: string) => ({
    ...trip,
    id,
    date: '2026-11-14',
    startDateTime: trip.startDateTime.replace('11-21', '11-14'),
    endDateTime: trip.endDateTime.replace('11-21', '11-14'),
  })

  it('lists each route once, newest first, with its return folded in', () => {
    const library = tripWith({
      id: 'lib',
      date: '2026-11-14',
      startDateTime: '2026-11-14T17:00:00+02:00',
      endDateTime: '2026-11-14T17:20:00+02:00',
      endPlace: 'library',
      endAddress: kirjasto,
    })
    const trips = [weekBefore(outbound, 'o1'), weekBefore(back, 'b1'), library, outbound, back]
    const routes = recentRoutes(trips, helsinki)
    expect(routes.map(({ to, returnTime }) => [to.address.alias, returnTime])).toEqual([
      ['Koulu', 855],
      ['Kirjasto', null],
    ])
  })

  it('keeps the latest trip’s times, leaves cancelled trips out and stops at the maximum', () => {
    const earlier = { ...weekBefore(outbound, 'o1'), startDateTime: '2026-11-14T09:00:00+02:00' }
    const cancelled = tripWith({
      id: 'x',
      date: '2026-11-22',
      startDateTime: '2026-11-22T10:00:00+02:00',
      endAddress: kirjasto,
      cancelledAt: '2026-11-20T10:00:00+02:00',
    })
    expect(recentRoutes([earlier, outbound, cancelled], helsinki)).toHaveLength(1)
    expect(recentRoutes([earlier, outbound], helsinki)[0]?.time).toBe(600)
    const many = [koti, koulu, kirjasto, { ...koti, address: 'Muu 4' }].map((endAddress, index) =>
      tripWith({ id: `t${index}`, endAddress, startDateTime: `2026-11-21T1${index}:00:00+02:00` }),
    )
    expect(recentRoutes(many, helsinki, 2).map(({ to }) => to.address.address)).toEqual([
      'Muu 4',
      'Kirjastokuja 3, Espoo',
    ])
  })

  it('tells passengers apart', () => {
    const sibling = { ...outbound, id: 's', passenger: { id: 'p2', name: 'Eino', avatarText: 'E' } }
    const passengers = recentRoutes([outbound, sibling], helsinki).map(({ passengerId }) => passengerId)
    expect(passengers.sort()).toEqual(['p1', 'p2'])
  })
})

describe('stopPlace', () => {
  it('is the saved place while the passenger has it', () => {
    expect(stopPlace({ placeId: 'home', address: koti }, [home])).toBe(home)
  })

  it('is the searched address otherwise, and nothing without coordinates', () => {
    expect(stopPlace({ placeId: 'gone', address: koti }, [home])).toMatchObject({
      alias: 'Koti',
      address: 'Kotikatu 1, Espoo',
      latitude: 60.2,
      longitude: 24.7,
      source: 'mapPlaceResult',
    })
    expect(stopPlace({ placeId: null, address: { ...koti, lat: null } }, [placeWith()])).toBeNull()
  })
})
