import { Temporal } from 'temporal-polyfill'
import type { FieldError } from '../../src/contract/common'
import type { Passenger } from '../../src/contract/passenger'
import type { Trip } from '../../src/contract/trip'
import type { CancelReasonCode, TripRef } from '../../src/contract/tripCommands'
import type { CancelReasonChoice } from '../../src/domain/trips/cancelReason'
import { isCancellableInFrame } from '../../src/domain/trips/cancellation'
import { beyondShown, parseIsoDate, startError, type DateFrame } from '../../src/domain/trips/dateFrame'

/** The cancel wizard's context, events and the pure rules over them (the machine is cancelTrips.machine.ts). */

export type DateMode = 'single' | 'period'
/** The server's answer for the dates past the device's trips: asked, answered, or failed. */
export type DistantStatus = 'loading' | 'loaded' | 'failed'
export type DateFieldError = 'must_not_be_empty' | 'check_date_format' | 'before_today' | 'before_start'
export type PassengerOption = Pick<Passenger, 'id' | 'name' | 'avatarText'>
export interface ChosenTrip extends TripRef {
  passengerId: string
}
/** What the wizard reads of its outbox command (an `OutboxCommand` fits). */
export interface CommandProgress {
  id: string
  status: 'pending' | 'sending' | 'acked' | 'rejected'
  response: unknown
  lastError: CommandFailure | null
}
export interface CommandFailure {
  status: number
  code: string
  errors?: FieldError[]
}
export interface CancelRequest {
  trips: TripRef[]
  reason: string
  reasonCode: CancelReasonCode
  passengerIds: string[]
}

export interface CancelTripsContext {
  timeZone: string
  /** ISO instant of the screen's clock; trips that start before it are no longer offered. */
  now: string
  online: boolean
  /** The user's passengers; null until the screen has fed the local data. */
  passengers: PassengerOption[] | null
  trips: Trip[]
  /** Keys (`tripKey`) of trips whose cancellation already waits in the outbox: not offered again. */
  pendingTrips: string[]
  /**
   * The chosen passengers' trips on the chosen dates past this device's two weeks, as the server answered for
   * `distantKey` (`distantRequest`); the screen asks for them online and feeds them in.
   */
  distantKey: string | null
  distantStatus: DistantStatus
  distantTrips: Trip[]
  mode: DateMode
  /** The date fields as typed: YYYY-MM-DD (a native date input's value). */
  start: string
  end: string
  passengerIds: string[]
  passengersSkipped: boolean
  chosen: ChosenTrip[]
  /** The free text of the reason. */
  reason: string
  /** The one-tap reason and its words as shown (`CancelReasonChoice`). */
  reasonCode: CancelReasonCode | null
  reasonWords: string
  /** The step's errors show once Next (or Send) was tried. */
  showErrors: boolean
  /** What Send queued, its command, and the outcome. */
  sent: CancelRequest | null
  commandId: string | null
  cancelledCount: number | null
  failure: CommandFailure | null
}

export type CancelTripsEvent =
  | { type: 'dates.mode'; mode: DateMode }
  | { type: 'dates.start'; value: string }
  | { type: 'dates.end'; value: string }
  | { type: 'passenger.toggle'; passengerId: string }
  | { type: 'trip.toggle'; trip: TripRef }
  | { type: 'reason.change'; value: string }
  | { type: 'reason.code'; code: CancelReasonCode; words: string }
  | { type: 'wizard.next' }
  | { type: 'wizard.back' }
  | { type: 'wizard.send' }
  | { type: 'wizard.restart' }
  | { type: 'data.update'; passengers: PassengerOption[]; trips: Trip[]; pendingTrips: string[] }
  | { type: 'distant.update'; key: string; status: DistantStatus; trips: Trip[] }
  | { type: 'clock.tick'; now: string }
  | { type: 'network.change'; online: boolean }
  | { type: 'command.update'; command: CommandProgress }

export interface CancelTripsInput {
  timeZone: string
  now: string
  online?: boolean
}

export const tripKey = (trip: TripRef): string => `${trip.id}|${trip.date}`

type DateFacts = Pick<CancelTripsContext, 'now' | 'timeZone'>
type FrameFacts = DateFacts & Pick<CancelTripsContext, 'mode' | 'start' | 'end'>

export function todayOf({ now, timeZone }: DateFacts): Temporal.PlainDate {
  return Temporal.Instant.from(now).toZonedDateTimeISO(timeZone).toPlainDate()
}

/** Each date field's error (spec section 5: ISO, not before today, end not before start). */
export function dateErrors(context: FrameFacts): {
  start: DateFieldError | null
  end: DateFieldError | null
} {
  const today = todayOf(context)
  const start = parseIsoDate(context.start)
  const startProblem = typeof start === 'string' ? start : startError(start, today)
  if (context.mode === 'single') return { start: startProblem, end: null }
  const end = parseIsoDate(context.end)
  if (typeof end === 'string') return { start: startProblem, end }
  if (typeof start !== 'string' && Temporal.PlainDate.compare(end, start) < 0) {
    return { start: startProblem, end: 'before_start' }
  }
  return { start: startProblem, end: startError(end, today) }
}

