import { Temporal } from 'temporal-polyfill'
import { z } from 'zod'
import { bookingRequest } from '../../src/contract/booking'
import { isoDate, isoDateTime, textLimits } from '../../src/contract/common'
import { passenger, place } from '../../src/contract/passenger'
import { quota } from '../../src/contract/permissions'
import { seriesBookingRequest, weekday } from '../../src/contract/series'
import { minutesPerDay } from '../../src/domain/booking/time'
import { waitTimeOptions } from '../../src/domain/booking/viaPoints'
import { viaPointMax, type BookingSnapshot } from './booking.machine'

/**
 * Whether the booking wizard's saved snapshot (booking.persist.ts) may be restored: a snapshot read back is
 * validated, and one too old, in another time zone, for a passenger no longer present, or simply broken starts
 * fresh. Loaded only when a snapshot was saved, so the wizard's first paint does not wait for zod.
 */

/**
 * What a saved snapshot is judged against: the screen's clock and time zone, the user's passengers now, and the
 * tenant's reach for a series (taken as it is now).
 */
export interface BookingFacts {
  now: string
  timeZone: string
  passengerIds: readonly string[]
  seriesHorizonWeeks: number
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

const dates = seriesBookingRequest.shape.dates
/** The summary's "Repeat this ride" (src/domain/series/repeat.ts). */
const repeat = z.object({
  weekdays: z.array(weekday).max(7),
  until: isoDate.nullable(),
  includeHolidays: z.boolean(),
  removed: dates.min(0),
  within: dates.nullable(),
  fitOnly: z.boolean(),
})
const series = seriesBookingRequest.omit({ booking: true })

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
  // Absent in a snapshot saved before series: a ride booked once.
  repeat: repeat.nullable().default(null),
  holidays: z.null().default(null),
  holidaysFor: z.null().default(null),
  planned: z.null().default(null),
  quotas: z.null(),
  quotasFor: z.null(),
  route: z.null(),
  routeFor: z.null(),
  estimateFor: z.null(),
  search: z.null(),
  save: z
    .object({
      key: z.string().min(1).max(textLimits.code),
      request: bookingRequest,
      series: series.nullable().default(null),
    })
    .nullable(),
  booked: z.null(),
  // Absent in a snapshot saved before routes were booked again.
  again: z.object({ returnTime: minutes }).nullable().default(null),
  failure: z
    .union([
      z.object({ kind: z.literal('failed'), serverMessage: short.nullable(), date: isoDate.optional() }),
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
      // Absent in a snapshot saved before series.
      holidays: z.literal('idle').default('idle'),
      plan: z.literal('idle').default('idle'),
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
  // A save from before series has none: the same request, which keeps its key.
  const save = raw.context.save && { ...raw.context.save, series: raw.context.save.series ?? null }
  const children = midSave
    ? {
        saveBooking: {
          snapshot: { status: 'active', input: save },
          src: 'createBooking',
          syncSnapshot: false,
        },
      }
    : {}
  const context = {
    ...raw.context,
    save,
    returnFrom: savedContext.returnFrom,
    repeat: savedContext.repeat,
    again: savedContext.again,
    holidays: null,
    holidaysFor: null,
    planned: null,
    seriesHorizonWeeks: current.seriesHorizonWeeks,
    now: current.now,
  }
  return {
    ...raw,
    value: { ...raw.value, holidays: 'idle', plan: 'idle' },
    children,
    context,
  } as unknown as BookingSnapshot
}
