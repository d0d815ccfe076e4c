import { Temporal } from 'temporal-polyfill'
import type { ReviewData } from '../domain/tripEvents'
import type { DemoPlace, PlaceRole } from './places'
import type { PassengerKind } from './people'
import { cars } from './people'
import type { DemoState, TripPlan } from './tripEvents'

export const demoTimeZone = 'Europe/Helsinki'

export interface DemoPassenger {
  id: string
  kind: PassengerKind
  places: DemoPlace[]
  /** Staggers the passengers' trip times and cars. */
  index: number
}

function place(passenger: DemoPassenger, role: PlaceRole): DemoPlace {
  const found = passenger.places.find((candidate) => candidate.role === role)
  if (!found) throw new Error(`Demo passenger has no ${role} place`)
  return found
}

interface TripOptions {
  state?: DemoState
  deductibleCents?: number | null
  note?: string | null
  cancelReason?: string
  via?: { role: PlaceRole; waitMinutes: number }
  durationMinutes?: number
  review?: ReviewData
}

/** How long a passenger's trip usually takes. */
const usualMinutes = (passenger: DemoPassenger) => 25 + passenger.index * 5

function plan(
  passenger: DemoPassenger,
  from: PlaceRole,
  to: PlaceRole,
  start: Temporal.Instant,
  options: TripOptions = {},
): TripPlan {
  return {
    passengerId: passenger.id,
    from: place(passenger, from),
    to: place(passenger, to),
    ...(options.via
      ? { via: { place: place(passenger, options.via.role), waitMinutes: options.via.waitMinutes } }
      : {}),
    start,
    durationMinutes: options.durationMinutes ?? usualMinutes(passenger),
    state: options.state ?? 'booked',
    car: cars[passenger.index % cars.length]!,
    // Older passengers pay a deductible; school transport is free.
    deductibleCents: options.deductibleCents ?? (passenger.kind === 'elder' ? 310 : null),
    note: options.note ?? (passenger.kind === 'elder' ? 'Rollaattori mukana, avustus ovelta ovelle.' : null),
    ...(options.cancelReason ? { cancelReason: options.cancelReason } : {}),
    ...(options.review ? { review: options.review } : {}),
  }
}

/** The morning and afternoon trips of a weekday: to school or the day centre and back home. */
function weekdayTrips(passenger: DemoPassenger, date: Temporal.PlainDate, dayIndex: number): TripPlan[] {
  const child = passenger.kind === 'child'
  const at = (hour: number, minute: number) =>
    date
      .toZonedDateTime({ timeZone: demoTimeZone, plainTime: { hour, minute } })
      .toInstant()
      .add({ minutes: passenger.index * 10 })
  const morning = at(child ? 7 : 8, child ? 40 : 30)
  const afternoon = at(child ? 14 : 15, child ? 15 : 0)
  const state = plannedState(dayIndex)
  return [
    plan(passenger, 'home', 'main', morning, { state }),
    plan(passenger, 'main', 'home', afternoon, { state }),
  ]
}

/** Tomorrow's cars are already assigned; later trips wait for a car. */
const plannedState = (dayIndex: number): DemoState =>
  dayIndex === 1 ? 'dispatched' : dayIndex === 2 ? 'routed' : 'booked'

/**
 * The next Saturday or Sunday after today: tomorrow on a Friday or a Saturday, so that tomorrow always has trips
 * (and with them a car already dispatched), whatever the weekday.
 */
function nextWeekendDay(today: Temporal.PlainDate): Temporal.PlainDate {
  if (today.dayOfWeek === 6) return today.add({ days: 1 })
  return today.add({ days: today.dayOfWeek === 7 ? 6 : 6 - today.dayOfWeek })
}

/** Weekday trips from tomorrow on, for `days` days. */
export function regularTrips(passenger: DemoPassenger, today: Temporal.PlainDate, days: number): TripPlan[] {
  const trips: TripPlan[] = []
  for (let dayIndex = 1; dayIndex <= days; dayIndex++) {
    const date = today.add({ days: dayIndex })
    if (date.dayOfWeek <= 5) trips.push(...weekdayTrips(passenger, date, dayIndex))
  }
  return trips
}

/** A start time `offset` minutes from now, kept inside today so that today's list always has these trips. */
function todayAt(now: Temporal.ZonedDateTime, offsetMinutes: number): Temporal.Instant {
  const earliest = now.startOfDay().add({ minutes: 5 })
  const latest = now.startOfDay().add({ hours: 23, minutes: 25 })
  const wanted = now.add({ minutes: offsetMinutes }).round({ smallestUnit: 'minute', roundingMode: 'floor' })
  if (Temporal.ZonedDateTime.compare(wanted, earliest) < 0) return earliest.toInstant()
  if (Temporal.ZonedDateTime.compare(wanted, latest) > 0) return latest.toInstant()
  return wanted.toInstant()
}

/**
 * How long a trip that is over by now may last: its usual duration, shortened just after midnight, when a trip
 * kept inside today would otherwise still be running (at least a minute, so in the first minutes of the day it
 * still is).
 */
