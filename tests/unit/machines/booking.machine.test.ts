import { describe, expect, it } from 'vitest'
import {
  deviationOf,
  expressStatusOf,
  placesOffered,
  problemsAt,
  searchDebounceMs,
} from '../../../machines/booking/booking.machine'
import type { Quota } from '../../../src/contract/permissions'
import { viaPointRemovalStatusMs } from '../../../src/domain/booking/viaPoints'
import { quotaWith } from '../domain/booking/fixtures'
import {
  apiFailure,
  atQuota,
  atSummary,
  booked,
  dataOf,
  deviationQuota,
  ella,
  hobbyQuota,
  home,
  library,
  otto,
  placesOf,
  school,
  schoolQuota,
  searchedAddress,
  settle,
  startBooking,
  today,
  usedUpQuota,
  type Booking,
} from './bookingFixtures'

/** A promise the test settles by hand, to hold a call in the air. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {}
  let reject: (error: unknown) => void = () => {}
  const promise = new Promise<T>((yes, no) => {
    resolve = yes
    reject = no
  })
  return { promise, resolve, reject }
}

async function toTripStep(options: Parameters<typeof atQuota>[0] = {}) {
  const booking = await atQuota(options)
  booking.send({ type: 'wizard.next' })
  return booking
}

describe('booking wizard: the steps', () => {
  it('waits for the passengers, then starts at step 1 with the first passenger preselected', () => {
    const booking = startBooking()
    expect(booking.step()).toBeNull()
    expect(booking.can({ type: 'wizard.next' })).toBe(false)
    booking.send(dataOf([ella, otto]))
    expect(booking.step()).toBe(1)
    expect(booking.context().order.passenger).toEqual(ella)
    expect(booking.context().order.phone).toBe(ella.phone)
    expect(booking.context().passengerSkipped).toBe(false)
  })

  it('skips step 1 with exactly one passenger, and then step 2 has no Back', () => {
    const booking = startBooking()
    booking.send(dataOf([ella]))
    expect(booking.step()).toBe(2)
    expect(booking.context().passengerSkipped).toBe(true)
    expect(booking.can({ type: 'wizard.back' })).toBe(false)
  })

  it('goes back from step 2 to step 1 when there are several passengers', () => {
    const booking = startBooking()
    booking.send(dataOf([ella, otto]), { type: 'wizard.next' })
    expect(booking.step()).toBe(2)
    booking.send({ type: 'wizard.back' })
    expect(booking.step()).toBe(1)
  })

  it('sets the default time: now + 5 minutes, capped at the end of the day', () => {
    expect(startBooking().context().order).toMatchObject({ date: today, time: 8 * 60 + 5 })
    const late = startBooking({ now: '2026-11-21T21:57:00Z' })
    expect(late.context().order).toMatchObject({ date: today, time: 23 * 60 + 59 })
  })

  it('walks 1 to 6 with Next and back to 1 with Back', async () => {
    const booking = await atSummary()
    expect(booking.step()).toBe(6)
    for (const step of [5, 4, 3, 2, 1]) {
      booking.send({ type: 'wizard.back' })
      expect(booking.step()).toBe(step)
    }
  })

  it('keeps Next disabled until the step is valid', async () => {
    const booking = startBooking({ quotas: () => Promise.resolve([usedUpQuota]) })
    booking.send(dataOf([ella, otto]), { type: 'passengerCount.change', value: 0 })
    expect(booking.can({ type: 'wizard.next' })).toBe(false)
    expect(problemsAt(1, booking.context())).toEqual([{ code: 'passengerCountMin' }])
    booking.send({ type: 'passengerCount.change', value: 1 }, { type: 'wizard.next' })

    booking.send({ type: 'date.change', date: '2026-11-20' })
    expect(booking.can({ type: 'wizard.next' })).toBe(false)
    booking.send({ type: 'date.change', date: null })
    expect(booking.can({ type: 'wizard.next' })).toBe(false)
    booking.send({ type: 'date.change', date: '2026-11-23' }, { type: 'wizard.next' })
    await settle()

    // Only a used-up quota: none is chosen, Next stays disabled.
    expect(booking.context().order.quota).toBeNull()
    expect(booking.can({ type: 'wizard.next' })).toBe(false)
  })

  it('keeps the trip step closed until the time, from and to are set and apart', async () => {
    const booking = await toTripStep()
    booking.send({ type: 'from.change', place: home })
    expect(booking.can({ type: 'wizard.next' })).toBe(false)
    booking.send({ type: 'to.change', place: home })
    expect(problemsAt(4, booking.context())).toEqual([{ code: 'locationSame' }])
    booking.send({ type: 'to.change', place: school }, { type: 'time.change', time: 7 * 60 })
    expect(problemsAt(4, booking.context())).toEqual([{ code: 'timeInPast' }])
    booking.send({ type: 'time.change', time: 9 * 60 })
    expect(booking.can({ type: 'wizard.next' })).toBe(true)
  })

  it('follows the clock: a time that has passed closes Next again', async () => {
    const booking = await toTripStep()
    booking.send(
      { type: 'from.change', place: home },
      { type: 'to.change', place: school },
      { type: 'time.change', time: 8 * 60 + 30 },
    )
    expect(booking.can({ type: 'wizard.next' })).toBe(true)
    booking.send({ type: 'clock.tick', now: '2026-11-21T06:31:00Z' })
    expect(booking.can({ type: 'wizard.next' })).toBe(false)
  })
})

/** Ella and Otto loaded, Ella and today chosen: at the quota step, where the quotas are fetched. */
async function quotasFetched(booking: Booking) {
  booking.send(dataOf([ella, otto]), { type: 'wizard.next' }, { type: 'wizard.next' })
  await settle()
}

