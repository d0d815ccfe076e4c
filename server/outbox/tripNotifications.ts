import { bookingRefusalCodes } from '../../src/contract/codes'
import { etaMinutesRange } from '../../src/contract/notifications'
import { tripStatusCodes } from '../../src/contract/trip'
import { firstName } from '../../src/domain/tracking/passengerName'
import type { TenantDb } from '../db/tenantDb'
import type { TripEvent } from '../domain/tripEvents'
import { isShownToPassenger, type TripProjection } from '../domain/tripProjection'
import { zonedIso } from '../domain/tripView'
import { enqueueNotification, enqueueOnceWithin } from './enqueue'
import type { NotificationData } from '../domain/notificationData'
import { tenantTimeZone } from '../time/timeZone'

/** A trip's event as the producers see it: the trip before (undefined for a booking) and after it. */
export interface TripChange {
  before: TripProjection | undefined
  after: TripProjection
  event: TripEvent
}

/** What names the trip in every notification about it. */
interface TripNames {
  passengerId: string
  firstName: string
  tripId: string
  date: string
}

const isRefusalCode = (reason: string): boolean => (bookingRefusalCodes as readonly string[]).includes(reason)

/**
 * What the guardians hear of one event of a trip, in no language: a pickup, the car waiting, a drop-off, a
 * no-show, the operator's cancellation, the start moved, a booking approved or refused. A cancellation made in
 * the portal (its `userId` set) is nobody's news: `tripCancelled` says the operator cancelled, the guardian who
 * did knows, and a co-guardian sees it on the trips page; but the transport service's refusal of it is, as the
 * car will come. Only trips their passenger is shown are told of, but
 * for the decision on a booking. Pure, and table-tested.
 */
export function tripEventNotifications(
  change: TripChange,
  names: TripNames,
  timeZone: string,
): NotificationData[] {
  const { before, after, event } = change
  const at = zonedIso(event.at, timeZone)
  const startAt = zonedIso(after.start, timeZone)
  switch (event.type) {
    case 'cancelReceipt':
      // The guardian's cancellation will not stop the car: its guardians must call.
      return event.outcome === 'refused' ? [{ kind: 'cancellationRefused', ...names, startAt }] : []
    case 'approved':
      return [{ kind: 'bookingApproved', ...names, startAt }]
    case 'refused':
      return [
        {
          kind: 'bookingRefused',
          ...names,
          startAt,
          reason: isRefusalCode(event.reason) ? event.reason : null,
        },
      ]
    default:
  }
  if (!before || !isShownToPassenger(after)) return []
  switch (event.type) {
    case 'carWaiting':
      return [{ kind: 'waiting', ...names, at }]
    case 'pickedUp':
      return [{ kind: 'pickedUp', ...names, at }]
    case 'droppedOff':
      return [{ kind: 'droppedOff', ...names, at }]
    case 'noShow':
      return [{ kind: 'noShow', ...names, at }]
    case 'cancelled':
      return event.userId === null ? [{ kind: 'tripCancelled', ...names, startAt }] : []
    default:
  }
  // The operator moved it (rescheduled): the guardians hear the new time.
  if (!before.start.equals(after.start) && after.cancelledAt === null) {
    return [{ kind: 'tripTimeChanged', ...names, startAt, previousStartAt: zonedIso(before.start, timeZone) }]
  }
  return []
}

/** Statuses in which the car has not yet reached the pickup: the "car is near" alert still means something. */
const beforePickup: ReadonlySet<number> = new Set([
  tripStatusCodes.Booked,
  tripStatusCodes.Routed,
  tripStatusCodes.Dispatching,
  tripStatusCodes.Dispatched,
  tripStatusCodes.EnRoute,
])

/**
 * The "car is near" alert an event may bring: after an event that reports the departure from the pickup (en
 * route with an ETD, or a position with one), for a shown trip whose car has not yet come, the whole minutes
 * from the event to that ETD (never below 0), when within the largest number a user may choose. Each guardian
 * is then told once, when the minutes reach their own number.
 */
export function etaAlert(
  change: TripChange,
  names: TripNames,
  timeZone: string,
): { data: NotificationData; minutesLeft: number; mark: string } | null {
  const { after, event } = change
  if (event.type !== 'enRoute' && event.type !== 'position') return null
  if (!after.etd || after.pickupTime || !beforePickup.has(after.statusCode) || !isShownToPassenger(after))
    return null
  const seconds = event.at.until(after.etd).total('seconds')
  const minutesLeft = Math.max(0, Math.ceil(seconds / 60))
  if (minutesLeft > etaMinutesRange.max) return null
  return {
    data: { kind: 'eta', ...names, at: zonedIso(after.etd, timeZone), minutes: minutesLeft },
    minutesLeft,
    mark: `eta:${names.tripId}:${names.date}`,
  }
}

/**
 * Queues what the guardians of the trip's passenger hear of an operator's event, in the event's transaction
 * (`db`); the operator is no user, so nobody is left out as its actor.
 */
export async function notifyTripEvent(db: TenantDb, change: TripChange): Promise<void> {
  const timeZone = tenantTimeZone(db.tenant)
  const { after } = change
  const unnamed: TripNames = {
    passengerId: after.passengerId,
    firstName: '',
    tripId: after.id,
    date: after.start.toZonedDateTimeISO(timeZone).toPlainDate().toString(),
  }
  // Most events (a car's position) tell nobody anything: the passenger's name is read only when one does.
  if (tripEventNotifications(change, unnamed, timeZone).length === 0 && !etaAlert(change, unnamed, timeZone))
    return
  const passenger = await db.passengers.find(after.passengerId)
  if (!passenger) return
  const names = { ...unnamed, firstName: firstName(passenger.name) }
  const now = change.event.at
  for (const data of tripEventNotifications(change, names, timeZone)) {
    await enqueueNotification(db, { data, passengerId: passenger.id, now })
  }
  const eta = etaAlert(change, names, timeZone)
  if (eta) {
    await enqueueOnceWithin(db, { data: eta.data, passengerId: passenger.id, now }, eta.mark, eta.minutesLeft)
  }
}
