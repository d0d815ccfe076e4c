import type { Snapshot } from 'xstate'
import { stepOf, type BookingSnapshot, type bookingMachine } from './booking.machine'
import type { BookingFacts } from './booking.restore'
import type { FlowPersistence } from '../shared/persistence'

/**
 * The booking wizard's persisted snapshot: what is saved, when, and what may be restored. The order, the step,
 * the repeat choice, the return trip and a save in flight are saved; the local data and the answers of the
 * quotas, route, estimate, holidays, repeat plan and search are not (they are fetched again after a restore). What may be restored is
 * booking.restore.ts, loaded only when a snapshot was saved: it brings zod.
 */

/** What to do with a new snapshot: save it, clear the saved one, or keep the saved one as it is. */
export function decide(snapshot: BookingSnapshot): 'save' | 'clear' | 'keep' {
  // A booking made is done: a reload starts a new one, never a second save of this one.
  if (
    snapshot.matches({ wizard: { summary: 'saved' } }) ||
    snapshot.matches({ wizard: { returnSummary: 'saved' } })
  )
    return 'clear'
  // Nothing beyond a passenger and a date chosen: not worth keeping.
  const step = stepOf(snapshot)
  const { fromAddress, toAddress, viaPoints } = snapshot.context.order
  const untouched = step === null || (step <= 2 && !fromAddress && !toAddress && viaPoints.length === 0)
  return untouched ? 'clear' : 'save'
}

const answers = {
  passengers: null,
  email: null,
  places: null,
  quotas: null,
  quotasFor: null,
  route: null,
  routeFor: null,
  estimateFor: null,
  holidays: null,
  holidaysFor: null,
  planned: null,
  search: null,
}
const settledRegions = {
  quotas: 'idle',
  route: 'idle',
  estimate: 'idle',
  holidays: 'idle',
  plan: 'idle',
  search: 'idle',
  viaPointRemoval: 'hidden',
}

/**
 * The persisted snapshot without the local data, the fetched answers and the actors: the regions that fetch
 * are saved as idle, so a restored wizard fetches again what its order needs. A save in flight keeps its
 * request and key in the context (`save`); the restore starts it again from there.
 */
export function savedState(persistedSnapshot: Snapshot<unknown>): unknown {
  if (!('context' in persistedSnapshot) || !('value' in persistedSnapshot)) return persistedSnapshot
  const { context, value } = persistedSnapshot as { context: { order?: object }; value: { wizard?: unknown } }
  return {
    ...persistedSnapshot,
    value: { ...settledRegions, wizard: value.wizard },
    context: { ...context, ...answers, order: { ...context.order, price: null } },
    children: {},
  }
}

export const bookingPersistence: FlowPersistence<typeof bookingMachine, BookingFacts> = {
  flow: 'booking',
  decide,
  saved: savedState,
  restore: async (saved, facts) => (await import('./booking.restore')).restorable(saved, facts),
}
