import { useEffect, useState } from 'react'
import { Temporal } from 'temporal-polyfill'
import { bookingMachine } from '../../../machines/booking/booking.machine'
import { bookingPersistence } from '../../../machines/booking/booking.persist'
import { bookingEffects } from './bookingCalls'
import { useAccount, usePlaces, useSyncedPassengers } from '../data/data'
import { useClockAndConnection } from './useClockAndConnection'
import { useEnvironment } from '../environment'
import { usePlatform } from '../platform'
import { usePersistedMachine, type RunningFlow } from './usePersistedMachine'

/** Departure times becoming past, and the express quota's limit coming nearer, are noticed within this time. */
const clockTickMs = 30_000

/**
 * Runs the booking wizard for a screen: its calls over the API (src/app/effects/bookingCalls.ts), the local data
 * (passengers, the user's email, the chosen passenger's saved places), the clock and the connection fed in as
 * events, and persisted by its rules (machines/booking/booking.persist.ts). Null until it starts: once the saved
 * wizard is read and the first pull has brought the passengers, since a saved booking for a passenger no
 * longer present starts fresh and the passenger step is skipped by their number.
 */
export function useBookingFlow(): RunningFlow<typeof bookingMachine> | null {
  const platform = usePlatform()
  const { timeZone, tenant } = useEnvironment()
  const [machine] = useState(() => bookingMachine.provide(bookingEffects(platform)))
  // Before the first pull the local tables are empty, not the user's: with one passenger the first step is
  // skipped, which an empty list read a moment before the pull's would decide wrongly.
  const known = useSyncedPassengers() ?? undefined
  const flow = usePersistedMachine(
    machine,
    bookingPersistence,
    known
      ? () => {
          const now = Temporal.Now.instant().toString()
          return {
            input: {
              timeZone,
              now,
              online: navigator.onLine,
              phoneRules: tenant.phone,
              seriesHorizonWeeks: tenant.seriesHorizonWeeks,
            },
            facts: {
              now,
              timeZone,
              passengerIds: known.map((passenger) => passenger.id),
              seriesHorizonWeeks: tenant.seriesHorizonWeeks,
            },
          }
        }
      : null,
  )
  const actor = flow?.actor

  const email = useAccount()?.email ?? null
  useEffect(() => {
    if (actor && known) actor.send({ type: 'data.update', passengers: known, email })
  }, [actor, known, email])

  const passengerId = flow?.snapshot.context.order.passenger?.id ?? ''
  const places = usePlaces(passengerId)
  useEffect(() => {
    if (actor && passengerId && places) actor.send({ type: 'places.update', passengerId, places })
  }, [actor, passengerId, places])

  useClockAndConnection(actor, clockTickMs)

  return flow
}
