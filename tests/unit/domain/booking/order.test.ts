import { describe, expect, it } from 'vitest'
import { newOrder, newViaPoint, returnOrder } from '../../../../src/domain/booking/order'
import { home, library, orderWith, passenger, school } from './fixtures'

describe('a new order', () => {
  it('starts with one passenger, a departure time and the passenger phone', () => {
    expect(newOrder(passenger)).toMatchObject({
      passenger,
      passengerCount: 1,
      isDepartureTime: true,
      withAttendant: false,
      phone: '040 123 4567',
      viaPoints: [],
      quota: null,
      date: null,
      time: null,
    })
    expect(newOrder(null).phone).toBe('')
  })

  it('gives a new via point the default wait of 10 minutes', () => {
    expect(newViaPoint()).toEqual({ viaPointAddress: null, viaPointApartment: '', waitTime: 10 })
  })

  it('survives the persisted snapshot as it was (plain data)', () => {
    const order = orderWith({ viaPoints: [newViaPoint()] })
    expect(structuredClone(order)).toEqual(order)
    expect(JSON.parse(JSON.stringify(order))).toEqual(order)
  })
})

describe('the return trip (spec section 4)', () => {
  const outbound = orderWith({
    fromApartment: 'A 1',
    toApartment: 'B 2',
    viaPoints: [{ viaPointAddress: library, viaPointApartment: '', waitTime: 5 }],
    isDepartureTime: false,
    withAttendant: true,
    additionalInfo: 'Pyörätuoli',
    passengerCount: 2,
    price: 4.5,
  })

  it('swaps from and to with their apartments, clears via points and the price, and is a departure time', () => {
    expect(returnOrder(outbound)).toEqual({
      ...outbound,
      fromAddress: school,
      fromApartment: 'B 2',
      toAddress: home,
      toApartment: 'A 1',
      viaPoints: [],
      isDepartureTime: true,
      time: 660,
      price: null,
    })
  })

  it.each([
    [600, 660],
    [1378, 1438],
    [1379, 1439],
    [1380, 1439],
    [1435, 1439],
    [1439, 1439],
    [null, null],
  ])('at %s the return is at %s (one hour later, capped at end of day)', (time, returnTime) => {
    expect(returnOrder(orderWith({ time })).time).toBe(returnTime)
  })

  it('leaves the outbound order as it was', () => {
    const copy = structuredClone(outbound)
    returnOrder(outbound)
    expect(outbound).toEqual(copy)
  })
})
