import type { Temporal } from 'temporal-polyfill'
import { tripListMaxCount } from '../../../src/contract/endpoints'
import { finalStatusCodes } from '../../../src/domain/tracking/finalStatus'
import type { TripEvent, TripEventData } from '../../domain/tripEvents'
import { applyTripEvent, projectTrip, type TripProjection } from '../../domain/tripProjection'
import { anyOf } from '../anyOf'
import { TripVersionConflict } from '../conflicts'
import { jsonb } from '../json'
import { grantedTo } from './passengers'
import { toTripBody, type TripBody, type TripPassenger } from '../../domain/tripView'
import { decodeTripEvent, eventPayload } from '../tripEventCodec'
import { jsonRecords } from '../jsonRecords'
import { fromTripRow, storedViewTimeZone, toTripRow, tripColumnTypes, tripRecord } from '../tripRows'
import type { ScopedDb } from '../tenantScope'

/**
 * Trips are event-sourced: events are appended to `trip_events` and the `trips` row is their projection,
 * written in the same transaction. Two guards keep a concurrent writer from being lost: the primary key
 * (trip, seq) refuses a second event with the same seq, and the projection is only updated from the version
 * it was read at.
 */
/** The columns of a new trip event, each with its SQL type (`recordedAt` is the database's). */
const eventColumnTypes = {
  trip_id: 'text',
  seq: 'integer',
  type: 'text',
  payload: 'jsonb',
  occurred_at: 'timestamptz',
} as const
const eventColumns = Object.keys(eventColumnTypes) as (keyof typeof eventColumnTypes)[]
const tripColumns = Object.keys(tripColumnTypes) as (keyof typeof tripColumnTypes)[]

