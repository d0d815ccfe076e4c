import { and, not, or, stateIn, type DoneActorEvent, type ErrorActorEvent } from 'xstate'
import type { Passenger } from '../../src/contract/passenger'
import { routeMaxPoints } from '../../src/contract/codes'
import { classifyFailure } from '../../src/contract/failureKind'
import { bookingFailure } from '../../src/domain/booking/failure'
import { newViaPoint, returnOrder } from '../../src/domain/booking/order'
import type { BookingStep } from '../../src/domain/booking/steps'
import { timeFieldMinutes } from '../../src/domain/booking/time'
import { newRepeat, returnRepeat, withRemoved, withWeekday } from '../../src/domain/series/repeatChoice'
import {
  assignBooking,
  callFailureOf,
  freshOrder,
  plannedSeries,
  problemsAt,
  quotaKey,
  requestOf,
  rideDay,
  startedOver,
  withQuotas,
  withViaPoint,
  type BookingContext,
  type BookingEvent,
  type Booked,
} from './booking.rules'

/**
 * The booking wizard's steps (spec sections 2, 4 and 5): passenger (1, skipped with exactly one) -> date (2) ->
 * quota (3) -> trip (4) -> additional info (5) -> summary (6), and from a saved booking its return trip (7, 8,
 * 9): the `wizard` region of the machine (booking.machine.ts), with the actions and guards of its edits and saves.
 */

/** Via points a trip may have: a route has from, to and at most this many between. */
export const viaPointMax = routeMaxPoints - 2

/** A new idempotency key for a save. */
const newKey = () => crypto.randomUUID()

type StepGuard = { type: 'isStepValid'; params: { step: BookingStep } }
const valid = (step: BookingStep): StepGuard => ({ type: 'isStepValid', params: { step } })

/** The order's edits, taken at every step but the summaries. */
const edits = {
  'passenger.select': { actions: 'selectPassenger' },
  'date.change': { actions: 'setDate' },
  'quota.select': { actions: 'selectQuota' },
  'time.change': { actions: 'setTime' },
  'timeMode.change': { actions: 'setTimeMode' },
  'from.change': { actions: 'setFrom' },
  'from.apartment': { actions: 'setFromApartment' },
  'to.change': { actions: 'setTo' },
  'to.apartment': { actions: 'setToApartment' },
  'via.add': { guard: 'canAddViaPoint', actions: 'addViaPoint' },
  'via.remove': { guard: 'isViaPoint', actions: 'removeViaPoint' },
  'via.change': { guard: 'isViaPoint', actions: 'setViaPlace' },
  'via.apartment': { guard: 'isViaPoint', actions: 'setViaApartment' },
  'via.wait': { guard: 'isViaPoint', actions: 'setViaWait' },
  'phone.change': { actions: 'setPhone' },
  'passengerCount.change': { actions: 'setPassengerCount' },
  'attendant.change': { actions: 'setAttendant' },
  'extra.toggle': { actions: 'toggleExtra' },
  'info.change': { actions: 'setInfo' },
} as const

const reset = { 'wizard.reset': { target: '#booking.wizard.starting', actions: 'reset' } } as const

/** The summary's "Repeat this ride" and its choices, taken while it is not saving or saved. */
const repeatEdits = {
  'repeat.toggle': { guard: 'canRepeat', actions: 'toggleRepeat' },
  'repeat.weekday': { guard: 'isRepeated', actions: 'setRepeatWeekday' },
  'repeat.until': { guard: 'isRepeated', actions: 'setRepeatUntil' },
  'repeat.holidays': { guard: 'isRepeated', actions: 'setRepeatHolidays' },
  'repeat.date': { guard: 'isRepeated', actions: 'setRepeatDate' },
  'repeat.fitOnly': { guard: 'isRepeated', actions: 'setRepeatFitOnly' },
} as const

