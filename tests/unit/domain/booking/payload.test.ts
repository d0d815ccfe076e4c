import { describe, expect, it } from 'vitest'
import { bookingRequest } from '../../../../src/contract/booking'
import { newViaPoint, type BookingOrder } from '../../../../src/domain/booking/order'
import {
  buildBookingPayload,
  isCompleteOrder,
  type CompleteOrder,
} from '../../../../src/domain/booking/payload'
import { helsinki, home, library, orderWith, placeWith, quotaWith, school, searched } from './fixtures'

function complete(order: BookingOrder): CompleteOrder {
  if (!isCompleteOrder(order)) throw new Error('the fixture order is complete')
  return order
}

const context = { timeZone: helsinki, email: 'huoltaja@example.fi' }

describe('a complete order', () => {
  it.each([
    ['complete', {}, true],
    ['no passenger', { passenger: null }, false],
    ['no from', { fromAddress: null }, false],
    ['no to', { toAddress: null }, false],
    ['no date', { date: null }, false],
    ['no time', { time: null }, false],
    ['no quota', { quota: null }, false],
    ['a via point without an address', { viaPoints: [newViaPoint()] }, false],
    [
      'a from place without coordinates',
      { fromAddress: placeWith({ latitude: null, longitude: null }) },
      false,
    ],
    ['a to place without coordinates', { toAddress: placeWith({ id: 'to', latitude: null }) }, false],
    [
      'a via point without coordinates',
      { viaPoints: [{ ...newViaPoint(), viaPointAddress: placeWith({ id: 'via', longitude: null }) }] },
      false,
    ],
  ])('%s: %s', (_, overrides, expected) => {
    expect(isCompleteOrder(orderWith(overrides))).toBe(expected)
  })
})

describe('the booking payload (spec section 3)', () => {
  const order = orderWith({
    fromApartment: ' A 1 ',
    viaPoints: [
      { viaPointAddress: library, viaPointApartment: '', waitTime: 5 },
      { viaPointAddress: searched, viaPointApartment: 'C 3', waitTime: 0 },
    ],
    passengerCount: 2,
    additionalInfo: '  Pyörätuoli mukana ',
    withAttendant: true,
    quota: quotaWith({
      id: 'perm-7',
      decisionType: 'VPL',
      extras: [
        { extraId: 'wheelchair', name: 'Pyörätuoli', selected: true },
        { extraId: 'guide-dog', name: 'Opaskoira', selected: false },
        { extraId: 'front-seat', name: 'Etupenkki', selected: true },
      ],
    }),
  })

  it('carries the permission, the passenger, the stops in order, the extras and the texts', () => {
    expect(buildBookingPayload(complete(order), context)).toEqual({
      transportationPermissionId: 'perm-7',
      passengers: [
        {
          id: 'p1',
          name: 'Ella Järvinen',
          phone: '+358 40 123 4567',
          email: 'huoltaja@example.fi',
          passengerCount: 2,
        },
      ],
      departureDateTime: '2026-11-21T10:00:00+02:00',
      arrivalDateTime: null,
      type: 'departure',
      destinations: [
        {
          placeId: 'home',
          alias: 'Koti',
          address: 'Kotikatu 1',
          streetnumber: '1',
          postalcode: '02100',
          city: 'Espoo',
          latitude: 60.2,
          longitude: 24.7,
          apartment: 'A 1',
          isViaPoint: false,
          waitTime: 0,
        },
        expect.objectContaining({ placeId: 'library', apartment: null, isViaPoint: true, waitTime: 5 }),
        expect.objectContaining({
          placeId: null,
          address: 'Mannerheimintie 5',
          apartment: 'C 3',
          isViaPoint: true,
          waitTime: 0,
        }),
        expect.objectContaining({ placeId: 'school', apartment: null, isViaPoint: false, waitTime: 0 }),
      ],
      additionalInformation: 'Pyörätuoli mukana',
      attributes: 'wheelchair,front-seat',
      withAttendant: true,
    })
  })

  it('sends apartments only on a permission for free places, where the wizard asks for them', () => {
    const saved = { ...order, quota: quotaWith({ id: 'perm-8', tripDestinations: 2 }) }
    const sent = buildBookingPayload(complete(saved), context)
    expect(sent.destinations.map((destination) => destination.apartment)).toEqual([null, null, null, null])
  })

  it('is a request the booking calls accept', () => {
    expect(bookingRequest.safeParse(buildBookingPayload(complete(order), context)).success).toBe(true)
  })

  it.each([
    [
      'a departure time',
      true,
      { departureDateTime: '2026-11-21T10:00:00+02:00', arrivalDateTime: null, type: 'departure' },
    ],
    [
      'an arrival time',
      false,
      { departureDateTime: null, arrivalDateTime: '2026-11-21T10:00:00+02:00', type: 'arrival' },
    ],
  ])('sends %s by the radio', (_, isDepartureTime, times) => {
    expect(buildBookingPayload(complete(orderWith({ isDepartureTime })), context)).toMatchObject(times)
  })

  it.each([
    ['summer time', '2026-07-01', 570, '2026-07-01T09:30:00+03:00'],
    ['a next-day time (1440 and above)', '2026-11-21', 1440 + 15, '2026-11-22T00:15:00+02:00'],
    ['the end of the day', '2026-12-31', 1439, '2026-12-31T23:59:00+02:00'],
  ])('gives the time with the zone offset: %s', (_, date, time, expected) => {
    expect(buildBookingPayload(complete(orderWith({ date, time })), context).departureDateTime).toBe(expected)
  })

  it('sends no phone, no email, no extras and no destinations between when there are none', () => {
    const payload = buildBookingPayload(
      complete(orderWith({ phone: ' ', toAddress: school, fromAddress: home })),
      { timeZone: helsinki, email: null },
    )
    expect(payload.passengers[0]).toMatchObject({ phone: null, email: null, passengerCount: 1 })
    expect(payload.attributes).toBe('')
    expect(payload.destinations.map((stop) => stop.isViaPoint)).toEqual([false, false])
  })
})
