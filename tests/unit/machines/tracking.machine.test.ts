import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock } from 'xstate'
import {
  longestWaitMs,
  trackingMachine,
  type PollAnswer,
  type PollInput,
  type TrackedTrip,
  type TrackingEmitted,
  type TrackingEvent,
} from '../../../machines/tracking/tracking.machine'
import { tripStatusCodes, type Trip, type TripStatus, type TripStatusCode } from '../../../src/contract/trip'
import { tripWith } from '../domain/trips/fixtures'

/** The trip runs 10:00-10:30 Helsinki on 21.11.2026 (tripWith); the clock starts `minutesBefore` its start. */
const start = Temporal.Instant.from('2026-11-21T10:00:00+02:00')
const second = 1000
const minute = 60 * second

const statusOf = (code: TripStatusCode): TripStatus => ({
  code,
  eta: null,
  etd: null,
  ata: null,
  carLocation: null,
})

/** Lets the promise actors settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

function startTracking(
  options: {
    minutesBefore?: number
    trip?: Partial<Trip>
    online?: boolean
    visible?: boolean
    /** The trip the n-th poll (0-based) answers; by default the trip EnRoute. */
    answer?: (call: number, trip: Trip) => Promise<Trip>
    /** The n-th poll's whole answer (unchanged, closed), instead of `answer`. */
    poll?: (call: number, trip: Trip) => Promise<PollAnswer>
    /** The trip is a first answer with this ETag. */
    fresh?: { etag: string | null }
    /** When the last pull brought the local trip. */
    knownAt?: string
  } = {},
) {
  const clock = new SimulatedClock()
  const clockStart = start.subtract({ seconds: (options.minutesBefore ?? 45) * 60 })
  const now = () => clockStart.add({ milliseconds: clock.now() })
  const trip = tripWith({ status: statusOf(tripStatusCodes.Booked), ...options.trip })
  /** When each poll was asked, in seconds from the trip's start. */
  const polls: number[] = []
  const requests: PollInput[] = []
  const machine = trackingMachine.provide({
    actors: {
      fetchStatus: fromPromise(async ({ input }: { input: PollInput }): Promise<PollAnswer> => {
        requests.push(input)
        polls.push(start.until(now()).total('seconds'))
        const call = polls.length - 1
        if (options.poll) return options.poll(call, trip)
        const answer =
          options.answer ?? (() => Promise.resolve({ ...trip, status: statusOf(tripStatusCodes.EnRoute) }))
        return { kind: 'changed', trip: await answer(call, trip), etag: `"v${call}"` }
      }),
    },
  })
  const actor = createActor(machine, {
    clock,
    input: {
      trip,
      online: options.online ?? true,
      visible: options.visible ?? true,
      now,
      ...(options.fresh ? { fresh: options.fresh } : {}),
      ...(options.knownAt ? { knownAt: options.knownAt } : {}),
    },
  })
  const milestones: TrackingEmitted['kind'][] = []
  actor.on('milestone', ({ kind }) => milestones.push(kind))
  actor.start()
  return {
    actor,
    polls,
    requests,
    milestones,
    now,
    send: (...events: TrackingEvent[]) => events.forEach((event) => actor.send(event)),
    context: () => actor.getSnapshot().context,
    stopped: () => actor.getSnapshot().matches('stopped'),
    /** Advances the simulated clock, letting each poll's answer land before the next timer. */
    async advance(ms: number, step = second) {
      for (let passed = 0; passed < ms; passed += step) {
        await settle()
        clock.increment(Math.min(step, ms - passed))
        await settle()
      }
    },
  }
}

describe('tracking machine: when polling starts', () => {
  it('waits until the trip starts within 30 minutes, then polls at once', async () => {
    const tracking = startTracking({ minutesBefore: 45 })
    await tracking.advance(15 * minute - second, 10 * second)
    expect(tracking.polls).toEqual([])
    expect(tracking.context().status).toBeNull()
    await tracking.advance(second)
    expect(tracking.polls).toEqual([-1800])
    expect(tracking.requests).toEqual([{ trip: expect.objectContaining({ id: 'trip-1' }), etag: null }])
    expect(tracking.context().status?.code).toBe(tripStatusCodes.EnRoute)
    expect(tracking.context().receivedAt).toBe(tracking.now().toString())
  })

  it('polls at once when opened within 30 minutes of the start', async () => {
    const tracking = startTracking({ minutesBefore: 20 })
    await settle()
    expect(tracking.polls).toEqual([-1200])
  })

  it('re-plans a far-off trip at least hourly without polling', async () => {
    const tracking = startTracking({ minutesBefore: 3 * 60 })
    await tracking.advance(2 * longestWaitMs + 29 * minute, minute)
    expect(tracking.polls).toEqual([])
    await tracking.advance(minute, minute)
    expect(tracking.polls).toEqual([-1800])
  })
})

