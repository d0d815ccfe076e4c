import { describe, expect, it } from 'vitest'
import type { BookingEvent } from '../../../machines/booking/booking.machine'
import type { Quota } from '../../../src/contract/permissions'
import { quotaWith } from '../domain/booking/fixtures'
import {
  atSummary,
  dataOf,
  ella,
  home,
  otto,
  placesOf,
  school,
  schoolQuota,
  searchedAddress,
  settle,
  startBooking,
  today,
} from './bookingFixtures'

/** Home to school at 07:45, back at 14:15: a route booked again, as `againEvent` makes it. */
const again = (overrides: Partial<Extract<BookingEvent, { type: 'route.again' }>> = {}): BookingEvent => ({
  type: 'route.again',
  passengerId: ella.id,
  from: home,
  to: school,
  time: 7 * 60 + 45,
  returnTime: 14 * 60 + 15,
  ...overrides,
})

const monday = '2026-11-23'

/** Two passengers at step 1, the route booked again. */
async function againAtDate(event: BookingEvent = again(), options: Parameters<typeof startBooking>[0] = {}) {
  const booking = startBooking(options)
  booking.send(dataOf([ella, otto]), placesOf())
  await settle()
  booking.send(event)
  return booking
}

describe('booking wizard: a route booked again', () => {
  it('fills the order and asks only the date, then goes straight to the summary', async () => {
    const booking = await againAtDate()
    expect(booking.step()).toBe(2)
    expect(booking.context().order).toMatchObject({
      passenger: ella,
      fromAddress: home,
      toAddress: school,
      time: 465,
      isDepartureTime: true,
      date: today,
    })
    booking.send({ type: 'date.change', date: monday }, { type: 'wizard.next' })
    // Waiting for the date's quotas.
    expect(booking.step()).toBeNull()
    await settle()
    expect(booking.step()).toBe(6)
    expect(booking.calls.quotas).toEqual([{ passengerId: ella.id, date: monday }])
    expect(booking.context().order.quota?.id).toBe(schoolQuota.id)
    // Back goes through the steps as ever.
    booking.send({ type: 'wizard.back' })
    expect(booking.step()).toBe(5)
  })

  it('books the return straight to its summary at the return’s time, swapped', async () => {
    const booking = await againAtDate()
    booking.send({ type: 'date.change', date: monday }, { type: 'wizard.next' })
    await settle()
    booking.send({ type: 'booking.save' })
    await settle()
    booking.send({ type: 'booking.return' })
    expect(booking.step()).toBe(9)
    expect(booking.context().order).toMatchObject({ fromAddress: school, toAddress: home, time: 855 })
    await settle()
    booking.send({ type: 'booking.save' })
    await settle()
    expect(booking.calls.create.map(({ request }) => request.departureDateTime)).toEqual([
      '2026-11-23T07:45:00+02:00',
      '2026-11-23T14:15:00+02:00',
    ])
    expect(booking.actor.getSnapshot().matches({ wizard: { returnSummary: 'saved' } })).toBe(true)
  })

  it('puts a return earlier than the outbound on the next day', async () => {
    const booking = await againAtDate(again({ time: 22 * 60, returnTime: 60 }))
    booking.send({ type: 'date.change', date: monday }, { type: 'wizard.next' })
    await settle()
    booking.send({ type: 'booking.save' })
    await settle()
    booking.send({ type: 'booking.return' })
    expect(booking.context().order.time).toBe(1440 + 60)
  })

  it('without a return of that day, the return starts at its trip step as usual', async () => {
    const booking = await againAtDate(again({ returnTime: null }))
    booking.send({ type: 'date.change', date: monday }, { type: 'wizard.next' })
    await settle()
    booking.send({ type: 'booking.save' })
    await settle()
    booking.send({ type: 'booking.return' })
    expect(booking.step()).toBe(7)
  })

  it('stops at the first step that needs the user', async () => {
    const none = await againAtDate(again(), { quotas: () => Promise.resolve([]) })
    none.send({ type: 'date.change', date: monday }, { type: 'wizard.next' })
    await settle()
    expect(none.step()).toBe(3)

    // A searched address under a permission that takes only saved places.
    const searched = await againAtDate(again({ to: searchedAddress }))
    searched.send({ type: 'date.change', date: monday }, { type: 'wizard.next' })
    await settle()
    expect(searched.step()).toBe(4)

    // Today at 07:45 has passed (it is 08:00).
    const passed = await againAtDate()
    passed.send({ type: 'wizard.next' })
    await settle()
    expect(passed.step()).toBe(4)

    const usedUp: Quota = quotaWith({ id: 'q-used', remainingQuota: 0 })
    const noneLeft = await againAtDate(again(), { quotas: () => Promise.resolve([usedUp]) })
    noneLeft.send({ type: 'date.change', date: monday }, { type: 'wizard.next' })
    await settle()
    expect(noneLeft.step()).toBe(3)
  })

  it('waits for the new date’s quotas, not those of the date before', async () => {
    const booking = await atSummary()
    booking.send(again(), { type: 'date.change', date: monday }, { type: 'wizard.next' })
    expect(booking.step()).toBeNull()
    await settle()
    expect(booking.step()).toBe(6)
    expect(booking.calls.quotas.at(-1)).toEqual({ passengerId: ella.id, date: monday })
  })

  it('takes another passenger’s route with that passenger, and forgets it when the passenger changes', async () => {
    const booking = await againAtDate(again({ passengerId: otto.id }))
    expect(booking.context().order.passenger).toEqual(otto)
    expect(booking.context().places).toBeNull()
    booking.send({ type: 'wizard.back' }, { type: 'passenger.select', passengerId: ella.id })
    expect(booking.context().again).toBeNull()
    booking.send({ type: 'wizard.next' }, { type: 'date.change', date: monday }, { type: 'wizard.next' })
    expect(booking.step()).toBe(3)
  })

  it('ignores a passenger the user does not have, and a route sent while a save is in flight', async () => {
    const stranger = await againAtDate(again({ passengerId: 'nobody' }))
    expect(stranger.step()).toBe(1)
    expect(stranger.context().again).toBeNull()

    const booking = await atSummary({ create: () => new Promise(() => {}) })
    booking.send({ type: 'booking.save' })
    booking.send(again())
    expect(booking.actor.getSnapshot().matches({ wizard: { summary: 'saving' } })).toBe(true)
  })

  it('starting over forgets the route', async () => {
    const booking = await againAtDate()
    booking.send({ type: 'wizard.reset' })
    expect(booking.context().again).toBeNull()
    expect(booking.context().order.fromAddress).toBeNull()
  })
})
