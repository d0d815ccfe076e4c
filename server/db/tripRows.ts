import type { Insertable, Selectable } from 'kysely'
import { Temporal } from 'temporal-polyfill'
import type { TripStatusCode } from '../../src/contract/trip'
import type { TripProjection } from '../domain/tripProjection'
import { toTripBody } from '../domain/tripView'
import { jsonb } from './json'
import type { ScopedDatabase } from './tenantScope'

type TripsTable = ScopedDatabase['trips']
export type TripRow = Selectable<TripsTable>

/**
 * The zone the stored view is in: that of every host but .uk and .us ones (src/domain/hosts.ts), which derive
 * theirs when they read.
 */
export const storedViewTimeZone = 'Europe/Helsinki'

const instantOrNull = (value: string | null) => (value === null ? null : Temporal.Instant.from(value))

/** The jsonb columns of a `trips` row. */
const jsonColumns = ['start_address', 'end_address', 'via_points', 'reviews', 'view', 'series'] as const

/**
 * Each column of a `trips` row with its SQL type: a batch of new trips goes to the database as one JSON
 * parameter that `jsonb_to_recordset` reads with these (trips repository, `recordNewTrips`).
 */
export const tripColumnTypes = {
  id: 'text',
  passenger_id: 'text',
  booked_at: 'timestamptz',
  start_time: 'timestamptz',
  end_time: 'timestamptz',
  start_place_id: 'text',
  end_place_id: 'text',
  start_address: 'jsonb',
  end_address: 'jsonb',
  via_points: 'jsonb',
  car_name: 'text',
  car_register_number: 'text',
  car_phone_number: 'text',
  driver_name: 'text',
  deductible_cents: 'integer',
  note: 'text',
  cancelled_at: 'timestamptz',
  cancel_reason: 'text',
  cancelled_by_user_id: 'text',
  cancel_acknowledge_by: 'timestamptz',
  cancel_phone: 'text',
  cancel_receipt: 'text',
  cancel_receipt_at: 'timestamptz',
  cancel_refusal_reason: 'text',
  pickup_time: 'timestamptz',
  dropoff_time: 'timestamptz',
  no_show_time: 'timestamptz',
  allow_eta_query: 'boolean',
  allow_review: 'boolean',
  status_code: 'integer',
  eta: 'timestamptz',
  etd: 'timestamptz',
  ata: 'timestamptz',
  car_latitude: 'double precision',
  car_longitude: 'double precision',
  reviews: 'jsonb',
  view: 'jsonb',
  approval: 'text',
  series_id: 'uuid',
  series: 'jsonb',
  version: 'integer',
} as const satisfies Record<Exclude<keyof TripsTable, 'tenant_id'>, string>

/**
 * A projection as the values of its `trips` row, with its view: the jsonb columns as plain values (instants in
 * them as ISO strings), the others as Kysely writes them. JSON.stringify makes it a row of `tripColumnTypes`.
 */
export function tripRecord(trip: TripProjection) {
  return {
    id: trip.id,
    passenger_id: trip.passengerId,
    booked_at: trip.bookedAt,
    start_time: trip.start,
    end_time: trip.end,
    start_place_id: trip.startPlaceId,
    end_place_id: trip.endPlaceId,
    start_address: trip.startAddress,
    end_address: trip.endAddress,
    via_points: trip.viaPoints.map((via) => ({
      address: via.address,
      placeId: via.placeId,
      time: via.time?.toString() ?? null,
      waitMinutes: via.waitMinutes,
    })),
    car_name: trip.carName,
    car_register_number: trip.carRegisterNumber,
    car_phone_number: trip.carPhoneNumber,
    driver_name: trip.driverName,
    deductible_cents: trip.deductibleCents,
    note: trip.note,
    cancelled_at: trip.cancelledAt,
    cancel_reason: trip.cancelReason,
    cancelled_by_user_id: trip.cancelledByUserId,
    cancel_acknowledge_by: trip.cancelAcknowledgeBy,
    cancel_phone: trip.cancelPhone,
    cancel_receipt: trip.cancelReceipt?.outcome ?? null,
    cancel_receipt_at: trip.cancelReceipt?.answeredAt ?? null,
    cancel_refusal_reason: trip.cancelReceipt?.reason ?? null,
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
    reviews: trip.reviews.map((review) => ({ ...review, at: review.at.toString() })),
    view: toTripBody(trip, storedViewTimeZone),
    approval: trip.approval,
    series_id: trip.series?.id ?? null,
    series: trip.series,
    version: trip.version,
  }
}

/** A projection as its `trips` row for Kysely, with its view: jsonb columns hold instants as ISO strings. */
export function toTripRow(trip: TripProjection): Insertable<TripsTable> {
  const record = tripRecord(trip)
  const json = Object.fromEntries(
    jsonColumns.map((column) => [column, record[column] === null ? null : jsonb(record[column])]),
  )
  return { ...record, ...json } as Insertable<TripsTable>
}

export function fromTripRow(row: TripRow): TripProjection {
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
      time: instantOrNull(via.time),
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
    cancelledByUserId: row.cancelled_by_user_id,
    cancelAcknowledgeBy: row.cancel_acknowledge_by,
    cancelPhone: row.cancel_phone,
    cancelReceipt:
      row.cancel_receipt && row.cancel_receipt_at
        ? {
            outcome: row.cancel_receipt,
            answeredAt: row.cancel_receipt_at,
            reason: row.cancel_refusal_reason,
          }
        : null,
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
    reviews: row.reviews.map((review) => ({ ...review, at: Temporal.Instant.from(review.at) })),
    approval: row.approval,
    series: row.series,
    version: row.version,
  }
}
