import { describe, expect, it } from 'vitest'
import type { BookingRequest } from '../../../../src/contract/booking'
import { awaitingOf, stillAwaiting } from '../../../../src/domain/booking/awaiting'
import { helsinki } from './fixtures'

const stop = {
  streetnumber: null,
  postalcode: null,
  city: null,
  apartment: null,
  isViaPoint: false,
  waitTime: 0 as const,
}
const request: BookingRequest = {
  transportationPermissionId: 'q1',
  passengers: [{ id: 'p1', name: 'Ella Järvinen', phone: null, email: null, passengerCount: 1 }],
  departureDateTime: '2026-11-23T07:45:00+02:00',
  arrivalDateTime: null,
  type: 'departure',
  destinations: [
    { ...stop, placeId: 'home', alias: 'Koti', address: 'Koivukuja 12', latitude: 60.2, longitude: 24.7 },
    { ...stop, placeId: null, alias: null, address: 'Koulutie 2', latitude: 60.21, longitude: 24.72 },
  ],
  additionalInformation: '',
  attributes: '',
  withAttendant: false,
}

describe('awaitingOf', () => {
  it('keeps a booking made with its passenger, time and stops', () => {
    const booked = { tripId: 't1', date: '2026-11-23', status: 'awaitingApproval' as const }
    expect(awaitingOf(request, booked, helsinki)).toEqual([
      {
        tripId: 't1',
        date: '2026-11-23',
        passengerId: 'p1',
        passengerName: 'Ella Järvinen',
        time: '07:45',
        arrival: false,
        from: 'Koti',
        to: 'Koulutie 2',
      },
    ])
  })

  it('keeps each ride of a series, and an arrival time as one', () => {
    const arrival = {
      ...request,
      type: 'arrival' as const,
      departureDateTime: null,
      arrivalDateTime: request.departureDateTime,
    }
    const series = {
      seriesId: 's1',
      booked: [
        { tripId: 't1', date: '2026-11-23', status: 'awaitingApproval' as const },
        { tripId: 't2', date: '2026-11-30', status: 'awaitingApproval' as const },
      ],
      skipped: [],
    }
    const rides = awaitingOf(arrival, series, helsinki)
    expect(rides.map(({ date, time, arrival: isArrival }) => [date, time, isArrival])).toEqual([
      ['2026-11-23', '07:45', true],
      ['2026-11-30', '07:45', true],
    ])
  })
})

describe('stillAwaiting', () => {
  const booking = awaitingOf(
    request,
    { tripId: 't1', date: '2026-11-23', status: 'awaitingApproval' },
    helsinki,
  )

  it('lists a booking until the pull brings its trip', () => {
    expect(stillAwaiting(booking, [], '2026-11-21')).toEqual(booking)
    expect(stillAwaiting(booking, [{ id: 't1', date: '2026-11-23' }], '2026-11-21')).toEqual([])
    expect(stillAwaiting(booking, [{ id: 't1', date: '2026-11-24' }], '2026-11-21')).toEqual(booking)
  })

  it('drops it once its day has passed, not on the day', () => {
    expect(stillAwaiting(booking, [], '2026-11-23')).toEqual(booking)
    expect(stillAwaiting(booking, [], '2026-11-24')).toEqual([])
  })
})
