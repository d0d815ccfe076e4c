import type { Insertable, Selectable } from 'kysely'
import { Temporal } from 'temporal-polyfill'
import type { TripStatusCode } from '../../../src/contract/trip'
import type { TenantId } from '../../../tenants'
import type { TripEvent } from '../../domain/tripEvents'
import { applyTripEvent, projectTrip, type TripProjection } from '../../domain/tripProjection'
import { jsonb } from '../json'
import type { Db, TripsTable } from '../schema'
import { decodeTripEvent, eventPayload } from '../tripEventCodec'

type TripRow = Selectable<TripsTable>

function toRow(tenant: TenantId, trip: TripProjection): Insertable<TripsTable> {
  return {
    tenant_id: tenant,
    id: trip.id,
    passenger_id: trip.passengerId,
    booked_at: trip.bookedAt,
    start_time: trip.start,
    end_time: trip.end,
    start_place_id: trip.startPlaceId,
    end_place_id: trip.endPlaceId,
    start_address: jsonb(trip.startAddress),
    end_address: jsonb(trip.endAddress),
    via_points: jsonb(
      trip.viaPoints.map((via) => ({
        address: via.address,
        placeId: via.placeId,
        time: via.time?.toString() ?? null,
        waitMinutes: via.waitMinutes,
      })),
    ),
    car_name: trip.carName,
    car_register_number: trip.carRegisterNumber,
    car_phone_number: trip.carPhoneNumber,
    driver_name: trip.driverName,
    deductible_cents: trip.deductibleCents,
    note: trip.note,
    cancelled_at: trip.cancelledAt,
    cancel_reason: trip.cancelReason,
    pickup_time: trip.pickupTime,
    dropoff_time: trip.dropoffTime,
    no_show_time: trip.noShowTime,
    allow_eta_query: trip.allowEtaQuery,
    allow_review: trip.allowReview,
    status_code: trip.statusCode,
    eta: trip.eta,
    etd: trip.etd,
    ata: trip.ata,
    car_latitude: trip.carLocation?.latitude ?? null,
    car_longitude: trip.carLocation?.longitude ?? null,
    version: trip.version,
  }
}

function fromRow(row: TripRow): TripProjection {
  return {
    id: row.id,
    passengerId: row.passenger_id,
    bookedAt: row.booked_at,
    start: row.start_time,
    end: row.end_time,
    startPlaceId: row.start_place_id,
    endPlaceId: row.end_place_id,
    startAddress: row.start_address,
    endAddress: row.end_address,
    viaPoints: row.via_points.map((via) => ({
      address: via.address,
      placeId: via.placeId,
      time: via.time === null ? null : Temporal.Instant.from(via.time),
      waitMinutes: via.waitMinutes,
    })),
    carName: row.car_name,
    carRegisterNumber: row.car_register_number,
    carPhoneNumber: row.car_phone_number,
    driverName: row.driver_name,
    deductibleCents: row.deductible_cents,
    note: row.note,
    cancelledAt: row.cancelled_at,
    cancelReason: row.cancel_reason,
    pickupTime: row.pickup_time,
    dropoffTime: row.dropoff_time,
    noShowTime: row.no_show_time,
    allowEtaQuery: row.allow_eta_query,
    allowReview: row.allow_review,
    statusCode: row.status_code as TripStatusCode,
    eta: row.eta,
    etd: row.etd,
    ata: row.ata,
    carLocation:
      row.car_latitude === null || row.car_longitude === null
        ? null
        : { latitude: row.car_latitude, longitude: row.car_longitude },
    version: row.version,
  }
}

/**
 * Trips are event-sourced: events are appended to `trip_events` and the `trips` row is their projection,
 * written in the same transaction. The primary key (trip, seq) makes a racing append of the same seq fail.
 */
export function tripsRepository(db: Db, tenant: TenantId) {
  const eventRows = (tripId: string, events: readonly TripEvent[]) =>
    events.map((event) => ({
      tenant_id: tenant,
      trip_id: tripId,
      seq: event.seq,
      type: event.type,
      payload: jsonb(eventPayload(event)),
      occurred_at: event.at,
    }))

  return {
    /** Trips of a passenger that start in [from, to), by start time. */
    async listForPassenger(
      passengerId: string,
      from: Temporal.Instant,
      to: Temporal.Instant,
    ): Promise<TripProjection[]> {
      const rows = await db
        .selectFrom('trips')
        .selectAll()
        .where('tenant_id', '=', tenant)
        .where('passenger_id', '=', passengerId)
        .where('start_time', '>=', from)
        .where('start_time', '<', to)
        .orderBy('start_time')
        .orderBy('id')
        .execute()
      return rows.map(fromRow)
    },

    async find(tripId: string): Promise<TripProjection | undefined> {
      const row = await db
        .selectFrom('trips')
        .selectAll()
        .where('tenant_id', '=', tenant)
        .where('id', '=', tripId)
        .executeTakeFirst()
      return row && fromRow(row)
    },

    async events(tripId: string): Promise<TripEvent[]> {
      const rows = await db
        .selectFrom('trip_events')
        .select(['seq', 'type', 'payload', 'occurred_at'])
        .where('tenant_id', '=', tenant)
        .where('trip_id', '=', tripId)
        .orderBy('seq')
        .execute()
      return rows.map(decodeTripEvent)
    },

    /** Stores new trips with their whole logs (seed and import): the events and their projections in bulk. */
    async recordNewTrips(trips: readonly { id: string; events: readonly TripEvent[] }[]): Promise<void> {
      if (trips.length === 0) return
      const projections = trips.map((trip) => projectTrip(trip.id, trip.events))
      await db
        .insertInto('trip_events')
        .values(trips.flatMap((trip) => eventRows(trip.id, trip.events)))
        .execute()
      await db
        .insertInto('trips')
        .values(projections.map((trip) => toRow(tenant, trip)))
        .execute()
    },

    /** Appends events to an existing trip and updates its projection; call inside a transaction. */
    async appendEvents(tripId: string, events: readonly TripEvent[]): Promise<TripProjection> {
      const current = await this.find(tripId)
      if (!current) throw new Error(`Unknown trip ${tripId}`)
      const next = events.reduce(applyTripEvent, current)
      if (events.length > 0) await db.insertInto('trip_events').values(eventRows(tripId, events)).execute()
      const { tenant_id: _tenant, id: _id, ...changes } = toRow(tenant, next)
      await db
        .updateTable('trips')
        .set(changes)
        .where('tenant_id', '=', tenant)
        .where('id', '=', tripId)
        .execute()
      return next
    },
  }
}