describe('tracking machine: how often', () => {
  it('polls every 60 s until 15 minutes before the start, then every 10 s', async () => {
    const tracking = startTracking({ minutesBefore: 17.5 })
    await tracking.advance(2.5 * minute + 20 * second)
    // 60 s apart, the third poll moved up to when the fast window opens, then 10 s apart.
    expect(tracking.polls).toEqual([-1050, -990, -930, -900, -890, -880])
  })

  it('polls every 10 s until 15 minutes after the planned end, then every 60 s', async () => {
    const tracking = startTracking({ minutesBefore: -44.5 })
    await tracking.advance(2.5 * minute)
    expect(tracking.polls).toEqual([2670, 2680, 2690, 2700, 2760, 2820])
  })

  it('stops on a final status and polls no more', async () => {
    const dropOff = (call: number, trip: Trip) =>
      Promise.resolve({
        ...trip,
        status: statusOf(call < 2 ? tripStatusCodes.Pickup : tripStatusCodes.DropOff),
      })
    const tracking = startTracking({ minutesBefore: -25, answer: dropOff })
    await tracking.advance(30 * second)
    expect(tracking.polls).toEqual([1500, 1510, 1520])
    expect(tracking.stopped()).toBe(true)
    expect(tracking.context().status?.code).toBe(tripStatusCodes.DropOff)
    await tracking.advance(10 * minute, 10 * second)
    expect(tracking.polls).toHaveLength(3)
  })

  it.each([
    ['DropOff', tripStatusCodes.DropOff],
    ['Cancelled', tripStatusCodes.Cancelled],
    ['NoShow', tripStatusCodes.NoShow],
  ])('never polls a trip whose local status is already %s, and shows that status', async (_, code) => {
    const tracking = startTracking({ minutesBefore: 5, trip: { status: statusOf(code) } })
    await tracking.advance(2 * minute, 10 * second)
    expect(tracking.polls).toEqual([])
    expect(tracking.stopped()).toBe(true)
    expect(tracking.context().status?.code).toBe(code)
  })
})