/** A summary (6, or 9 for the return trip): save, and what the save ended in. */
function summary(step: 6 | 9, back: string, afterSave: object) {
  const save = [
    { guard: and([valid(step), 'isOffline']), target: 'offline' },
    { guard: valid(step), target: 'saving', actions: 'prepareSave' },
  ] as const
  const summaryActions = {
    'booking.save': save,
    'wizard.back': { target: back },
    ...reset,
    ...repeatEdits,
  } as const
  // The save's done and error events are read in the actions by a cast: this config is built outside setup's typing.
  return {
    initial: 'ready',
    states: {
      ready: { on: summaryActions },
      saving: {
        invoke: {
          id: 'saveBooking',
          src: 'createBooking',
          input: ({ context }: { context: BookingContext }) => context.save!,
          onDone: { target: 'saved', actions: ['storeBooked', 'reloadTrips'] },
          onError: [
            { guard: 'isConnectionFailure', target: 'offline' },
            { target: 'failed', actions: 'storeFailure' },
          ],
        },
      },
      /** Confirmed: the trip awaits approval. */
      saved: { on: { ...reset, ...afterSave } },
      /** The server refused or failed: `failure` says what to show. */
      failed: { on: summaryActions },
      /** Saving needs a connection: everything is kept, and the user tries again. */
      offline: { on: summaryActions },
    },
  } as const
}

/** The wizard: its steps and summaries, region `wizard` of the machine. */
export const wizard = {
  initial: 'starting',
  on: {
    // From any step but a save in flight: a trip's "Book again" opens the wizard wherever a draft left it.
    'route.again': {
      guard: and([
        'isAgainPassenger',
        not(stateIn({ wizard: { summary: 'saving' } })),
        not(stateIn({ wizard: { returnSummary: 'saving' } })),
      ]),
      target: '.editing.date',
      actions: 'bookAgain',
    },
  },
  states: {
    /** Waiting for the user's passengers. */
    starting: {
      always: [
        {
          guard: and(['isDataReady', 'hasOnePassenger']),
          target: 'editing.date',
          actions: 'skipPassenger',
        },
        { guard: 'isDataReady', target: 'editing.passenger' },
      ],
    },
    editing: {
      initial: 'passenger',
      // Start over also from a step: a resumed draft offers it beside what it holds.
      on: { ...edits, ...reset },
      states: {
        passenger: { on: { 'wizard.next': { guard: valid(1), target: 'date' } } },
        date: {
          on: {
            'wizard.back': { guard: not('wasPassengerSkipped'), target: 'passenger' },
            'wizard.next': [
              { guard: and([valid(2), 'isAgain']), target: '#booking.wizard.filling' },
              { guard: valid(2), target: 'quota' },
            ],
          },
        },
        quota: {
          on: {
            'wizard.back': 'date',
            // Not on a quota kept from an earlier date or passenger while this one's quotas load.
            'wizard.next': { guard: and([valid(3), stateIn({ quotas: 'loaded' })]), target: 'trip' },
          },
        },
        trip: {
          on: { 'wizard.back': 'quota', 'wizard.next': { guard: valid(4), target: 'additionalInfo' } },
        },
        additionalInfo: {
          on: {
            'wizard.back': 'trip',
            'wizard.next': { guard: valid(5), target: '#booking.wizard.summary' },
          },
        },
        /** The return trip of the booking just saved: it has no Back, the outbound is booked. */
        returnTrip: { on: { 'wizard.next': { guard: valid(7), target: 'returnAdditionalInfo' } } },
        returnAdditionalInfo: {
          on: {
            'wizard.back': 'returnTrip',
            'wizard.next': { guard: valid(8), target: '#booking.wizard.returnSummary' },
          },
        },
      },
    },
    /**
     * A route booked again, its date chosen: on to the summary once the date's quotas are in, or to the first
     * step that still needs the user (no permission, a place the permission does not take, a time passed).
     */
    filling: {
      always: [
        { guard: and(['areQuotasFresh', quotasIn('none', 'failed')]), target: 'editing.quota' },
        {
          guard: and(['areQuotasFresh', quotasIn('loaded'), valid(3), valid(4), valid(5)]),
          target: 'summary',
        },
        {
          guard: and(['areQuotasFresh', quotasIn('loaded'), valid(3), valid(4)]),
          target: 'editing.additionalInfo',
        },
        { guard: and(['areQuotasFresh', quotasIn('loaded'), valid(3)]), target: 'editing.trip' },
        { guard: and(['areQuotasFresh', quotasIn('loaded')]), target: 'editing.quota' },
      ],
    },
    summary: summary(6, '#booking.wizard.editing.additionalInfo', {
      'booking.return': [
        { guard: 'hasAgainReturn', target: '#booking.wizard.returning', actions: 'startReturn' },
        { target: '#booking.wizard.editing.returnTrip', actions: 'startReturn' },
      ],
    }),
    /** The return of a route booked again, at the time its day had: to its summary unless a step needs the user. */
    returning: {
      always: [
        { guard: and([valid(7), valid(8)]), target: 'returnSummary' },
        { guard: valid(7), target: 'editing.returnAdditionalInfo' },
        { target: 'editing.returnTrip' },
      ],
    },
    /** No return trip of a return trip. */
    returnSummary: summary(9, '#booking.wizard.editing.returnAdditionalInfo', {}),
  },
} as const

