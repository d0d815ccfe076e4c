import { Temporal } from 'temporal-polyfill'
import { z } from 'zod'
import type { TripEvent, TripEventData } from '../domain/tripEvents'

/** Event payloads are stored as jsonb with instants as ISO strings; decoding validates them on the way back. */
const instant = z.string().transform((value) => Temporal.Instant.from(value))
const address = z.object({
  alias: z.string().nullable(),
  address: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
})
const location = z.object({ latitude: z.number(), longitude: z.number() })

const booking = {
  passengerId: z.string(),
  start: instant,
  end: instant,
  startPlaceId: z.string().nullable(),
  endPlaceId: z.string().nullable(),
  startAddress: address,
  endAddress: address,
  viaPoints: z.array(
    z.object({
      address,
      placeId: z.string().nullable(),
      time: instant.nullable(),
      waitMinutes: z.number().int().min(0),
    }),
  ),
  deductibleCents: z.number().int().nullable(),
  note: z.string().nullable(),
  allowEtaQuery: z.boolean(),
  allowReview: z.boolean(),
}

const eventData = z.discriminatedUnion('type', [
  z.object({ type: z.literal('booked'), ...booking }),
  z.object({
    type: z.literal('requested'),
    ...booking,
    request: z.object({
      permissionId: z.string(),
      periodStartDate: z.string(),
      express: z.boolean(),
      passengerCount: z.number().int(),
      phone: z.string().nullable(),
      email: z.string().nullable(),
      extraIds: z.array(z.string()),
      withAttendant: z.boolean(),
      series: z.object({ id: z.string(), weekdays: z.array(z.number().int()), until: z.string() }).optional(),
    }),
  }),
  z.object({ type: z.literal('approved') }),
  z.object({ type: z.literal('refused'), reason: z.string() }),
  z.object({ type: z.literal('routed') }),
  z.object({ type: z.literal('rescheduled'), start: instant, end: instant }),
  z.object({
    type: z.literal('dispatched'),
    car: z.object({
      name: z.string(),
      registerNumber: z.string().nullable(),
      phone: z.string().nullable(),
      driverName: z.string().nullable(),
    }),
  }),
  z.object({ type: z.literal('enRoute'), etd: instant.nullable() }),
  z.object({ type: z.literal('carWaiting') }),
  z.object({ type: z.literal('pickedUp'), eta: instant.nullable() }),
  z.object({ type: z.literal('droppedOff') }),
  // Events stored before cancellations by users were recorded carry no userId: the operator cancelled those.
  // Those stored before receipts, and the operator's, carry no deadline or number.
  z.object({
    type: z.literal('cancelled'),
    reason: z.string(),
    userId: z.string().nullable().default(null),
    acknowledgeBy: instant.nullable().default(null),
    phone: z.string().nullable().default(null),
  }),
  z.object({
    type: z.literal('cancelReceipt'),
    outcome: z.enum(['received', 'refused']),
    answeredAt: instant,
    reason: z.string().nullable(),
  }),
  z.object({ type: z.literal('noShow') }),
  z.object({
    type: z.literal('position'),
    location: location.nullable(),
    eta: instant.nullable(),
    etd: instant.nullable(),
  }),
  z.object({
    type: z.literal('reviewed'),
    comment: z.string(),
    driverStars: z.number().int(),
    experienceStars: z.number().int(),
    userId: z.string(),
  }),
]) satisfies z.ZodType<TripEventData, unknown>

export interface StoredTripEvent {
  seq: number
  type: string
  payload: Record<string, unknown>
  occurred_at: Temporal.Instant
}

/** The payload column of an event: everything but its type, sequence number and time. */
export function eventPayload(event: TripEvent): Record<string, unknown> {
  const { type: _type, seq: _seq, at: _at, ...payload } = event
  return payload
}

export function decodeTripEvent(row: StoredTripEvent): TripEvent {
  const data = eventData.parse({ ...row.payload, type: row.type })
  return { ...data, seq: row.seq, at: row.occurred_at }
}