describe('tracking machine: offline, hidden and failures', () => {
  it.each([
    ['offline', { type: 'network.change', online: false }, { type: 'network.change', online: true }],
    ['hidden', { type: 'visibility.change', visible: false }, { type: 'visibility.change', visible: true }],
  ] as const)('pauses while %s and polls at once on return', async (_, away, back) => {
    const tracking = startTracking({ minutesBefore: 10 })
    await settle()
    tracking.send(away)
    await tracking.advance(5 * minute, 10 * second)
    expect(tracking.polls).toEqual([-600])
    tracking.send(back)
    await settle()
    expect(tracking.polls).toEqual([-600, -300])
    await tracking.advance(10 * second)
    expect(tracking.polls).toEqual([-600, -300, -290])
  })

  it('stays paused until both the network and the page are back', async () => {
    const tracking = startTracking({ minutesBefore: 10, online: false, visible: false })
    await tracking.advance(minute, 10 * second)
    tracking.send({ type: 'network.change', online: true })
    await tracking.advance(minute, 10 * second)
    expect(tracking.polls).toEqual([])
    tracking.send({ type: 'visibility.change', visible: true })
    await settle()
    expect(tracking.polls).toEqual([-480])
  })

  it('does not poll again for a repeated report of the same connection', async () => {
    const tracking = startTracking({ minutesBefore: 10 })
    await settle()
    tracking.send({ type: 'network.change', online: true }, { type: 'visibility.change', visible: true })
    await settle()
    expect(tracking.polls).toEqual([-600])
  })

  it('opened offline within the window, shows the local trip’s status as the last pull brought it', async () => {
    const pulledAt = start.subtract({ minutes: 12 }).toString()
    const tracking = startTracking({
      minutesBefore: 10,
      online: false,
      knownAt: pulledAt,
      trip: { status: statusOf(tripStatusCodes.EnRoute) },
    })
    await settle()
    expect(tracking.polls).toEqual([])
    expect(tracking.context()).toMatchObject({
      status: statusOf(tripStatusCodes.EnRoute),
      receivedAt: pulledAt,
      lastKnown: true,
    })
    // A later pull's status replaces it while no poll has answered.
    const laterPull = start.subtract({ minutes: 9 }).toString()
    tracking.send({
      type: 'trip.update',
      trip: tripWith({ status: statusOf(tripStatusCodes.CarWaiting) }),
      knownAt: laterPull,
    })
    expect(tracking.context()).toMatchObject({
      status: statusOf(tripStatusCodes.CarWaiting),
      receivedAt: laterPull,
    })
    tracking.send({ type: 'network.change', online: true })
    await settle()
    expect(tracking.context()).toMatchObject({
      status: statusOf(tripStatusCodes.EnRoute),
      receivedAt: tracking.now().toString(),
      lastKnown: false,
    })
  })

  it('keeps the local trip’s status when the first poll fails', async () => {
    const tracking = startTracking({
      minutesBefore: 10,
      trip: { status: statusOf(tripStatusCodes.Dispatched) },
      answer: () => Promise.reject(new Error('network')),
    })
    await settle()
    expect(tracking.context()).toMatchObject({ status: statusOf(tripStatusCodes.Dispatched), failed: true })
  })

  it('shows no local status before tracking’s window', async () => {
    const tracking = startTracking({ minutesBefore: 45, online: false })
    await settle()
    expect(tracking.context().status).toBeNull()
  })

  it('returning before the cutoff waits for it rather than polling', async () => {
    const tracking = startTracking({ minutesBefore: 40, online: false })
    tracking.send({ type: 'network.change', online: true })
    await tracking.advance(10 * minute - second, 10 * second)
    expect(tracking.polls).toEqual([])
  })

  it('keeps the last status and when it came when a poll fails, and keeps polling', async () => {
    const flaky = (call: number, trip: Trip) =>
      call === 1 || call === 2
        ? Promise.reject(new Error('network'))
        : Promise.resolve({
            ...trip,
            status: statusOf(call === 0 ? tripStatusCodes.EnRoute : tripStatusCodes.CarWaiting),
          })
    const tracking = startTracking({ minutesBefore: 10, answer: flaky })
    await settle()
    const firstAnswer = tracking.context().receivedAt
    expect(firstAnswer).toBe(start.subtract({ minutes: 10 }).toString())
    await tracking.advance(20 * second)
    expect(tracking.context()).toMatchObject({
      failed: true,
      receivedAt: firstAnswer,
      status: statusOf(tripStatusCodes.EnRoute),
    })
    await tracking.advance(10 * second)
    expect(tracking.polls).toHaveLength(4)
    expect(tracking.context()).toMatchObject({ failed: false, status: statusOf(tripStatusCodes.CarWaiting) })
    expect(tracking.context().receivedAt).toBe(tracking.now().toString())
  })
})

describe('tracking machine: the local trip changes', () => {
  it('stops when a pull brings a final status', async () => {
    const tracking = startTracking({ minutesBefore: 10 })
    await settle()
    const trip: TrackedTrip = tripWith({ status: statusOf(tripStatusCodes.Cancelled) })
    tracking.send({ type: 'trip.update', trip })
    expect(tracking.stopped()).toBe(true)
    expect(tracking.context().status?.code).toBe(tripStatusCodes.Cancelled)
    await tracking.advance(2 * minute, 10 * second)
    expect(tracking.polls).toEqual([-600])
  })

  it('re-plans when the trip moves, and not for the same times again', async () => {
    const tracking = startTracking({ minutesBefore: 35 })
    tracking.send({ type: 'trip.update', trip: tripWith({ status: statusOf(tripStatusCodes.Booked) }) })
    expect(tracking.polls).toEqual([])
    // Moved 10 minutes earlier: it now starts within 30 minutes.
    tracking.send({
      type: 'trip.update',
      trip: tripWith({
        startDateTime: '2026-11-21T09:50:00+02:00',
        endDateTime: '2026-11-21T10:20:00+02:00',
      }),
    })
    await settle()
    expect(tracking.polls).toEqual([-2100])
  })
})

