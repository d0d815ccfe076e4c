import { describe, expect, it } from 'vitest'
import type { BookingEvent } from '../../../machines/booking/booking.machine'
import { decide, savedState } from '../../../machines/booking/booking.persist'
import { restorable, type BookingFacts } from '../../../machines/booking/booking.restore'
import type { BookingResponse } from '../../../src/contract/booking'
import {
  atSummary,
  booked,
  dataOf,
  ella,
  home,
  library,
  now,
  otto,
  placesOf,
  school,
  settle,
  startBooking,
  timeZone,
  type Booking,
  type Fakes,
} from './bookingFixtures'

const current: BookingFacts = { now, timeZone, passengerIds: [ella.id, otto.id], seriesHorizonWeeks: 13 }

/** What the screen saves and reads back: the persisted snapshot, through JSON as IndexedDB would keep it. */
const saved = (booking: Booking) =>
  JSON.parse(JSON.stringify(savedState(booking.actor.getPersistedSnapshot())))

/** Restores a saved snapshot and feeds the local data again, as the screen does. */
function restored(raw: unknown, fakes: Fakes = {}, facts = current) {
  const snapshot = restorable(raw, facts)
  if (!snapshot) throw new Error('not restorable')
  const booking = startBooking({ ...fakes, snapshot })
  booking.send(dataOf([ella, otto]), placesOf())
  return booking
}

/** The whole journey after the local data, one event at a time (settling after each). */
const journey: BookingEvent[] = [
  { type: 'passenger.select', passengerId: ella.id },
  { type: 'wizard.next' },
  { type: 'date.change', date: '2026-11-23' },
  { type: 'wizard.next' },
  { type: 'wizard.next' },
  { type: 'time.change', time: 600 },
  { type: 'from.change', place: home },
  { type: 'to.change', place: school },
  { type: 'via.add' },
  { type: 'via.change', index: 0, place: library },
  { type: 'wizard.next' },
  { type: 'info.change', value: 'Pyörätuoli' },
  { type: 'wizard.next' },
  { type: 'booking.save' },
  { type: 'booking.return' },
  { type: 'wizard.next' },
  { type: 'wizard.next' },
  { type: 'booking.save' },
]

async function play(booking: Booking, events: BookingEvent[]) {
  for (const event of events) {
    booking.send(event)
    await settle()
  }
}