function endedBy(now: Temporal.ZonedDateTime, start: Temporal.Instant, usual: number): number {
  // The drop-off is stamped a minute after the end (server/demo/tripEvents.ts), and must not be in the future.
  const available = Math.floor(start.until(now.toInstant()).total('minutes')) - 1
  return Math.max(1, Math.min(usual, available))
}

/**
 * The guardian's three passengers: today's trips around the current time in every state (done and reviewable,
 * done and reviewed by the guardian, no-show, cancelled, aboard, car waiting, en route, dispatched, waiting for
 * a car), then two weeks of regular trips with cancellations, a via point, a leisure trip with a deductible
 * and a weekend outing.
 */
export function guardianTrips(
  passengers: readonly DemoPassenger[],
  now: Temporal.ZonedDateTime,
  guardianId: string,
): TripPlan[] {
  const [first, second, elder] = passengers
  if (!first || !second || !elder) throw new Error('The guardian has three demo passengers')
  const today = now.toPlainDate()
  const ill = 'Sairastunut, jää kotiin.'
  const review = {
    comment: 'Kuljettaja odotti ovella ja auttoi turvaistuimen kanssa. Kiitos!',
    driverStars: 4,
    experienceStars: 4,
    userId: guardianId,
  }
  // Trips over by now: done or a no-show whatever the time of day.
  const over = (passenger: DemoPassenger, offsetMinutes: number) => {
    const start = todayAt(now, offsetMinutes)
    return { start, durationMinutes: endedBy(now, start, usualMinutes(passenger)) }
  }
  const done = over(second, -260)
  const doneToo = over(first, -200)
  const noShow = over(elder, -140)
  const trips: TripPlan[] = [
    plan(second, 'home', 'errand', done.start, {
      state: 'done',
      review,
      durationMinutes: done.durationMinutes,
    }),
    plan(first, 'home', 'main', doneToo.start, { state: 'done', durationMinutes: doneToo.durationMinutes }),
    plan(elder, 'home', 'main', noShow.start, { state: 'noShow', durationMinutes: noShow.durationMinutes }),
    plan(second, 'home', 'main', todayAt(now, -90), { state: 'cancelled', cancelReason: ill }),
    plan(first, 'main', 'errand', todayAt(now, -15), { state: 'aboard', durationMinutes: 35 }),
    plan(elder, 'main', 'home', todayAt(now, 6), {
      state: 'carWaiting',
      via: { role: 'errand', waitMinutes: 5 },
    }),
    plan(second, 'main', 'leisure', todayAt(now, 25), { state: 'enRoute', deductibleCents: 530 }),
    plan(first, 'errand', 'home', todayAt(now, 90), { state: 'dispatched' }),
    plan(second, 'leisure', 'home', todayAt(now, 240), { state: 'booked', deductibleCents: 530 }),
  ]
  for (const passenger of passengers) trips.push(...regularTrips(passenger, today, 13))
  const outing = nextWeekendDay(today)
  const outingAt = (hour: number) =>
    outing.toZonedDateTime({ timeZone: demoTimeZone, plainTime: { hour } }).toInstant()
  const state = plannedState(today.until(outing).days)
  trips.push(
    plan(second, 'home', 'leisure', outingAt(10), { deductibleCents: 530, state }),
    plan(second, 'leisure', 'home', outingAt(12), { deductibleCents: 530, state }),
  )
  return trips.map((trip) => varied(trip, { first, second, elder }, today))
}

/** Turns some regular trips into the cases a guardian meets: illness, an errand on the way, a leisure trip. */
function varied(
  trip: TripPlan,
  who: Record<'first' | 'second' | 'elder', DemoPassenger>,
  today: Temporal.PlainDate,
): TripPlan {
  const day = today.until(trip.start.toZonedDateTimeISO(demoTimeZone).toPlainDate()).days
  if (day === 0) return trip
  if (day === 3 && trip.passengerId === who.second.id) {
    return { ...trip, state: 'cancelled', cancelReason: 'Sairastunut, koko päivä poissa.' }
  }
  if (day === 4 && trip.passengerId === who.elder.id && trip.from.role === 'home') {
    const errand = who.elder.places.find((candidate) => candidate.role === 'errand')
    return errand
      ? { ...trip, via: { place: errand, waitMinutes: 10 }, durationMinutes: trip.durationMinutes + 15 }
      : trip
  }
  if (day === 5 && trip.passengerId === who.first.id && trip.from.role === 'main') {
    const leisure = who.first.places.find((candidate) => candidate.role === 'leisure')
    return leisure
      ? { ...trip, to: leisure, deductibleCents: 530, note: 'Uintiharrastus, kassi mukana.' }
      : trip
  }
  return trip
}

/** The single user's passenger: a trip later today and the weekday school trips. */
export function singleTrips(passenger: DemoPassenger, now: Temporal.ZonedDateTime): TripPlan[] {
  return [
    plan(passenger, 'main', 'home', todayAt(now, 120), { state: 'booked' }),
    ...regularTrips(passenger, now.toPlainDate(), 13),
  ]
}