/** Back to step 2 to choose another date, and on to the quota step again. */
async function otherDate(booking: Booking, date: string) {
  booking.send({ type: 'wizard.back' }, { type: 'date.change', date }, { type: 'wizard.next' })
  await settle()
}

describe('booking wizard: quotas', () => {
  it('fetches the quotas at the quota step, not while the passenger and the date are chosen', async () => {
    const booking = startBooking({ quotas: () => Promise.resolve([usedUpQuota, schoolQuota, hobbyQuota]) })
    booking.send(dataOf([ella, otto]), { type: 'wizard.next' })
    await settle()
    expect(booking.step()).toBe(2)
    expect(booking.calls.quotas).toEqual([])
    booking.send({ type: 'wizard.next' })
    expect(booking.region('quotas')).toBe('loading')
    // No Next on a quota that has not come yet.
    expect(booking.can({ type: 'wizard.next' })).toBe(false)
    await settle()
    expect(booking.calls.quotas).toEqual([{ passengerId: ella.id, date: today }])
    expect(booking.region('quotas')).toBe('loaded')
    expect(booking.context().order.quota?.id).toBe(schoolQuota.id)
  })

  it('fetches again when the passenger or the date changes, keeping the previous quota if still offered', async () => {
    const answers: Record<string, Quota[]> = {
      [`${ella.id}|${today}`]: [schoolQuota, hobbyQuota],
      [`${ella.id}|2026-11-23`]: [schoolQuota, { ...hobbyQuota, remainingQuota: 3 }],
      [`${otto.id}|2026-11-23`]: [usedUpQuota, quotaWith({ id: 'q-otto' })],
    }
    const booking = startBooking({
      quotas: ({ passengerId, date }) => Promise.resolve(answers[`${passengerId}|${date}`]!),
    })
    await quotasFetched(booking)
    booking.send({ type: 'quota.select', quotaId: hobbyQuota.id })
    await otherDate(booking, '2026-11-23')
    // The fresh copy of the quota kept, with its new count.
    expect(booking.context().order.quota).toMatchObject({ id: hobbyQuota.id, remainingQuota: 3 })
    booking.send({ type: 'wizard.back' }, { type: 'wizard.back' })
    booking.send({ type: 'passenger.select', passengerId: otto.id })
    booking.send({ type: 'wizard.next' }, { type: 'wizard.next' })
    await settle()
    expect(booking.context().order.quota?.id).toBe('q-otto')
    expect(booking.calls.quotas.map(({ passengerId, date }) => `${passengerId}|${date}`)).toEqual(
      Object.keys(answers),
    )
  })

  it('drops the answer for a date no longer chosen', async () => {
    const first = deferred<Quota[]>()
    const answers = [first.promise, Promise.resolve([hobbyQuota])]
    const booking = startBooking({ quotas: () => answers.shift()! })
    await quotasFetched(booking)
    await otherDate(booking, '2026-11-23')
    first.resolve([schoolQuota])
    await settle()
    expect(booking.context().order.quota?.id).toBe(hobbyQuota.id)
    expect(booking.context().quotas).toEqual([hobbyQuota])
  })

  it('does not fetch for a date before today', async () => {
    const booking = startBooking()
    await quotasFetched(booking)
    booking.send({ type: 'date.change', date: '2026-11-20' })
    await settle()
    expect(booking.calls.quotas).toEqual([{ passengerId: ella.id, date: today }])
    booking.send({ type: 'wizard.back' })
    expect(booking.can({ type: 'wizard.next' })).toBe(false)
  })

  it('says when the passenger has no quotas', async () => {
    const booking = startBooking({ quotas: () => Promise.resolve([]) })
    await quotasFetched(booking)
    expect(booking.region('quotas')).toBe('none')
    expect(booking.context().order.quota).toBeNull()
  })

  it("keeps the user's extras when the same quota comes again", async () => {
    const vpl = quotaWith({
      id: 'q-vpl',
      decisionType: 'VPL',
      extras: [{ extraId: 'wheelchair', name: 'Pyörätuoli', selected: false }],
    })
    const booking = startBooking({ quotas: () => Promise.resolve([vpl]) })
    await quotasFetched(booking)
    booking.send({ type: 'extra.toggle', extraId: 'wheelchair' })
    await otherDate(booking, '2026-11-23')
    expect(booking.calls.quotas).toHaveLength(2)
    expect(booking.context().order.quota?.extras).toEqual([
      { extraId: 'wheelchair', name: 'Pyörätuoli', selected: true },
    ])
  })

  it("retries a failed fetch on the user's action", async () => {
    const answers = [() => Promise.reject(apiFailure(0)), () => Promise.resolve([schoolQuota])]
    const booking = startBooking({ quotas: () => answers.shift()!() })
    await quotasFetched(booking)
    expect(booking.region('quotas')).toBe('failed')
    booking.send({ type: 'quotas.retry' })
    await settle()
    expect(booking.region('quotas')).toBe('loaded')
  })
})

