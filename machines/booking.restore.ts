import { Temporal } from 'temporal-polyfill'
import { z } from 'zod'
import { bookingRequest } from '../src/contract/booking'
import { isoDate, isoDateTime, textLimits } from '../src/contract/common'
import { passenger, place } from '../src/contract/passenger'
import { quota } from '../src/contract/permissions'
import { minutesPerDay } from '../src/domain/booking/time'
import { waitTimeOptions } from '../src/domain/booking/viaPoints'
import { viaPointMax, type BookingSnapshot } from './booking.machine'

/**
 * Whether the booking wizard's saved snapshot (booking.persist.ts) may be restored: a snapshot read back is
 * validated, and one too old, in another time zone, for a passenger no longer present, or simply broken starts
 * fresh. Loaded only when a snapshot was saved, so the wizard's first paint does not wait for zod.
 */

/** What a saved snapshot is judged against: the screen's clock and time zone, and the user's passengers now. */
export interface BookingFacts {
  now: string
  timeZone: string
  passengerIds: readonly string[]
}

/** A half-made booking is kept this long; after that the wizard starts fresh. */
export const bookingDraftMaxAge = Temporal.Duration.from({ hours: 7 * 24 })

const short = z.string().max(textLimits.note)
/** A time field's value: minutes from midnight, up to the end of the next day. */
const minutes = z
  .number()
  .int()
  .min(0)
  .max(2 * minutesPerDay - 1)
  .nullable()
const order = z.object({
  passenger: passenger.nullable(),
  fromAddress: place.nullable(),
  fromApartment: short,
  viaPoints: z
    .array(
      z.object({
        viaPointAddress: place.nullable(),
        viaPointApartment: short,
        waitTime: z.literal(waitTimeOptions),
      }),
    )
    .max(viaPointMax),
  toAddress: place.nullable(),
  toApartment: short,
  passengerCount: z.number().int(),
  date: isoDate.nullable(),
  time: minutes,
  isDepartureTime: z.boolean(),
  withAttendant: z.boolean(),
  additionalInfo: short,
  phone: short,
  quota: quota.nullable(),
  price: z.null(),
})

const context = z.object({
  timeZone: z.string(),
  now: isoDateTime,
  online: z.boolean(),
  phoneRules: z.object({ internationalFormat: z.boolean(), requiredAtBooking: z.boolean() }),
  passengers: z.null(),
  email: z.null(),
  places: z.null(),
  passengerSkipped: z.boolean(),
  order,
  // Absent in a snapshot saved before return times could pass midnight: an outbound trip's.
  returnFrom: minutes.default(null),
  quotas: z.null(),
  quotasFor: z.null(),
  route: z.null(),
  routeFor: z.null(),
  estimateFor: z.null(),
  search: z.null(),
  save: z.object({ key: z.string().min(1).max(textLimits.code), request: bookingRequest }).nullable(),
  booked: z.null(),
  failure: z
    .union([
      z.object({ kind: z.literal('failed'), serverMessage: short.nullable() }),
      z.object({ kind: z.literal('municipality') }),
      z.object({ kind: z.literal('tooManyRequests') }),
    ])
    .nullable(),
})

const summaryStates = z.enum(['ready', 'saving', 'failed', 'offline'])
const persisted = z
  .object({
    status: z.literal('active'),
    // Saved booking states and the start are never saved (see `decide` in booking.persist.ts).
    value: z.object({
      wizard: z.union([
        z.object({
          editing: z.enum([
            'passenger',
            'date',
            'quota',
            'trip',
            'additionalInfo',
            'returnTrip',
            'returnAdditionalInfo',
          ]),
        }),
        z.object({ summary: summaryStates }),
        z.object({ returnSummary: summaryStates }),
      ]),
      quotas: z.literal('idle'),
      route: z.literal('idle'),
      estimate: z.literal('idle'),
      search: z.literal('idle'),
      viaPointRemoval: z.literal('hidden'),
    }),
    context,
    children: z.object({}).strict(),
  })
  .loose()

/**
 * A saved snapshot to continue from, or null to start fresh. It is checked with the contract's schemas but
 * restored as it was saved, so a save in flight is sent again byte for byte with its idempotency key: the
 * save's actor is restored with that request and runs again, and the server replays its first answer if the
 * booking was made before the reload.
 */
export function restorable(saved: unknown, current: BookingFacts): BookingSnapshot | null {
  const parsed = persisted.safeParse(saved)
  if (!parsed.success) return null
  const raw = saved as z.input<typeof persisted>
  const { value, context: savedContext } = parsed.data
  if (savedContext.timeZone !== current.timeZone) return null
  const age = Temporal.Instant.from(savedContext.now).until(Temporal.Instant.from(current.now))
  if (Temporal.Duration.compare(age, bookingDraftMaxAge) > 0) return null
  const passengerId = savedContext.order.passenger?.id
  if (passengerId !== undefined && !current.passengerIds.includes(passengerId)) return null
  const wizard = value.wizard
  const midSave =
    ('summary' in wizard && wizard.summary === 'saving') ||
    ('returnSummary' in wizard && wizard.returnSummary === 'saving')
  if (midSave && !raw.context.save) return null
  const children = midSave
    ? {
        saveBooking: {
          snapshot: { status: 'active', input: raw.context.save },
          src: 'createBooking',
          syncSnapshot: false,
        },
      }
    : {}
  const context = { ...raw.context, returnFrom: savedContext.returnFrom, now: current.now }
  return { ...raw, children, context } as unknown as BookingSnapshot
}