/** The chosen frame, or null while a date field has an error. */
export function dateFrame(context: FrameFacts): DateFrame | null {
  const errors = dateErrors(context)
  if (errors.start || errors.end) return null
  const start = Temporal.PlainDate.from(context.start)
  return { start, end: context.mode === 'single' ? start : Temporal.PlainDate.from(context.end) }
}

/** What to ask the server for: the chosen passengers' trips on the chosen dates past the device's own. */
export interface DistantRequest {
  key: string
  passengerIds: string[]
  from: string
  to: string
}

/**
 * The request for the dates past this device's trips, or null when the frame is within them (or not valid, or
 * no passenger is chosen). Its key names it: an answer for another key is stale.
 */
export function distantRequest(
  context: Pick<CancelTripsContext, keyof FrameFacts | 'passengerIds'>,
): DistantRequest | null {
  const frame = dateFrame(context)
  const beyond = frame && beyondShown(frame, todayOf(context))
  if (!beyond || context.passengerIds.length === 0) return null
  const passengerIds = [...context.passengerIds].sort()
  const [from, to] = [beyond.start.toString(), beyond.end.toString()]
  return { key: [from, to, ...passengerIds].join('|'), passengerIds, from, to }
}

/**
 * Where the trips past the device's own stand: none needed (null), being asked, answered, failed, or not to be
 * had while offline.
 */
export function distantState(context: CancelTripsContext): DistantStatus | 'offline' | null {
  const request = distantRequest(context)
  if (!request) return null
  if (context.distantKey === request.key) return context.distantStatus
  return context.online ? 'loading' : 'offline'
}

/** The trips step's list: the chosen passengers' cancellable trips in the frame, not already waiting. */
export function offeredTrips(context: CancelTripsContext): Trip[] {
  const frame = dateFrame(context)
  if (!frame) return []
  const now = Temporal.Instant.from(context.now)
  const passengers = new Set(context.passengerIds)
  const pending = new Set(context.pendingTrips)
  const local = new Set(context.trips.map(tripKey))
  const distant =
    distantState(context) === 'loaded' ? context.distantTrips.filter((trip) => !local.has(tripKey(trip))) : []
  return [...context.trips, ...distant].filter(
    (trip) =>
      passengers.has(trip.passenger.id) &&
      !pending.has(tripKey(trip)) &&
      isCancellableInFrame(trip, frame, now, context.timeZone),
  )
}

/** Keeps the choices consistent: passengers that still exist, and trips still offered (spec section 4). */
export function pruned(context: CancelTripsContext): Partial<CancelTripsContext> {
  // Until the local data has arrived (a restored wizard), nothing is known to be gone.
  if (!context.passengers) return {}
  const known = new Set(context.passengers.map((passenger) => passenger.id))
  const passengerIds = context.passengerIds.filter((id) => known.has(id))
  const offered = new Set(offeredTrips({ ...context, passengerIds }).map(tripKey))
  return { passengerIds, chosen: context.chosen.filter((trip) => offered.has(tripKey(trip))) }
}

type Choices = Omit<
  CancelTripsContext,
  | keyof DateFacts
  | 'online'
  | 'passengers'
  | 'trips'
  | 'pendingTrips'
  | 'distantKey'
  | 'distantStatus'
  | 'distantTrips'
>

/** A fresh wizard's choices: one day, today. */
export function choices(context: DateFacts): Choices {
  const today = todayOf(context).toString()
  return {
    mode: 'single',
    start: today,
    end: today,
    passengerIds: [],
    passengersSkipped: false,
    chosen: [],
    reason: '',
    reasonCode: null,
    reasonWords: '',
    showErrors: false,
    sent: null,
    commandId: null,
    cancelledCount: null,
    failure: null,
  }
}

/** The reason as the domain's rules take it. */
export function reasonChoice(
  context: Pick<CancelTripsContext, 'reason' | 'reasonCode' | 'reasonWords'>,
): CancelReasonChoice {
  return { code: context.reasonCode, words: context.reasonWords, text: context.reason }
}

/** Trips of the request that the server's answer (the trips now cancelled) lists. */
export function cancelledIn(response: unknown, request: CancelRequest): number {
  if (!Array.isArray(response)) return 0
  const answered = new Set(
    response.flatMap((trip: unknown) =>
      typeof trip === 'object' && trip !== null && 'id' in trip && 'date' in trip
        ? [tripKey({ id: String(trip.id), date: String(trip.date) })]
        : [],
    ),
  )
  return request.trips.filter((trip) => answered.has(tripKey(trip))).length
}