describe('tracking machine: conditional polls', () => {
  it('sends the last answer’s ETag, and an unchanged answer keeps the status and renews its time', async () => {
    const poll = (call: number, trip: Trip): Promise<PollAnswer> =>
      Promise.resolve(
        call === 0
          ? { kind: 'changed', trip: { ...trip, status: statusOf(tripStatusCodes.EnRoute) }, etag: '"a"' }
          : { kind: 'unchanged' },
      )
    const tracking = startTracking({ minutesBefore: 10, poll })
    await settle()
    await tracking.advance(20 * second)
    expect(tracking.requests.map((request) => request.etag)).toEqual([null, '"a"', '"a"'])
    expect(tracking.context()).toMatchObject({ status: statusOf(tripStatusCodes.EnRoute), failed: false })
    expect(tracking.context().receivedAt).toBe(tracking.now().toString())
  })

  it('starts from a fresh first answer: its status at once, its ETag on the first poll', async () => {
    const tracking = startTracking({
      minutesBefore: 10,
      trip: { status: statusOf(tripStatusCodes.CarWaiting) },
      fresh: { etag: '"first"' },
      poll: () => Promise.resolve({ kind: 'unchanged' }),
    })
    expect(tracking.context().status?.code).toBe(tripStatusCodes.CarWaiting)
    expect(tracking.context().receivedAt).toBe(tracking.now().toString())
    await settle()
    expect(tracking.requests[0]?.etag).toBe('"first"')
  })

  it('keeps the answer’s whole trip, so a screen shows what the last answer said', async () => {
    const tracking = startTracking({
      minutesBefore: 10,
      answer: (_, trip) => Promise.resolve({ ...trip, carName: 'Taxi 7', status: statusOf(10) }),
    })
    await settle()
    expect(tracking.context().trip).toMatchObject({ carName: 'Taxi 7' })
  })

  it.each([['not_found'], ['ended']] as const)(
    'stops when the source closes (%s), keeping the last status',
    async (reason) => {
      const poll = (call: number, trip: Trip): Promise<PollAnswer> =>
        Promise.resolve(
          call === 0
            ? { kind: 'changed', trip: { ...trip, status: statusOf(tripStatusCodes.Pickup) }, etag: null }
            : { kind: 'closed', reason },
        )
      const tracking = startTracking({ minutesBefore: -5, poll })
      await tracking.advance(10 * second)
      expect(tracking.stopped()).toBe(true)
      expect(tracking.context()).toMatchObject({ closed: reason, status: statusOf(tripStatusCodes.Pickup) })
      await tracking.advance(2 * minute, 10 * second)
      expect(tracking.polls).toHaveLength(2)
    },
  )
})

describe('tracking machine: pickup and drop-off', () => {
  const codes =
    (...sequence: TripStatusCode[]) =>
    (call: number, trip: Trip) =>
      Promise.resolve({ ...trip, status: statusOf(sequence[Math.min(call, sequence.length - 1)] ?? 0) })

  it('tells a pickup and then a drop-off once each, as the status reaches them', async () => {
    const { EnRoute, Pickup, DropOff } = tripStatusCodes
    const tracking = startTracking({
      minutesBefore: 2,
      answer: codes(EnRoute, Pickup, Pickup, Pickup, DropOff),
    })
    await tracking.advance(50 * second)
    expect(tracking.milestones).toEqual(['pickup', 'dropoff'])
  })

  it('tells nothing when the local trip already had the status the first poll brings', async () => {
    const tracking = startTracking({
      minutesBefore: -5,
      trip: { status: statusOf(tripStatusCodes.Pickup) },
      answer: codes(tripStatusCodes.Pickup),
    })
    await tracking.advance(30 * second)
    expect(tracking.polls.length).toBeGreaterThan(1)
    expect(tracking.milestones).toEqual([])
  })

  it('tells nothing for an unchanged answer or a failed poll', async () => {
    const tracking = startTracking({
      minutesBefore: -5,
      poll: (call) =>
        call === 0 ? Promise.reject(new Error('network')) : Promise.resolve({ kind: 'unchanged' }),
    })
    await tracking.advance(30 * second)
    expect(tracking.polls.length).toBeGreaterThan(1)
    expect(tracking.milestones).toEqual([])
  })
})