/** The wizard's actions: the local data fed, the order's edits, the save, the return trip and the repeat. */
export const stepActions = {
  setData: assignBooking(({ context, event }) => {
    if (event.type !== 'data.update') return {}
    const current = event.passengers.find((passenger) => passenger.id === context.order.passenger?.id)
    // The first passenger is preselected; one no longer there is replaced by the first.
    const passenger = current ?? event.passengers[0] ?? null
    return { passengers: event.passengers, email: event.email, ...choosePassenger(context, passenger) }
  }),
  setPlaces: assignBooking(({ context, event }) =>
    event.type === 'places.update' && event.passengerId === context.order.passenger?.id
      ? { places: event.places }
      : {},
  ),
  setNow: assignBooking(({ event }) => (event.type === 'clock.tick' ? { now: event.now } : {})),
  setOnline: assignBooking(({ event }) => (event.type === 'network.change' ? { online: event.online } : {})),
  selectPassenger: assignBooking(({ context, event }) => {
    if (event.type !== 'passenger.select') return {}
    const passenger = context.passengers?.find(({ id }) => id === event.passengerId)
    return passenger ? choosePassenger(context, passenger) : {}
  }),
  bookAgain: assignBooking(({ context, event }) => {
    if (event.type !== 'route.again') return {}
    const passenger = context.passengers!.find(({ id }) => id === event.passengerId)!
    const samePassenger = passenger.id === context.order.passenger?.id
    const order = {
      ...freshOrder(passenger, context),
      // The date stays as the step had it (today unless chosen): the one thing the user picks.
      date: context.order.date,
      // The quota is chosen again from the date's quotas (the previous one first).
      quota: samePassenger ? context.order.quota : null,
      time: event.time,
      fromAddress: event.from,
      toAddress: event.to,
    }
    return {
      ...startedOver(order),
      places: samePassenger ? context.places : null,
      again: { returnTime: event.returnTime },
    }
  }),
  setDate: assignBooking(({ context, event }) =>
    event.type === 'date.change' ? { order: { ...context.order, date: event.date } } : {},
  ),
  selectQuota: assignBooking(({ context, event }) => {
    if (event.type !== 'quota.select') return {}
    const quota = context.quotas?.find(({ id }) => id === event.quotaId)
    return quota ? { order: { ...context.order, quota } } : {}
  }),
  setTime: assignBooking(({ context, event }) =>
    event.type === 'time.change'
      ? {
          order: {
            ...context.order,
            time: event.time === null ? null : timeFieldMinutes(event.time, context.returnFrom),
          },
        }
      : {},
  ),
  setTimeMode: assignBooking(({ context, event }) =>
    event.type === 'timeMode.change'
      ? { order: { ...context.order, isDepartureTime: event.isDepartureTime } }
      : {},
  ),
  setFrom: assignBooking(({ context, event }) =>
    event.type === 'from.change' ? { order: { ...context.order, fromAddress: event.place } } : {},
  ),
  setFromApartment: assignBooking(({ context, event }) =>
    event.type === 'from.apartment' ? { order: { ...context.order, fromApartment: event.value } } : {},
  ),
  setTo: assignBooking(({ context, event }) =>
    event.type === 'to.change' ? { order: { ...context.order, toAddress: event.place } } : {},
  ),
  setToApartment: assignBooking(({ context, event }) =>
    event.type === 'to.apartment' ? { order: { ...context.order, toApartment: event.value } } : {},
  ),
  addViaPoint: assignBooking(({ context }) => ({
    order: { ...context.order, viaPoints: [...context.order.viaPoints, newViaPoint()] },
  })),
  removeViaPoint: assignBooking(({ context, event }) =>
    event.type === 'via.remove'
      ? {
          order: {
            ...context.order,
            viaPoints: context.order.viaPoints.filter((_, index) => index !== event.index),
          },
        }
      : {},
  ),
  setViaPlace: assignBooking(({ context, event }) =>
    event.type === 'via.change'
      ? { order: withViaPoint(context.order, event.index, { viaPointAddress: event.place }) }
      : {},
  ),
  setViaApartment: assignBooking(({ context, event }) =>
    event.type === 'via.apartment'
      ? { order: withViaPoint(context.order, event.index, { viaPointApartment: event.value }) }
      : {},
  ),
  setViaWait: assignBooking(({ context, event }) =>
    event.type === 'via.wait'
      ? { order: withViaPoint(context.order, event.index, { waitTime: event.waitTime }) }
      : {},
  ),
  setPhone: assignBooking(({ context, event }) =>
    event.type === 'phone.change' ? { order: { ...context.order, phone: event.value } } : {},
  ),
  setPassengerCount: assignBooking(({ context, event }) =>
    event.type === 'passengerCount.change'
      ? { order: { ...context.order, passengerCount: event.value } }
      : {},
  ),
  setAttendant: assignBooking(({ context, event }) =>
    event.type === 'attendant.change' ? { order: { ...context.order, withAttendant: event.value } } : {},
  ),
  toggleExtra: assignBooking(({ context, event }) => {
    const { quota } = context.order
    if (event.type !== 'extra.toggle' || !quota) return {}
    const extras = quota.extras.map((extra) =>
      extra.extraId === event.extraId ? { ...extra, selected: !extra.selected } : extra,
    )
    return { order: { ...context.order, quota: { ...quota, extras } } }
  }),
  setInfo: assignBooking(({ context, event }) =>
    event.type === 'info.change' ? { order: { ...context.order, additionalInfo: event.value } } : {},
  ),
  prepareSave: assignBooking(({ context }) => {
    const request = requestOf(context)!
    const series = context.repeat ? plannedSeries(context) : null
    // The same request again (a retry) keeps its key: if the lost answer was a booking, the server replays it.
    const same =
      context.save &&
      JSON.stringify([context.save.request, context.save.series]) === JSON.stringify([request, series])
    return { save: same ? context.save : { key: newKey(), request, series }, failure: null }
  }),
  storeBooked: assignBooking(({ event }) => ({
    booked: (event as unknown as DoneActorEvent<Booked>).output,
    failure: null,
    // The quota was used: fetch its counts again.
    quotasFor: null,
  })),
  storeFailure: assignBooking(({ context, event }) => {
    const { status, body } = callFailureOf((event as unknown as ErrorActorEvent).error)
    const failure = bookingFailure(status ?? 0, body, context.save?.series?.dates)
    // A refusal for good is the answer to that save: the user's next tap is a new request with a new key,
    // which the server judges again (the quota may have room by then), not a replay of the refusal.
    const final = classifyFailure(status ?? 0, body?.code ?? null) === 'reject'
    return { failure, ...(final ? { save: null } : {}) }
  }),
  /**
   * Has the passenger's reads pulled again after a save, the booking awaiting approval with them (the screen
   * provides it).
   */
  reloadTrips: () => {},
  reset: assignBooking(({ context }) => {
    // The quota is chosen again from those offered, the previous one first, as after a fetch.
    const order = { ...freshOrder(context.order.passenger, context), quota: context.order.quota }
    const chosen = context.quotas ? withQuotas({ ...context, order }, context.quotas).order : order
    return { ...startedOver(chosen!), passengerSkipped: false }
  }),
  startReturn: assignBooking(({ context }) => {
    // The return of a series repeats on the dates its outbound booked (past midnight, the day after each: planOf).
    const { save, booked } = context
    const outbound = save?.series && booked && 'seriesId' in booked ? save.series : null
    const skipped = new Set(booked && 'seriesId' in booked ? booked.skipped.map(({ date }) => date) : [])
    const repeat = outbound
      ? returnRepeat(
          outbound,
          outbound.dates.filter((date) => !skipped.has(date)),
        )
      : null
    const order = returnOrder(context.order)
    // A route booked again returns at the time its day's return had (past the outbound's time: the next day).
    const againTime = context.again?.returnTime ?? null
    const time = againTime === null ? order.time : timeFieldMinutes(againTime, context.order.time)
    return startedOver({ ...order, time }, context.order.time, repeat)
  }),
  toggleRepeat: assignBooking(({ context, event }) => {
    if (event.type !== 'repeat.toggle') return {}
    // From the ride's own day: a return past midnight repeats on the weekday it is on.
    const first = rideDay(context.order)
    return { repeat: event.on ? newRepeat(first!, context.order.quota!, context.seriesHorizonWeeks) : null }
  }),
  setRepeatWeekday: assignBooking(({ context, event }) =>
    event.type === 'repeat.weekday' && context.repeat
      ? { repeat: withWeekday(context.repeat, event.day, event.on) }
      : {},
  ),
  setRepeatUntil: assignBooking(({ context, event }) =>
    event.type === 'repeat.until' && context.repeat
      ? { repeat: { ...context.repeat, until: event.date } }
      : {},
  ),
  setRepeatHolidays: assignBooking(({ context, event }) =>
    event.type === 'repeat.holidays' && context.repeat
      ? { repeat: { ...context.repeat, includeHolidays: event.include } }
      : {},
  ),
  setRepeatDate: assignBooking(({ context, event }) =>
    event.type === 'repeat.date' && context.repeat
      ? { repeat: withRemoved(context.repeat, event.date, event.removed) }
      : {},
  ),
  setRepeatFitOnly: assignBooking(({ context, event }) =>
    event.type === 'repeat.fitOnly' && context.repeat
      ? { repeat: { ...context.repeat, fitOnly: event.value } }
      : {},
  ),
  skipPassenger: assignBooking({ passengerSkipped: true }),
}