describe('booking wizard: places, via points and the route', () => {
  it("offers the chosen passenger's places by the quota's tripDestinations", async () => {
    const booking = await atQuota({
      quotas: () => Promise.resolve([quotaWith({ id: 'q-main', tripDestinations: 5 })]),
    })
    expect(placesOffered(booking.context())).toEqual([school, library])
    // Another passenger's places are not theirs.
    booking.send({ type: 'places.update', passengerId: otto.id, places: [home] })
    expect(placesOffered(booking.context())).toEqual([school, library])
  })

  it('forgets the places chosen when another passenger is chosen', async () => {
    const booking = await toTripStep()
    booking.send({ type: 'from.change', place: home }, { type: 'passenger.select', passengerId: otto.id })
    expect(booking.context().order).toMatchObject({ passenger: otto, fromAddress: null, phone: '' })
    expect(booking.context().places).toBeNull()
  })

  it('adds and removes via points, each waiting 10 minutes by default', async () => {
    const booking = await toTripStep()
    booking.send({ type: 'via.add' }, { type: 'via.add' }, { type: 'via.wait', index: 1, waitTime: 0 })
    expect(booking.context().order.viaPoints.map((via) => via.waitTime)).toEqual([10, 0])
    booking.send({ type: 'via.remove', index: 0 })
    expect(booking.context().order.viaPoints.map((via) => via.waitTime)).toEqual([0])
    expect(booking.can({ type: 'via.remove', index: 3 })).toBe(false)
  })

  it('adds no via point when the quota allows none', async () => {
    const booking = await toTripStep({
      quotas: () => Promise.resolve([quotaWith({ allowViaPoints: false })]),
    })
    expect(booking.can({ type: 'via.add' })).toBe(false)
  })

  it('shows the removal status for 2 s, again from the last removal', async () => {
    const booking = await toTripStep()
    booking.send({ type: 'via.add' }, { type: 'via.add' }, { type: 'via.remove', index: 0 })
    expect(booking.region('viaPointRemoval')).toBe('shown')
    booking.clock.increment(viaPointRemovalStatusMs - 500)
    booking.send({ type: 'via.remove', index: 0 })
    booking.clock.increment(viaPointRemovalStatusMs - 1)
    expect(booking.region('viaPointRemoval')).toBe('shown')
    booking.clock.increment(1)
    expect(booking.region('viaPointRemoval')).toBe('hidden')
    // The rest of the wizard stays where it was.
    expect(booking.step()).toBe(4)
    expect(booking.region('quotas')).toBe('loaded')
    expect(booking.context().order.viaPoints).toEqual([])
  })

  it('fetches the route when the points change, and blocks Next on an excess deviation', async () => {
    const booking = await toTripStep({
      quotas: () => Promise.resolve([deviationQuota]),
      route: (points) =>
        Promise.resolve({
          routeWithViaPointDistance: points.length > 2 ? 12.3 : 10.1,
          routeWithViaPointDuration: 900,
          originalRouteDistance: 10.1,
        }),
    })
    booking.send({ type: 'time.change', time: 600 }, { type: 'from.change', place: home })
    expect(booking.region('route')).toBe('idle')
    booking.send({ type: 'to.change', place: school })
    await settle()
    expect(booking.calls.route).toEqual([
      [
        { latitude: home.latitude, longitude: home.longitude },
        { latitude: school.latitude, longitude: school.longitude },
      ],
    ])
    expect(booking.can({ type: 'wizard.next' })).toBe(true)

    booking.send({ type: 'via.add' }, { type: 'via.change', index: 0, place: library })
    await settle()
    expect(booking.calls.route).toHaveLength(2)
    expect(deviationOf(booking.context())).toEqual({ deviationKm: 2.2, maxDeviationKm: 2, exceeded: true })
    expect(booking.can({ type: 'wizard.next' })).toBe(false)
    booking.send({ type: 'via.remove', index: 0 })
    expect(booking.can({ type: 'wizard.next' })).toBe(true)
  })

  it('searches addresses 600 ms after the last keystroke, and an empty query clears the results', async () => {
    const booking = await toTripStep({ search: () => Promise.resolve([searchedAddress]) })
    booking.send({ type: 'address.search', field: 'from', query: 'Manne' })
    booking.clock.increment(searchDebounceMs - 100)
    booking.send({ type: 'address.search', field: 'from', query: 'Mannerheimintie 5' })
    booking.clock.increment(searchDebounceMs - 1)
    expect(booking.calls.search).toEqual([])
    // Typing searches; the rest of the wizard stays where it was.
    expect(booking.step()).toBe(4)
    expect(booking.region('quotas')).toBe('loaded')
    booking.clock.increment(1)
    await settle()
    expect(booking.calls.search).toEqual(['Mannerheimintie 5'])
    expect(booking.context().search).toEqual({
      field: 'from',
      query: 'Mannerheimintie 5',
      results: [searchedAddress],
      failure: null,
    })
    booking.send({ type: 'address.search', field: 'from', query: ' ' })
    expect(booking.context().search).toBeNull()
  })

  it('says a failed search failed, with its status, until the next keystroke; none found is no failure', async () => {
    const answers = [
      () => Promise.reject(apiFailure(503, { code: 'address_search_unavailable', message: 'Down' })),
      () => Promise.resolve([]),
      () => Promise.reject(apiFailure(0)),
    ]
    const booking = await toTripStep({ search: () => answers.shift()!() })
    const search = async (query: string) => {
      booking.send({ type: 'address.search', field: 'to', query })
      booking.clock.increment(searchDebounceMs)
      await settle()
    }
    await search('Mannerheimintie 5')
    expect(booking.region('search')).toBe('failed')
    expect(booking.context().search).toEqual({
      field: 'to',
      query: 'Mannerheimintie 5',
      results: [],
      failure: { status: 503 },
    })
    booking.send({ type: 'address.search', field: 'to', query: 'Qwxzyv' })
    expect(booking.context().search?.failure).toBeNull()
    booking.clock.increment(searchDebounceMs)
    await settle()
    expect(booking.region('search')).toBe('idle')
    expect(booking.context().search).toMatchObject({ results: [], failure: null })
    await search('Kielotie')
    expect(booking.context().search?.failure).toEqual({ status: 0 })
  })

  it('warns of an express booking from the domain rule', async () => {
    const express = quotaWith({ expressQuotaTimeLimit: 120, remainingExpressQuota: 1 })
    const booking = await toTripStep({ quotas: () => Promise.resolve([express]) })
    booking.send({ type: 'time.change', time: 9 * 60 })
    expect(expressStatusOf(booking.context())).toBe('expressQuotaWarning')
    booking.send({ type: 'time.change', time: 11 * 60 })
    expect(expressStatusOf(booking.context())).toBe('notExpress')
  })
})