export function tripsRepository(db: ScopedDb) {
  const eventRows = (tripId: string, events: readonly TripEvent[]) =>
    events.map((event) => ({
      trip_id: tripId,
      seq: event.seq,
      type: event.type,
      payload: jsonb(eventPayload(event)),
      occurred_at: event.at,
    }))
  const trips = () => db.selectFrom('trips').selectAll()
  const startingIn = (passengerId: string, from: Temporal.Instant, to: Temporal.Instant) =>
    db
      .selectFrom('trips')
      .where('passenger_id', '=', passengerId)
      .where('start_time', '>=', from)
      .where('start_time', '<', to)
      .where((eb) => eb.or([eb('approval', 'is', null), eb('approval', '=', 'approved')]))
      .orderBy('start_time')
      .orderBy('id')
      .limit(tripListMaxCount)

  const listForPassenger = async (
    passengerId: string,
    from: Temporal.Instant,
    to: Temporal.Instant,
  ): Promise<TripProjection[]> =>
    (await startingIn(passengerId, from, to).selectAll().execute()).map(fromTripRow)

  return {
    /**
     * Trips of a passenger that start in [from, to), by start time: at most `tripListMaxCount`, the earliest,
     * so that one passenger's many trips cannot make one read (and everyone else's reads) slow.
     */
    listForPassenger,

    /**
     * A passenger granted to the user, with the views (without passenger) of their trips that start in
     * [from, to), by start time (at most `tripListMaxCount`), in one query; undefined when the user has no such passenger. In the stored
     * view's zone the views are read as stored; in another zone, or for trips stored without a view, derived.
     */
    async grantedPassengerTrips(
      userId: string,
      passengerId: string,
      from: Temporal.Instant,
      to: Temporal.Instant,
      timeZone: string,
    ): Promise<{ passenger: TripPassenger; trips: TripBody[] } | undefined> {
      const rows = await grantedTo(db, userId)
        .where('passengers.id', '=', passengerId)
        .leftJoin('trips', (join) =>
          join
            .onRef('trips.passenger_id', '=', 'passengers.id')
            .on('trips.start_time', '>=', from)
            .on('trips.start_time', '<', to)
            // A booking awaiting approval, or refused, is not the passenger's trip (isShownToPassenger).
            .on((eb) => eb.or([eb('trips.approval', 'is', null), eb('trips.approval', '=', 'approved')])),
        )
        .select([
          'passengers.id',
          'passengers.name',
          'passengers.avatar_text as avatarText',
          'trips.id as tripId',
          'trips.view as tripView',
        ])
        .orderBy('trips.start_time')
        .orderBy('trips.id')
        .limit(tripListMaxCount)
        .execute()
      const first = rows[0]
      if (!first) return undefined
      const passenger = { id: first.id, name: first.name, avatarText: first.avatarText }
      const stored = rows.filter((row) => row.tripId !== null).map((row) => row.tripView)
      const trips =
        timeZone === storedViewTimeZone && stored.every((view) => view !== null)
          ? (stored as TripBody[])
          : (await listForPassenger(passengerId, from, to)).map((trip) => toTripBody(trip, timeZone))
      return { passenger, trips }
    },

    /**
     * A passenger's portal bookings that start in [from, to) and await approval or were refused, by start time
     * (at most `tripListMaxCount`): the bookings the passenger's reads list apart from the trips.
     */
    async listUndecidedOrRefused(
      passengerId: string,
      from: Temporal.Instant,
      to: Temporal.Instant,
    ): Promise<TripProjection[]> {
      const rows = await trips()
        .where('passenger_id', '=', passengerId)
        .where('start_time', '>=', from)
        .where('start_time', '<', to)
        .where('approval', 'in', ['awaiting', 'refused'])
        .orderBy('start_time')
        .orderBy('id')
        .limit(tripListMaxCount)
        .execute()
      return rows.map(fromTripRow)
    },

    /**
     * The tenant's trips still to run that start in [from, to), by start time: shown to their passengers and not
     * final (the demo simulator moves them on).
     */
    async listUnfinished(from: Temporal.Instant, to: Temporal.Instant): Promise<TripProjection[]> {
      const rows = await trips()
        .where('start_time', '>=', from)
        .where('start_time', '<', to)
        .where((eb) => eb.or([eb('approval', 'is', null), eb('approval', '=', 'approved')]))
        .where('status_code', 'not in', [...finalStatusCodes])
        .orderBy('start_time')
        .orderBy('id')
        .execute()
      return rows.map(fromTripRow)
    },

    /** The tenant's portal bookings awaiting the operator's decision, earliest start first. */
    async listAwaiting(limit: number): Promise<TripProjection[]> {
      const rows = await trips()
        .where('approval', '=', 'awaiting')
        .orderBy('start_time')
        .orderBy('id')
        .limit(limit)
        .execute()
      return rows.map(fromTripRow)
    },

    /** The trips of a standing order, by start time. */
    async listSeries(seriesId: string): Promise<TripProjection[]> {
      const rows = await trips()
        .where('series_id', '=', seriesId)
        .orderBy('start_time')
        .orderBy('id')
        .execute()
      return rows.map(fromTripRow)
    },

    /** A trip; with `lock` (inside a transaction) its row stays locked until the transaction ends. */
    async find(tripId: string, options: { lock?: boolean } = {}): Promise<TripProjection | undefined> {
      const query = trips().where('id', '=', tripId)
      const row = await (options.lock ? query.forUpdate() : query).executeTakeFirst()
      return row && fromTripRow(row)
    },

    /**
     * The payloads of the booked events (each trip's first) of those of `tripIds` that exist, by trip id: what a
     * booking sent again is compared with.
     */
    async bookings(tripIds: readonly string[]): Promise<Map<string, Record<string, unknown>>> {
      if (tripIds.length === 0) return new Map()
      const rows = await db
        .selectFrom('trip_events')
        .select(['trip_id', 'payload'])
        .where('trip_id', '=', anyOf(tripIds))
        .where('seq', '=', 1)
        .execute()
      return new Map(rows.map((row) => [row.trip_id, row.payload]))
    },

    async events(tripId: string): Promise<TripEvent[]> {
      const rows = await db
        .selectFrom('trip_events')
        .select(['seq', 'type', 'payload', 'occurred_at'])
        .where('trip_id', '=', tripId)
        .orderBy('seq')
        .execute()
      return rows.map(decodeTripEvent)
    },

    /** Stores new trips with their whole logs (seed, operator bookings): the events and their projections. */
    async recordNewTrips(
      newTrips: readonly { id: string; events: readonly TripEvent[] }[],
    ): Promise<TripProjection[]> {
      if (newTrips.length === 0) return []
      const projections = newTrips.map((trip) => projectTrip(trip.id, trip.events))
      const events = newTrips.flatMap((trip) =>
        trip.events.map((event) => ({
          trip_id: trip.id,
          seq: event.seq,
          type: event.type,
          payload: eventPayload(event),
          occurred_at: event.at,
        })),
      )
      await db
        .insertInto('trip_events')
        .columns(eventColumns)
        .expression(jsonRecords(db as never, events, eventColumnTypes) as never)
        .execute()
      await db
        .insertInto('trips')
        .columns(tripColumns)
        .expression(jsonRecords(db as never, projections.map(tripRecord), tripColumnTypes) as never)
        .execute()
      return projections
    },

    /**
     * Appends events, all at `at`, to a trip as it was read (`current`), and stores the new projection; call
     * inside a transaction. Throws TripProjectionError when the log cannot take an event, and
     * TripVersionConflict when another writer appended since `current` was read.
     */
    async append(
      current: TripProjection,
      events: readonly TripEventData[],
      at: Temporal.Instant,
    ): Promise<TripProjection> {
      const numbered = events.map((event, index) => ({ ...event, seq: current.version + 1 + index, at }))
      const next = numbered.reduce(applyTripEvent, current)
      if (numbered.length === 0) return current
      await db.insertInto('trip_events').values(eventRows(current.id, numbered)).execute()
      const { id: _id, ...changes } = toTripRow(next)
      const updated = await db
        .updateTable('trips')
        .set(changes)
        .where('id', '=', current.id)
        .where('version', '=', current.version)
        .executeTakeFirst()
      if (updated.numUpdatedRows !== 1n) throw new TripVersionConflict(`Trip ${current.id} changed meanwhile`)
      return next
    },
  }
}
