import type { Temporal } from 'temporal-polyfill'
import type { CancelReasonCode, CancelSource } from '../../src/contract/tripCommands'
import type { TenantDb } from '../db/tenantDb'
import type { BookingRequestData } from '../domain/tripEvents'
import type { TripProjection } from '../domain/tripProjection'
import { zonedIso } from '../domain/tripView'
import type { ToldChange } from '../outbox/operatorChanges'

type Told<T extends ToldChange['type']> = Extract<ToldChange, { type: T }>

/** What a guardian's cancellation tells the operator about. */
export interface CancelTold {
  userId: string
  reason: string
  reasonCode: CancelReasonCode
  source: CancelSource
  timeZone: string
  now: Temporal.Instant
}

/** A trip the cancellation takes: one asked, or a later ride of the asked trip's series. */
export interface CancelledTrip {
  trip: TripProjection
  asked: boolean
}

/** A trip as a change names it: its id, its date and start in the tenant's zone. */
function tripNamed(trip: TripProjection, timeZone: string) {
  return {
    id: trip.id,
    date: trip.start.toZonedDateTimeISO(timeZone).toPlainDate().toString(),
    start: zonedIso(trip.start, timeZone),
  }
}

/**
 * The changes a cancellation tells the operator, in the order of its trips: each trip cancelled (from the screen
 * it was made on, or as a later ride of a series), then the bookings it withdrew while they awaited the
 * operator's decision, one change per series and one per booking of none.
 */
export async function cancelChanges(
  db: TenantDb,
  command: CancelTold,
  trips: readonly CancelledTrip[],
): Promise<ToldChange[]> {
  const cancelled = trips
    .filter(({ trip }) => trip.approval !== 'awaiting')
    .map(({ trip, asked }): Told<'trip.cancelled'> => ({
      ...toldBy(command),
      type: 'trip.cancelled',
      passengerId: trip.passengerId,
      data: {
        trip: tripNamed(trip, command.timeZone),
        source: asked ? command.source : 'following',
        reasonCode: command.reasonCode,
        reason: command.reason,
      },
    }))
  const withdrawn = trips.filter(({ trip }) => trip.approval === 'awaiting').map(({ trip }) => trip)
  return [...cancelled, ...(await withdrawals(db, command, withdrawn))]
}

/** When and by whom every change of the cancellation was made. */
const toldBy = (command: CancelTold) => ({ occurredAt: command.now, actorUserId: command.userId })

/** The withdrawn bookings, by series: what each asked for names its permission and its standing order. */
async function withdrawals(
  db: TenantDb,
  command: CancelTold,
  trips: readonly TripProjection[],
): Promise<ToldChange[]> {
  const requested: { trip: TripProjection; request: BookingRequestData }[] = []
  for (const trip of trips) {
    const [first] = await db.trips.events(trip.id)
    if (first?.type === 'requested') requested.push({ trip, request: first.request })
  }
  const refs = await db.permissions.refsOf([...new Set(requested.map(({ request }) => request.permissionId))])
  const permission = (request: BookingRequestData) => ({
    id: request.permissionId,
    ref: refs.get(request.permissionId) ?? null,
  })
  const bySeries = new Map<string, Told<'series.withdrawn'>>()
  const bookings: Told<'booking.withdrawn'>[] = []
  for (const { trip, request } of requested) {
    const named = tripNamed(trip, command.timeZone)
    const seriesId = request.series?.id
    if (!seriesId) {
      bookings.push({
        ...toldBy(command),
        type: 'booking.withdrawn',
        passengerId: trip.passengerId,
        data: { trip: named, permission: permission(request), seriesId: null },
      })
      continue
    }
    const series: Told<'series.withdrawn'> = bySeries.get(seriesId) ?? {
      ...toldBy(command),
      type: 'series.withdrawn',
      passengerId: trip.passengerId,
      data: { seriesId, permission: permission(request), trips: [] },
    }
    series.data.trips.push(named)
    bySeries.set(seriesId, series)
  }
  return [...bySeries.values(), ...bookings]
}
