import { Temporal } from 'temporal-polyfill'
import type { FieldError, TripProblemCode } from '../../src/contract/common'
import type { Trip } from '../../src/contract/trip'
import type { CancelReasonCode, CancelSource, TripRef } from '../../src/contract/tripCommands'
import { cancellationProblem, wizardCancellationProblem } from '../../src/domain/trips/cancellation'
import type { TenantDb } from '../db/tenantDb'
import { returnBookingQuota } from './booking/returnQuota'
import { isShownToPassenger, type TripProjection } from '../domain/tripProjection'
import { toTripView, type TripPassenger } from '../domain/tripView'
import { tellOperator } from '../outbox/operatorChanges'
import { userTrip, type UserTrip } from './access'
import { cancelChanges } from './cancelChanges'

export interface CancelCommand {
  userId: string
  trips: readonly TripRef[]
  reason: string
  /** Why, from the fixed list the operator is told. */
  reasonCode: CancelReasonCode
  source: CancelSource
  /** Each asked trip's series' later trips too (a trip's and its return's), those that can still be cancelled. */
  following: boolean
  passengers: ReadonlyMap<string, TripPassenger>
  timeZone: string
  now: Temporal.Instant
}

export interface CancelOutcome {
  /** The trips now cancelled, in the order asked. */
  cancelled: Trip[]
  /** Why each other trip was not: `trips.{index}` and a TripProblemCode. */
  problems: FieldError[]
}

/** The rule of the screen the cancellation came from, judged on the trip as it is now. */
function problemFor(command: CancelCommand, trip: Trip): TripProblemCode | null {
  if (command.source === 'wizard') return wizardCancellationProblem(trip, command.now)
  return cancellationProblem(trip, command.now.toZonedDateTimeISO(command.timeZone).toPlainDate())
}

/**
 * Cancels every trip of the command that can still be cancelled now (by the rule of the screen it came from,
 * judged on the trip as it is at this moment, in the tenant's time zone), and tells the operator so; call inside
 * a transaction. The trips are read locked, in id order so that two cancellations of the same trips cannot
 * deadlock, and the appends check the version they read. Each cancelled trip waits for the transport service's
 * receipt by the time the operator's answer gives.
 */
export async function cancelTrips(db: TenantDb, command: CancelCommand): Promise<CancelOutcome> {
  const refs = command.following ? await withFollowing(db, command) : command.trips
  const current = new Map<string, TripProjection | undefined>()
  for (const id of [...new Set(refs.map((ref) => ref.id))].sort()) {
    current.set(id, await db.trips.find(id, { lock: true }))
  }
  const outcome: CancelOutcome = { cancelled: [], problems: [] }
  const cancelling = new Map<string, UserTrip & { asked: boolean }>()
  for (const [index, ref] of refs.entries()) {
    const asked = index < command.trips.length
    // A later trip of the series may still await approval: it is withdrawn.
    const found = userTrip(current.get(ref.id), ref, command.passengers, command.timeZone, {
      awaiting: !asked,
    })
    // A trip named twice is cancelled by the first: the second finds it cancelled.
    const problem: TripProblemCode | null = !found
      ? 'not_found'
      : cancelling.has(ref.id)
        ? 'cancelled'
        : problemFor(command, found.view)
    if (problem || !found) {
      // A later trip of the series that cannot be cancelled any more is simply not: only the asked are problems.
      if (asked) outcome.problems.push({ property: `trips.${index}`, error: problem ?? 'not_found' })
      continue
    }
    cancelling.set(ref.id, { ...found, asked })
  }
  const changes = await cancelChanges(db, command, [...cancelling.values()])
  const told = await tellOperator(db, changes)
  const receipts = new Map(
    changes.flatMap((change, index) =>
      change.type === 'trip.cancelled' ? [[change.data.trip.id, told[index]!]] : [],
    ),
  )
  for (const { trip, passenger } of cancelling.values()) {
    const receipt = receipts.get(trip.id)
    const next = await db.trips.append(
      trip,
      [
        {
          type: 'cancelled',
          reason: command.reason,
          userId: command.userId,
          acknowledgeBy: receipt?.acknowledgeBy ?? null,
          phone: receipt?.phone ?? null,
        },
      ],
      command.now,
    )
    // A withdrawn booking gives its quota trip back, as a refused one does; the passenger never saw it.
    if (next.approval === 'withdrawn') await returnBookingQuota(db, trip.id)
    else outcome.cancelled.push(toTripView(next, passenger, command.timeZone))
  }
  return outcome
}

/**
 * The trips asked (a trip, and perhaps its return), then the later trips of each one's standing order that its
 * passenger sees or that await approval (named by id and date, as the portal names them), those beyond the
 * portal's two weeks too, each once. A trip of no series is itself alone.
 */
async function withFollowing(db: TenantDb, command: CancelCommand): Promise<TripRef[]> {
  const refs: TripRef[] = [...command.trips]
  const named = new Set(refs.map((ref) => ref.id))
  const dateOf = (trip: TripProjection) =>
    trip.start.toZonedDateTimeISO(command.timeZone).toPlainDate().toString()
  for (const ref of command.trips) {
    const asked = userTrip(await db.trips.find(ref.id), ref, command.passengers, command.timeZone)
    if (!asked?.trip.series) continue
    const start = asked.trip.start
    for (const trip of await db.trips.listSeries(asked.trip.series.id)) {
      const later =
        !named.has(trip.id) &&
        Temporal.Instant.compare(trip.start, start) > 0 &&
        (isShownToPassenger(trip) || trip.approval === 'awaiting')
      if (!later) continue
      named.add(trip.id)
      refs.push({ id: trip.id, date: dateOf(trip) })
    }
  }
  return refs
}