/** The quotas region is in one of these states. */
function quotasIn(...states: ('none' | 'failed' | 'loaded')[]) {
  return or(states.map((state) => stateIn({ quotas: state })))
}

/** What a guard reads, outside the setup that checks it again. */
type On = { context: BookingContext; event: BookingEvent }

/** The wizard's guards: whether a step may be left, an edit taken, a save sent. */
export const stepGuards = {
  // A summary also needs the request to be built: its places have coordinates.
  isStepValid: ({ context }: On, { step }: { step: BookingStep }) =>
    problemsAt(step, context).length === 0 &&
    ((step !== 6 && step !== 9) ||
      (requestOf(context) !== null && (context.repeat === null || plannedSeries(context) !== null))),
  // A series needs the first ride's date and permission, which a summary always has.
  canRepeat: ({ context }: On) => context.order.date !== null && context.order.quota !== null,
  isRepeated: ({ context }: On) => context.repeat !== null,
  isDataReady: ({ context }: On) => context.passengers !== null,
  isAgain: ({ context }: On) => context.again !== null,
  hasAgainReturn: ({ context }: On) => context.again?.returnTime != null,
  isAgainPassenger: ({ context, event }: On) =>
    event.type === 'route.again' && !!context.passengers?.some(({ id }) => id === event.passengerId),
  // The quotas region's state is the answer for the order's passenger and date, not an earlier one's.
  areQuotasFresh: ({ context }: On) => context.quotasFor !== null && context.quotasFor === quotaKey(context),
  hasOnePassenger: ({ context }: On) => context.passengers?.length === 1,
  wasPassengerSkipped: ({ context }: On) => context.passengerSkipped,
  isOffline: ({ context }: On) => !context.online,
  isConnectionFailure: ({ event }: On) =>
    callFailureOf((event as unknown as ErrorActorEvent).error).status === 0,
  canAddViaPoint: ({ context }: On) =>
    !!context.order.quota?.allowViaPoints && context.order.viaPoints.length < viaPointMax,
  isViaPoint: ({ context, event }: On) =>
    'index' in event && event.index >= 0 && event.index < context.order.viaPoints.length,
}

/** The passenger chosen: the phone prefilled with theirs; another passenger's saved places are theirs alone. */
function choosePassenger(context: BookingContext, passenger: Passenger | null): Partial<BookingContext> {
  const { order } = context
  if (passenger?.id === order.passenger?.id) return { order: { ...order, passenger } }
  return {
    places: null,
    // Another passenger's route is not theirs.
    again: null,
    order: {
      ...order,
      passenger,
      phone: passenger?.phone ?? '',
      fromAddress: null,
      toAddress: null,
      viaPoints: [],
    },
  }
}