describe('booking wizard: persisted snapshot', () => {
  it('continues after a reload at every saved step and ends the same way', async () => {
    const straight = startBooking()
    straight.send(dataOf([ella, otto]), placesOf())
    await play(straight, journey)
    const expected = straight.actor.getSnapshot()
    expect(expected.matches({ wizard: { returnSummary: 'saved' } })).toBe(true)

    let restores = 0
    for (let done = 1; done < journey.length; done++) {
      const before = startBooking()
      before.send(dataOf([ella, otto]), placesOf())
      await play(before, journey.slice(0, done))
      if (decide(before.actor.getSnapshot()) !== 'save') continue
      restores++
      const after = restored(saved(before))
      await settle()
      expect(after.step()).toBe(before.step())
      expect(after.context().order).toEqual(before.context().order)
      await play(after, journey.slice(done))
      expect(after.actor.getSnapshot().value).toEqual(expected.value)
      expect(after.calls.create.map((save) => save.request)).toEqual(
        straight.calls.create.slice(-after.calls.create.length).map((save) => save.request),
      )
    }
    expect(restores).toBeGreaterThan(10)
  })

  it('fetches again after a restore what the order needs: quotas, route and estimate', async () => {
    const before = await atSummary()
    before.send({ type: 'wizard.back' }, { type: 'wizard.back' }, { type: 'wizard.back' })
    const raw = saved(before)
    expect(raw.context).toMatchObject({
      quotas: null,
      quotasFor: null,
      route: null,
      places: null,
      passengers: null,
    })
    const after = restored(raw)
    await settle()
    expect(after.calls.quotas).toHaveLength(1)
    expect(after.calls.route).toHaveLength(1)
    expect(after.region('quotas')).toBe('loaded')
    after.send({ type: 'wizard.next' }, { type: 'wizard.next' }, { type: 'wizard.next' })
    await settle()
    expect(after.calls.estimate).toHaveLength(1)
    expect(after.context().order.price).toBe(3.2)
  })

  it('sends a save that was in flight again with the same idempotency key, so it books once', async () => {
    const before = await atSummary({ create: () => new Promise<BookingResponse>(() => {}) })
    before.send({ type: 'booking.save' })
    expect(decide(before.actor.getSnapshot())).toBe('save')
    const [sent] = before.calls.create
    const after = restored(saved(before))
    expect(after.actor.getSnapshot().matches({ wizard: { summary: 'saving' } })).toBe(true)
    await settle()
    expect(after.calls.create).toEqual([sent])
    expect(after.actor.getSnapshot().matches({ wizard: { summary: 'saved' } })).toBe(true)
    expect(after.context().booked).toEqual(booked)
  })

  it('keeps the key of a failed save, so a retry after the reload uses it', async () => {
    const before = await atSummary({
      create: () => Promise.reject(Object.assign(new Error(), { status: 0 })),
    })
    before.send({ type: 'booking.save' })
    await settle()
    expect(before.actor.getSnapshot().matches({ wizard: { summary: 'offline' } })).toBe(true)
    const after = restored(saved(before))
    await settle()
    after.send({ type: 'booking.save' })
    await settle()
    expect(after.calls.create[0]!.key).toBe(before.calls.create[0]!.key)
  })

  it('does not keep a made booking, nor one with only a passenger and a date', async () => {
    const booking = startBooking()
    expect(decide(booking.actor.getSnapshot())).toBe('clear')
    booking.send(dataOf([ella, otto]), placesOf(), { type: 'wizard.next' })
    expect(decide(booking.actor.getSnapshot())).toBe('clear')
    booking.send({ type: 'wizard.next' })
    expect(decide(booking.actor.getSnapshot())).toBe('save')
    const summary = await atSummary()
    summary.send({ type: 'booking.save' })
    await settle()
    expect(decide(summary.actor.getSnapshot())).toBe('clear')
    summary.send({ type: 'booking.return' })
    expect(decide(summary.actor.getSnapshot())).toBe('save')
  })

  it('starts fresh from a snapshot too old, in another zone, for a passenger gone, or broken', async () => {
    const booking = await atSummary()
    const raw = saved(booking)
    expect(restorable(raw, current)).not.toBeNull()
    expect(restorable(raw, { ...current, now: '2026-11-28T06:00:01Z' })).toBeNull()
    expect(restorable(raw, { ...current, timeZone: 'Europe/London' })).toBeNull()
    expect(restorable(raw, { ...current, passengerIds: [otto.id] })).toBeNull()
    expect(restorable({ ...raw, value: { ...raw.value, wizard: 'starting' } }, current)).toBeNull()
    expect(restorable({ ...raw, context: { ...raw.context, order: null } }, current)).toBeNull()
    expect(restorable('{}', current)).toBeNull()
  })

  it("keeps a return trip's from time, and reads a snapshot saved without one as an outbound trip's", async () => {
    const booking = await atSummary()
    booking.send({ type: 'booking.save' })
    await settle()
    booking.send({ type: 'booking.return' })
    const raw = saved(booking)
    const returnTrip = restored(raw)
    returnTrip.send({ type: 'time.change', time: 30 })
    expect(returnTrip.context().order.time).toBe(1440 + 30)
    const { returnFrom: _, ...older } = raw.context
    const before = restored({ ...raw, context: older })
    expect(before.context().returnFrom).toBeNull()
    before.send({ type: 'time.change', time: 30 })
    expect(before.context().order.time).toBe(30)
  })

  it('does not save the local data or the fetched answers', async () => {
    const booking = await atSummary()
    booking.send({ type: 'address.search', field: 'from', query: 'Koulu' })
    const raw = saved(booking)
    expect(raw.context).toMatchObject({
      passengers: null,
      email: null,
      places: null,
      search: null,
      estimateFor: null,
    })
    expect(raw.context.order.price).toBeNull()
    expect(raw.children).toEqual({})
  })
})
