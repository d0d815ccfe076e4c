import { z } from 'zod'
import { fieldError, id, isoDate, isoDateTime } from '../../contract/common'
import {
  todayOf,
  type CancelTripsContext,
  type CancelTripsSnapshot,
} from '../../../machines/cancelTrips.machine'

/**
 * The cancel wizard's persisted snapshot (design brief, "Machine snapshots persist"): what is saved, when, and
 * what may be restored. Local data is not saved (the screen feeds it again from Dexie); a snapshot read back is
 * validated, and one from another day, for passengers no longer present, or simply broken starts fresh.
 */

export const snapshotKey = 'canceltrips'

const tripRef = z.object({ id, date: isoDate })
const context = z.object({
  timeZone: z.string(),
  now: isoDateTime,
  online: z.boolean(),
  passengers: z.null(),
  trips: z.array(z.never()),
  pendingTrips: z.array(z.never()),
  mode: z.enum(['single', 'period']),
  start: z.string().max(32),
  end: z.string().max(32),
  passengerIds: z.array(id),
  passengersSkipped: z.boolean(),
  chosen: z.array(tripRef.extend({ passengerId: id })),
  reason: z.string().max(10_000),
  showErrors: z.boolean(),
  sent: z.object({ trips: z.array(tripRef), reason: z.string(), passengerIds: z.array(id) }).nullable(),
  commandId: z.string().nullable(),
  cancelledCount: z.number().int().nullable(),
  failure: z
    .object({ status: z.number(), code: z.string(), errors: z.array(fieldError).optional() })
    .nullable(),
}) satisfies z.ZodType<Omit<CancelTripsContext, 'passengers' | 'trips' | 'pendingTrips'>>

const persisted = z
  .object({
    status: z.literal('active'),
    // Only the steps and the unfinished results are ever saved (see `persistence`).
    value: z.union([
      z.enum(['dates', 'passengers', 'trips', 'reason']),
      z.object({ result: z.enum(['waiting', 'queued']) }),
    ]),
    context,
    children: z.object({}).strict(),
  })
  .loose()

/** What to do with a new snapshot: save it, clear the saved one, or keep the saved one as it is. */
export function persistence(snapshot: CancelTripsSnapshot): 'save' | 'clear' | 'keep' {
  // While the command is being stored, the last saved step stays: a restored store call could run twice.
  if (snapshot.matches({ result: 'queueing' })) return 'keep'
  if (snapshot.hasTag('finished')) return 'clear'
  const { mode, start, end, passengerIds, chosen, reason } = snapshot.context
  const today = todayOf(snapshot.context).toString()
  const untouched =
    snapshot.matches('dates') &&
    mode === 'single' &&
    start === today &&
    end === today &&
    passengerIds.length === 0 &&
    chosen.length === 0 &&
    reason === ''
  return untouched ? 'clear' : 'save'
}

/** The persisted snapshot without the local data. */
export function persistable(persistedSnapshot: unknown): unknown {
  const parsed = z
    .object({ context: z.object({}).loose() })
    .loose()
    .safeParse(persistedSnapshot)
  if (!parsed.success) return persistedSnapshot
  return {
    ...parsed.data,
    context: { ...parsed.data.context, passengers: null, trips: [], pendingTrips: [] },
  }
}

/**
 * A saved snapshot to continue from, or null to start fresh. A wait for the server is restored as saved and
 * not yet confirmed: the wait's timer does not survive a reload, and the command's changes come in anyway.
 */
export function restorable(
  saved: unknown,
  current: { now: string; timeZone: string; passengerIds: readonly string[] },
): CancelTripsSnapshot | null {
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
