import { z } from 'zod'
import { cancelReasonCodes } from '../../src/contract/codes'
import { fieldError, id, isoDate, isoDateTime } from '../../src/contract/common'
import { todayOf, type CancelTripsContext, type CancelTripsSnapshot } from './cancelTrips.machine'

/**
 * Whether the cancel wizard's saved snapshot (cancelTrips.persist.ts) may be restored: a snapshot read back is
 * validated, and one from another day, for passengers no longer present, or simply broken starts fresh. Loaded
 * only when a snapshot was saved, so the wizard's first paint does not wait for zod.
 */

/** What a saved snapshot is judged against: the screen's clock and time zone, and the user's passengers now. */
export interface CancelTripsFacts {
  now: string
  timeZone: string
  passengerIds: readonly string[]
}

const tripRef = z.object({ id, date: isoDate })
const context = z.object({
  timeZone: z.string(),
  now: isoDateTime,
  online: z.boolean(),
  passengers: z.null(),
  trips: z.array(z.never()),
  pendingTrips: z.array(z.never()),
  // A wizard saved before the dates past the two weeks were asked has none of these.
  distantKey: z.null().default(null),
  distantStatus: z.enum(['loading', 'loaded', 'failed']).default('loading'),
  distantTrips: z.array(z.never()).default([]),
  mode: z.enum(['single', 'period']),
  start: z.string().max(32),
  end: z.string().max(32),
  passengerIds: z.array(id),
  passengersSkipped: z.boolean(),
  chosen: z.array(tripRef.extend({ passengerId: id })),
  reason: z.string().max(10_000),
  // A wizard saved before the one-tap reasons has none.
  reasonCode: z.enum(cancelReasonCodes).nullable().default(null),
  reasonWords: z.string().max(200).default(''),
  showErrors: z.boolean(),
  sent: z
    .object({
      trips: z.array(tripRef),
      reason: z.string(),
      reasonCode: z.enum(cancelReasonCodes).default('other'),
      passengerIds: z.array(id),
    })
    .nullable(),
  commandId: z.string().nullable(),
  cancelledCount: z.number().int().nullable(),
  failure: z
    .object({ status: z.number(), code: z.string(), errors: z.array(fieldError).optional() })
    .nullable(),
}) satisfies z.ZodType<
  Omit<CancelTripsContext, 'passengers' | 'trips' | 'pendingTrips' | 'distantKey' | 'distantTrips'>
>

const persisted = z
  .object({
    status: z.literal('active'),
    // Only the steps and the unfinished results are ever saved (see `decide` in cancelTrips.persist.ts).
    value: z.union([
      z.enum(['dates', 'passengers', 'trips', 'reason']),
      z.object({ result: z.enum(['waiting', 'queued']) }),
    ]),
    context,
    children: z.object({}).strict(),
  })
  .loose()

/**
 * A saved snapshot to continue from, or null to start fresh. A wait for the server is restored as saved and
 * not yet confirmed: the wait's timer does not survive a reload, and the command's changes come in anyway.
 */
export function restorable(saved: unknown, current: CancelTripsFacts): CancelTripsSnapshot | null {
  const parsed = persisted.safeParse(saved)
  if (!parsed.success) return null
  const { value, context: savedContext } = parsed.data
  if (savedContext.timeZone !== current.timeZone) return null
  if (!todayOf(savedContext).equals(todayOf(current))) return null
  const known = new Set(current.passengerIds)
  const passengerIds = [...savedContext.passengerIds, ...(savedContext.sent?.passengerIds ?? [])]
  if (!passengerIds.every((passengerId) => known.has(passengerId))) return null
  const restoredValue = typeof value === 'string' ? value : { result: 'queued' }
  return {
    ...parsed.data,
    value: restoredValue,
    context: { ...savedContext, now: current.now },
  } as unknown as CancelTripsSnapshot
}