describe('booking wizard: the summary and the save', () => {
  it('fetches the estimate at the summary', async () => {
    const booking = await atSummary()
    expect(booking.calls.estimate).toHaveLength(1)
    expect(booking.calls.estimate[0]).toMatchObject({ transportationPermissionId: schoolQuota.id })
    expect(booking.region('estimate')).toBe('loaded')
    expect(booking.context().order.price).toBe(3.2)
  })

  it("tells a fetch over the user's limit (429) from another failure, and still retries it", async () => {
    const tooMany = () => Promise.reject(apiFailure(429, { code: 'too_many_requests', message: 'Too many' }))
    const booking = await atSummary({ route: tooMany, estimate: tooMany, create: tooMany })
    expect(booking.actor.getSnapshot().matches({ route: { failed: 'tooManyRequests' } })).toBe(true)
    expect(booking.actor.getSnapshot().matches({ estimate: { failed: 'tooManyRequests' } })).toBe(true)
    booking.send({ type: 'estimate.retry' })
    expect(booking.region('estimate')).toBe('loading')
    await settle()
    booking.send({ type: 'booking.save' })
    await settle()
    expect(booking.context().failure).toEqual({ kind: 'tooManyRequests' })
  })

  it("retries a failed estimate on the user's action", async () => {
    const answers = [() => Promise.reject(apiFailure(503)), () => Promise.resolve({ deductible: 4 })]
    const booking = await atSummary({ estimate: () => answers.shift()!() })
    expect(booking.actor.getSnapshot().matches({ estimate: { failed: 'error' } })).toBe(true)
    booking.send({ type: 'estimate.retry' })
    await settle()
    expect(booking.context().order.price).toBe(4)
  })

  it("saves: saving, then saved, and has the passenger's trips pulled again", async () => {
    const answer = deferred<typeof booked>()
    const booking = await atSummary({ create: () => answer.promise })
    booking.send({ type: 'booking.save' })
    expect(booking.actor.getSnapshot().matches({ wizard: { summary: 'saving' } })).toBe(true)
    expect(booking.can({ type: 'booking.save' })).toBe(false)
    expect(booking.calls.create).toHaveLength(1)
    expect(booking.calls.create[0]!.request).toEqual(booking.calls.estimate[0])
    answer.resolve(booked)
    await settle()
    expect(booking.actor.getSnapshot().matches({ wizard: { summary: 'saved' } })).toBe(true)
    expect(booking.context().booked).toEqual(booked)
    expect(booking.reloadTrips).toHaveBeenCalledTimes(1)
    expect(booking.can({ type: 'booking.save' })).toBe(false)
    expect(booking.can({ type: 'wizard.back' })).toBe(false)
  })

  it('keeps save disabled when the express booking has no express quota left', async () => {
    const noExpress = quotaWith({ expressQuotaTimeLimit: 180, remainingExpressQuota: 0 })
    const booking = await atSummary({ quotas: () => Promise.resolve([noExpress]) })
    expect(expressStatusOf(booking.context())).toBe('expressQuotaNoneLeft')
    expect(booking.can({ type: 'booking.save' })).toBe(false)
    booking.send({ type: 'booking.save' })
    expect(booking.calls.create).toEqual([])
  })

  it('fetches the estimate again for a changed order, dropping the answer for the old one', async () => {
    const first = deferred<{ deductible: number }>()
    const answers = [first.promise, Promise.resolve({ deductible: 5 })]
    const booking = await atSummary({ estimate: () => answers.shift()! })
    booking.send(
      { type: 'wizard.back' },
      { type: 'info.change', value: 'Opaskoira' },
      { type: 'wizard.next' },
    )
    await settle()
    first.resolve({ deductible: 3 })
    await settle()
    expect(booking.calls.estimate.map((request) => request.additionalInformation)).toEqual(['', 'Opaskoira'])
    expect(booking.context().order.price).toBe(5)
  })

  it('says what the server refused', async () => {
    const booking = await atSummary({
      create: () => Promise.reject(apiFailure(400, { code: 'quota_used_up', message: 'No trips left' })),
    })
    booking.send({ type: 'booking.save' })
    await settle()
    expect(booking.actor.getSnapshot().matches({ wizard: { summary: 'failed' } })).toBe(true)
    expect(booking.context().failure).toEqual({ kind: 'failed', serverMessage: 'No trips left' })
    expect(booking.reloadTrips).not.toHaveBeenCalled()
  })

  it('says booking.error_municipality for a municipality refusal, and booking.failed alone for a 500', async () => {
    const answers = [
      apiFailure(400, { code: 'refused', message: 'Kunnan päätös ei salli matkaa' }),
      apiFailure(500, { code: 'internal_error', message: 'Boom' }),
    ]
    const booking = await atSummary({ create: () => Promise.reject(answers.shift()) })
    booking.send({ type: 'booking.save' })
    await settle()
    expect(booking.context().failure).toEqual({ kind: 'municipality' })
    booking.send({ type: 'booking.save' })
    await settle()
    expect(booking.context().failure).toEqual({ kind: 'failed', serverMessage: null })
  })

  it('offline: says saving needs a connection, keeps everything, and saves when the user tries again', async () => {
    const booking = await atSummary()
    const order = booking.context().order
    booking.send({ type: 'network.change', online: false }, { type: 'booking.save' })
    expect(booking.actor.getSnapshot().matches({ wizard: { summary: 'offline' } })).toBe(true)
    expect(booking.calls.create).toEqual([])
    expect(booking.context().order).toEqual(order)
    booking.send({ type: 'network.change', online: true })
    expect(booking.actor.getSnapshot().matches({ wizard: { summary: 'offline' } })).toBe(true)
    booking.send({ type: 'booking.save' })
    await settle()
    expect(booking.actor.getSnapshot().matches({ wizard: { summary: 'saved' } })).toBe(true)
  })

  it('retries a save whose answer was lost with the same idempotency key', async () => {
    const failures = [apiFailure(0), apiFailure(503)]
    const booking = await atSummary({
      create: () => (failures.length ? Promise.reject(failures.shift()) : Promise.resolve(booked)),
    })
    booking.send({ type: 'booking.save' })
    await settle()
    expect(booking.actor.getSnapshot().matches({ wizard: { summary: 'offline' } })).toBe(true)
    booking.send({ type: 'booking.save' })
    await settle()
    expect(booking.actor.getSnapshot().matches({ wizard: { summary: 'failed' } })).toBe(true)
    booking.send({ type: 'booking.save' })
    await settle()
    const keys = booking.calls.create.map((save) => save.key)
    expect(keys).toHaveLength(3)
    expect(new Set(keys).size).toBe(1)
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('a refusal for good answers that save: the same order tried again goes with a new key', async () => {
    const failures = [
      apiFailure(400, { code: 'validation_failed', message: 'Kiintiö on käytetty' }),
      apiFailure(409, { code: 'idempotency_in_flight', message: 'Still running' }),
    ]
    const booking = await atSummary({
      create: () => (failures.length ? Promise.reject(failures.shift()) : Promise.resolve(booked)),
    })
    booking.send({ type: 'booking.save' })
    await settle()
    expect(booking.context().failure).toEqual({ kind: 'failed', serverMessage: 'Kiintiö on käytetty' })
    booking.send({ type: 'booking.save' })
    await settle()
    // A key still in flight is not an answer: the next try keeps it, so the first run's answer is replayed.
    booking.send({ type: 'booking.save' })
    await settle()
    const [refused, inFlight, retried] = booking.calls.create.map((save) => save.key)
    expect(inFlight).not.toBe(refused)
    expect(retried).toBe(inFlight)
    expect(booking.actor.getSnapshot().matches({ wizard: { summary: 'saved' } })).toBe(true)
  })

  it('uses a new key once the order changed after a failure', async () => {
    const failures = [apiFailure(0)]
    const booking = await atSummary({
      create: () => (failures.length ? Promise.reject(failures.shift()) : Promise.resolve(booked)),
    })
    booking.send({ type: 'booking.save' })
    await settle()
    booking.send(
      { type: 'wizard.back' },
      { type: 'info.change', value: 'Pyörätuoli' },
      { type: 'wizard.next' },
    )
    await settle()
    booking.send({ type: 'booking.save' })
    await settle()
    const [first, second] = booking.calls.create
    expect(second!.request.additionalInformation).toBe('Pyörätuoli')
    expect(second!.key).not.toBe(first!.key)
  })

  it('makes the return trip from the saved booking: swapped, an hour later, departure, no via points', async () => {
    const booking = await atSummary()
    booking.send(
      { type: 'wizard.back' },
      { type: 'wizard.back' },
      { type: 'from.apartment', value: 'A 1' },
      { type: 'timeMode.change', isDepartureTime: false },
      { type: 'wizard.next' },
      { type: 'wizard.next' },
    )
    await settle()
    booking.send({ type: 'booking.save' })
    await settle()
    booking.send({ type: 'booking.return' })
    expect(booking.step()).toBe(7)
    expect(booking.context().order).toMatchObject({
      fromAddress: school,
      toAddress: home,
      toApartment: 'A 1',
      fromApartment: '',
      time: 660,
      isDepartureTime: true,
      viaPoints: [],
      passenger: ella,
    })
    expect(booking.context()).toMatchObject({ save: null, booked: null })
    // The outbound is booked: no Back to it.
    expect(booking.can({ type: 'wizard.back' })).toBe(false)
    // The quota was used: its counts are fetched again.
    await settle()
    expect(booking.calls.quotas).toHaveLength(2)
  })

  it('puts a return time earlier than the outbound time on the next day', async () => {
    const booking = await atSummary()
    booking.send({ type: 'booking.save' })
    await settle()
    booking.send({ type: 'booking.return' }, { type: 'time.change', time: 9 * 60 + 59 })
    // Typed 09:59 after an outbound at 10:00: the next day's 09:59.
    expect(booking.context().order.time).toBe(1440 + 9 * 60 + 59)
    booking.send({ type: 'time.change', time: 10 * 60 })
    expect(booking.context().order.time).toBe(600)
    booking.send({ type: 'time.change', time: 30 }, { type: 'wizard.next' }, { type: 'wizard.next' })
    await settle()
    expect(booking.calls.estimate.at(-1)!.departureDateTime).toBe('2026-11-22T00:30:00+02:00')
    // An outbound trip has no from time: 00:30 is today's.
    booking.send({ type: 'booking.save' })
    await settle()
    booking.send({ type: 'wizard.reset' }, { type: 'time.change', time: 30 })
    expect(booking.context().order.time).toBe(30)
  })

  it('saves the return trip with a key of its own, and offers no return of the return', async () => {
    const booking = await atSummary()
    booking.send({ type: 'booking.save' })
    await settle()
    booking.send({ type: 'booking.return' }, { type: 'wizard.next' })
    expect(booking.step()).toBe(8)
    booking.send({ type: 'wizard.back' })
    expect(booking.step()).toBe(7)
    booking.send({ type: 'wizard.next' }, { type: 'wizard.next' })
    expect(booking.step()).toBe(9)
    await settle()
    expect(booking.calls.estimate).toHaveLength(2)
    booking.send({ type: 'booking.save' })
    await settle()
    expect(booking.actor.getSnapshot().matches({ wizard: { returnSummary: 'saved' } })).toBe(true)
    const [outbound, inbound] = booking.calls.create
    expect(inbound!.key).not.toBe(outbound!.key)
    expect(inbound!.request.destinations[0]).toMatchObject({ placeId: school.id })
    expect(booking.can({ type: 'booking.return' })).toBe(false)
    expect(booking.can({ type: 'wizard.reset' })).toBe(true)
  })

  it('resets to step 1 keeping the passenger, and a new booking after a save gets a new key', async () => {
    const booking = await atSummary()
    booking.send({ type: 'booking.save' })
    await settle()
    booking.send({ type: 'wizard.reset' })
    expect(booking.step()).toBe(1)
    expect(booking.context().order).toMatchObject({
      passenger: ella,
      fromAddress: null,
      toAddress: null,
      date: today,
      time: 8 * 60 + 5,
      quota: expect.objectContaining({ id: schoolQuota.id }),
    })
    expect(booking.context()).toMatchObject({ save: null, booked: null, failure: null })
    await walkToSave(booking)
    const [first, second] = booking.calls.create
    expect(second!.key).not.toBe(first!.key)
  })

  it('resets to step 2 when step 1 was skipped', async () => {
    const booking = startBooking()
    booking.send(dataOf([ella]), placesOf(), { type: 'wizard.next' })
    await settle()
    booking.send({ type: 'wizard.next' })
    booking.send({ type: 'from.change', place: home })
    booking.send({ type: 'wizard.back' }, { type: 'wizard.back' })
    expect(booking.step()).toBe(2)
    booking.send({ type: 'wizard.next' }, { type: 'wizard.next' }, { type: 'to.change', place: school })
    booking.send({ type: 'time.change', time: 600 }, { type: 'wizard.next' }, { type: 'wizard.next' })
    expect(booking.step()).toBe(6)
    booking.send({ type: 'wizard.reset' })
    expect(booking.step()).toBe(2)
    expect(booking.context().passengerSkipped).toBe(true)
    expect(booking.context().order.passenger).toEqual(ella)
  })
})

/** From step 1 of a fresh order to a saved booking, home to school at 10:00. */
async function walkToSave(booking: Booking) {
  booking.send({ type: 'wizard.next' }, { type: 'wizard.next' })
  await settle()
  booking.send(
    { type: 'wizard.next' },
    { type: 'time.change', time: 600 },
    { type: 'from.change', place: home },
    { type: 'to.change', place: school },
    { type: 'wizard.next' },
    { type: 'wizard.next' },
    { type: 'booking.save' },
  )
  await settle()
}
