import type { Snapshot } from 'xstate'
import { todayOf, type CancelTripsSnapshot, type cancelTripsMachine } from './cancelTrips.machine'
import type { CancelTripsFacts } from './cancelTrips.restore'
import type { FlowPersistence } from '../shared/persistence'

/**
 * The cancel wizard's persisted snapshot: what is saved, when, and what may be restored. Local data is not saved
 * (the screen feeds it again from Dexie). What may be restored is cancelTrips.restore.ts, loaded only when a
 * snapshot was saved: it brings zod.
 */

/** What to do with a new snapshot: save it, clear the saved one, or keep the saved one as it is. */
export function decide(snapshot: CancelTripsSnapshot): 'save' | 'clear' | 'keep' {
  // While the command is being stored, the last saved step stays: a restored store call could run twice.
  if (snapshot.matches({ result: 'queueing' })) return 'keep'
  if (snapshot.hasTag('finished')) return 'clear'
  const { mode, start, end, passengerIds, chosen, reason, reasonCode } = snapshot.context
  const today = todayOf(snapshot.context).toString()
  const untouched =
    snapshot.matches('dates') &&
    mode === 'single' &&
    start === today &&
    end === today &&
    passengerIds.length === 0 &&
    chosen.length === 0 &&
    reason === '' &&
    reasonCode === null
  return untouched ? 'clear' : 'save'
}

/** The persisted snapshot without the local data. */
export function withoutLocalData(persistedSnapshot: Snapshot<unknown>): unknown {
  if (!('context' in persistedSnapshot)) return persistedSnapshot
  const { context } = persistedSnapshot
  if (typeof context !== 'object' || context === null || Array.isArray(context)) return persistedSnapshot
  // The server's answer for the dates past the device's trips is asked again too.
  return {
    ...persistedSnapshot,
    context: {
      ...context,
      passengers: null,
      trips: [],
      pendingTrips: [],
      distantKey: null,
      distantTrips: [],
    },
  }
}

export const cancelTripsPersistence: FlowPersistence<typeof cancelTripsMachine, CancelTripsFacts> = {
  flow: 'canceltrips',
  decide,
  saved: withoutLocalData,
  restore: async (saved, facts) => (await import('./cancelTrips.restore')).restorable(saved, facts),
}
