import { Temporal } from 'temporal-polyfill'
import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate'
import {
  reviewFormErrors,
  reviewFormMachine,
  type ReviewPayload,
  type ReviewTrip,
} from '../../../machines/review/reviewForm.machine'
import { reviewCheckIntervalMs } from '../../../src/domain/trips/review'
import { tripWith } from '../domain/trips/fixtures'

/** Planned end 10:30 Helsinki; picked up, so the review opens at 10:40 (spec: 10 minutes after the end). */
const pickedUp: ReviewTrip = tripWith({ pickupTime: '2026-11-21T10:02:00+02:00' })
const clockStart = Temporal.Instant.from('2026-11-21T10:38:30+02:00')

function start(
  trip: ReviewTrip = pickedUp,
  queue: (payload: ReviewPayload) => Promise<string> = () => Promise.resolve('cmd-r'),
  scale: 4 | 5 = 5,
) {
  const clock = new SimulatedClock()
  const now = () => clockStart.add({ milliseconds: clock.now() })
  const payloads: ReviewPayload[] = []
  const focusField = vi.fn()
  const machine = reviewFormMachine.provide({
    actors: {
      queueReview: fromPromise<string, ReviewPayload>(({ input }) => {
        payloads.push(input)
        return queue(input)
      }),
    },
    actions: {
      focusField: (_, params) => focusField(params.field),
    },
  })
  const actor = createActor(machine, { clock, input: { trip, scale, now } }).start()
  const availability = () => (actor.getSnapshot().value as { availability: string }).availability
  const form = () => (actor.getSnapshot().value as { form: string }).form
  return { actor, clock, availability, form, payloads, focusField }
}

describe('review form machine: availability', () => {
  it('becomes available on the first 60 s check after the trip counts as completed', () => {
    const { clock, availability } = start()
    expect(availability()).toBe('unavailable')
    clock.increment(reviewCheckIntervalMs - 1)
    expect(availability()).toBe('unavailable')
    clock.increment(1)
    // 10:39:30: still 30 s before the planned end plus 10 minutes.
    expect(availability()).toBe('unavailable')
    clock.increment(reviewCheckIntervalMs)
    expect(availability()).toBe('available')
  })

  it('keeps an open form open when a pull brings the same trip again', () => {
    const dropped = { ...pickedUp, dropoffTime: '2026-11-21T10:25:00+02:00' }
    const { actor, form } = start(dropped)
    actor.send({ type: 'review.open' })
    actor.send({ type: 'stars.driver', value: 4 })
    actor.send({ type: 'trip.update', trip: { ...dropped } })
    expect(form()).toBe('editing')
    expect(actor.getSnapshot().context.driverStars).toBe(4)
  })

  it('re-evaluates at once when the trip changes (a drop-off arrives)', () => {
    const { actor, availability } = start()
    actor.send({ type: 'trip.update', trip: { ...pickedUp, dropoffTime: '2026-11-21T10:25:00+02:00' } })
    expect(availability()).toBe('available')
  })

  it('goes unavailable when the trip gets a review', () => {
    const dropped = { ...pickedUp, dropoffTime: '2026-11-21T10:25:00+02:00' }
    const { actor, availability } = start(dropped)
    expect(availability()).toBe('available')
    actor.send({
      type: 'trip.update',
      trip: {
        ...dropped,
        reviews: [
          { comment: 'ok', driverStars: 4, experienceStars: 4, createdAt: '2026-11-21T11:00:00+02:00' },
        ],
      },
    })
    expect(availability()).toBe('unavailable')
  })

  it('never opens the form while unavailable', () => {
    const { actor, form } = start(tripWith({ allowReview: false, dropoffTime: '2026-11-21T10:25:00+02:00' }))
    actor.send({ type: 'review.open' })
    expect(form()).toBe('closed')
  })
})

describe('review form machine: the dialog', () => {
  const available = tripWith({ dropoffTime: '2026-11-21T10:25:00+02:00' })

  it('requires both ratings and a comment, shows the errors and focuses the first', () => {
    const { actor, form, focusField, payloads } = start(available)
    actor.send({ type: 'review.open' })
    expect(form()).toBe('editing')
    actor.send({ type: 'review.save' })
    expect(form()).toBe('editing')
    expect(actor.getSnapshot().context.showErrors).toBe(true)
    expect(reviewFormErrors(actor.getSnapshot().context)).toEqual([
      'driverStars',
      'experienceStars',
      'comment',
    ])
    expect(focusField).toHaveBeenLastCalledWith('driverStars')
    actor.send({ type: 'stars.driver', value: 4 })
    actor.send({ type: 'stars.experience', value: 5 })
    actor.send({ type: 'comment.change', value: '   ' })
    actor.send({ type: 'review.save' })
    expect(focusField).toHaveBeenLastCalledWith('comment')
    expect(payloads).toEqual([])
  })

  it('rejects stars above a 4-star scale', () => {
    const { actor, focusField } = start(available, undefined, 4)
    actor.send({ type: 'review.open' })
    actor.send({ type: 'stars.driver', value: 5 })
    actor.send({ type: 'stars.experience', value: 4 })
    actor.send({ type: 'comment.change', value: 'Fine' })
    actor.send({ type: 'review.save' })
    expect(focusField).toHaveBeenLastCalledWith('driverStars')
  })

  it('queues the review with the trip, passenger and trimmed comment, then is queued', async () => {
    const { actor, form, payloads } = start(available)
    actor.send({ type: 'review.open' })
    actor.send({ type: 'stars.driver', value: 5 })
    actor.send({ type: 'stars.experience', value: 3 })
    actor.send({ type: 'comment.change', value: ' Friendly driver ' })
    actor.send({ type: 'review.save' })
    expect(form()).toBe('queueing')
    await waitFor(actor, () => form() === 'queued')
    expect(payloads).toEqual([
      {
        trip: { id: 'trip-1', date: '2026-11-21' },
        driverStars: 5,
        experienceStars: 3,
        comment: 'Friendly driver',
        passengerId: 'p1',
      },
    ])
    expect(actor.getSnapshot().context.commandId).toBe('cmd-r')
  })

  it('keeps the form with an error when the command cannot be stored', async () => {
    const { actor, form } = start(available, () => Promise.reject(new Error('no storage')))
    actor.send({ type: 'review.open' })
    actor.send({ type: 'stars.driver', value: 5 })
    actor.send({ type: 'stars.experience', value: 5 })
    actor.send({ type: 'comment.change', value: 'Good' })
    actor.send({ type: 'review.save' })
    await waitFor(actor, (snapshot) => snapshot.context.failed)
    expect(form()).toBe('editing')
    expect(actor.getSnapshot().context.comment).toBe('Good')
  })

  it('opens a fresh form each time, also after a queued review was rejected', async () => {
    const { actor, form } = start(available)
    actor.send({ type: 'review.open' })
    actor.send({ type: 'stars.driver', value: 2 })
    actor.send({ type: 'review.close' })
    expect(form()).toBe('closed')
    actor.send({ type: 'review.open' })
    expect(actor.getSnapshot().context.driverStars).toBeNull()
    actor.send({ type: 'stars.driver', value: 2 })
    actor.send({ type: 'stars.experience', value: 2 })
    actor.send({ type: 'comment.change', value: 'Late' })
    actor.send({ type: 'review.save' })
    await waitFor(actor, () => form() === 'queued')
    actor.send({ type: 'review.open' })
    expect(form()).toBe('editing')
    expect(actor.getSnapshot().context).toMatchObject({ driverStars: null, comment: '', showErrors: false })
  })
})
