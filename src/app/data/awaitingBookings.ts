import { Temporal } from 'temporal-polyfill'
import type { AwaitingBooking } from '../../domain/booking/awaiting'
import type { SessionStore } from '../session/session'
import { useLive } from './live'

/**
 * The bookings this device made that await approval (src/domain/booking/awaiting.ts), kept in the user's database
 * beside the flows' snapshots under a key of their own: the user's, gone with the rest at sign-out.
 */
const key = 'awaitingBookings'

function stored(value: unknown): AwaitingBooking[] {
  return Array.isArray(value) ? (value as AwaitingBooking[]) : []
}

/** Adds what a save booked; those of days before `today` (the tenant's) are dropped as it is written. */
export async function recordAwaiting(
  sessions: SessionStore,
  added: AwaitingBooking[],
  today: string,
): Promise<void> {
  const session = await sessions.ready()
  if (!session || added.length === 0) return
  const { db } = session
  await db.transaction('rw', db.snapshots, async () => {
    const ids = new Set(added.map(({ tripId, date }) => `${tripId}/${date}`))
    const kept = stored((await db.snapshots.get(key))?.value).filter(
      ({ tripId, date }) => date >= today && !ids.has(`${tripId}/${date}`),
    )
    await db.snapshots.put({ key, value: [...kept, ...added], savedAt: Temporal.Now.instant().toString() })
  })
}

export function useAwaitingBookings(): AwaitingBooking[] | undefined {
  return useLive(key, async ({ db }) => stored((await db.snapshots.get(key))?.value))
}
