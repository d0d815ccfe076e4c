import { vi } from 'vitest'
import { createActor, fromPromise, SimulatedClock, type Snapshot } from 'xstate'
import {
  cancelTripsMachine,
  tripKey,
  type CancelRequest,
  type CommandProgress,
} from '../../../machines/cancelTrips/cancelTrips.machine'
import type { Passenger, Trip } from '../../../src/contract'
import { passengerOf, tripOf } from '../db/samples'

/** The cancel wizard's world: Tuesday 10.3.2026 at 10:00 in Helsinki, two passengers and their trips. */

export const timeZone = 'Europe/Helsinki'
export const now = '2026-03-10T08:00:00Z'
export const today = '2026-03-10'

export const aino = passengerOf('p-aino', 'Aino')
export const eero = passengerOf('p-eero', 'Eero')

export const trips = {
  ainoEarlier: tripOf('a0', aino, '2026-03-10T07:30:00+02:00'), // already started
  ainoToday: tripOf('a1', aino, '2026-03-10T12:00:00+02:00'),
  ainoThursday: tripOf('a2', aino, '2026-03-12T08:00:00+02:00'),
  eeroToday: tripOf('e1', eero, '2026-03-10T13:00:00+02:00'),
  eeroPickedUp: { ...tripOf('e2', eero, '2026-03-11T08:00:00+02:00'), pickupTime: '2026-03-10T07:59:00Z' },
  eeroWednesday: tripOf('e3', eero, '2026-03-11T15:00:00+02:00'),
} satisfies Record<string, Trip>

export const allTrips = Object.values(trips)
export const ref = (trip: Trip) => ({ id: trip.id, date: trip.date })
export const key = (trip: Trip) => tripKey(trip)

export const dataOf = (passengers: Passenger[], pendingTrips: string[] = []) =>
  ({
    type: 'data.update',
    passengers: passengers.map(({ id, name, avatarText }) => ({ id, name, avatarText })),
    trips: allTrips.filter((trip) => passengers.some((passenger) => passenger.id === trip.passenger.id)),
    pendingTrips,
  }) as const

export const command = (status: CommandProgress['status'], extra: Partial<CommandProgress> = {}) =>
  ({
    type: 'command.update',
    command: { id: 'cmd-1', status, response: null, lastError: null, ...extra },
  }) as const

/** Lets the promise actors settle. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

/** Starts the wizard with a fake outbox and spies, optionally from a restored snapshot. */
export function startWizard(
  options: { queue?: (request: CancelRequest) => Promise<string>; snapshot?: Snapshot<unknown> } = {},
) {
  const clock = new SimulatedClock()
  const queued: CancelRequest[] = []
  const focusError = vi.fn()
  const queue = options.queue ?? (() => Promise.resolve('cmd-1'))
  const machine = cancelTripsMachine.provide({
    actors: {
      queueCancel: fromPromise<string, CancelRequest>(({ input }) => {
        queued.push(input)
        return queue(input)
      }),
    },
    actions: { focusError },
  })
  const actor = createActor(machine, { clock, input: { timeZone, now }, snapshot: options.snapshot }).start()
  return {
    actor,
    clock,
    queued,
    focusError,
    context: () => actor.getSnapshot().context,
    can: (type: 'wizard.next' | 'wizard.send' | 'wizard.back') => actor.getSnapshot().can({ type }),
  }
}
