import { useEffect, useState } from 'react'
import { Temporal } from 'temporal-polyfill'
import {
  distantRequest,
  stepOf,
  tripKey,
  type cancelTripsMachine,
} from '../../../machines/cancelTrips/cancelTrips.machine'
import { isOfflineStatus } from '../../../machines/auth/auth.rules'
import { cancelTripsPersistence } from '../../../machines/cancelTrips/cancelTrips.persist'
import { useCommand, useWaitingCancelKeys } from '../../app/data/commands'
import { usePassengers, useSyncStatus, useTrips } from '../../app/data/data'
import { cancelTripsWithEffects, fetchDistantTrips } from '../../app/effects/cancelTripsCalls'
import { useClockAndConnection } from '../../app/effects/useClockAndConnection'
import { usePlatform } from '../../app/platform'
import { useAuth } from '../../app/session/auth'
import type { Trip } from '../../contract/trip'
import { usePersistedMachine, type RunningFlow } from '../../app/effects/usePersistedMachine'

/** Trips becoming unstartable is noticed within this time. */
const clockTickMs = 30_000

/**
 * Runs the cancel wizard for the screen: the outbox as its `queueCancel`, the local data, clock, connection
 * and the queued command fed in as events, and persisted by its rules (machines/cancelTrips/cancelTrips.persist.ts). Null
 * until it starts: once the saved wizard is read and the passengers are known, since a saved wizard for a
 * passenger no longer present starts fresh. `onFocusError` is called when a step refuses Next, after the errors
 * have rendered.
 */
export function useCancelTripsActor(options: {
  timeZone: string
  onFocusError(): void
}): RunningFlow<typeof cancelTripsMachine> | null {
  const [focusRequests, setFocusRequests] = useState(0)
  const platform = usePlatform()
  const { sessions } = platform
  const [machine] = useState(() =>
    cancelTripsWithEffects(sessions, () => setFocusRequests((count) => count + 1)),
  )
  const { timeZone } = options
  const passengers = usePassengers()
  const wizard = usePersistedMachine(
    machine,
    cancelTripsPersistence,
    passengers
      ? () => {
          const now = Temporal.Now.instant().toString()
          return {
            input: { timeZone, now, online: navigator.onLine },
            facts: { now, timeZone, passengerIds: passengers.map((passenger) => passenger.id) },
          }
        }
      : null,
  )
  const actor = wizard?.actor

  const { onFocusError } = options
  useEffect(() => {
    if (focusRequests > 0) onFocusError()
  }, [focusRequests, onFocusError])

  const trips = useTrips()
  const pendingTrips = useWaitingCancelKeys(tripKey)
  // Before the first pull the local tables are empty, not the user's: the wizard waits for real data, or it
  // would decide on zero passengers whether to skip the passengers step.
  const { lastSyncedAt } = useSyncStatus()
  useEffect(() => {
    if (!actor || !passengers || !trips || !pendingTrips || !lastSyncedAt) return
    actor.send({
      type: 'data.update',
      passengers: passengers.map(({ id, name, avatarText }) => ({ id, name, avatarText })),
      trips,
      pendingTrips,
    })
  }, [actor, passengers, trips, pendingTrips, lastSyncedAt])

  useClockAndConnection(actor, clockTickMs)

  // Dates past the device's two weeks: once the dates are chosen, the server is asked for the chosen
  // passengers' trips there whenever the request changes or the connection comes back.
  const context = wizard?.snapshot.context
  const past = wizard && stepOf(wizard.snapshot) !== 'dates' && context ? distantRequest(context) : null
  // Back on the network, auth fetches a token before any call can be answered: one sent meanwhile is a 401.
  const { status } = useAuth()
  const online = (context?.online ?? false) && !isOfflineStatus(status)
  const pastKey = past?.key ?? null
  useEffect(() => {
    if (!actor || !past || !online) return
    const { distantKey, distantStatus } = actor.getSnapshot().context
    if (distantKey === past.key && distantStatus === 'loaded') return
    const update = (status: 'loading' | 'loaded' | 'failed', trips: Trip[] = []) =>
      actor.send({ type: 'distant.update', key: past.key, status, trips })
    update('loading')
    fetchDistantTrips(platform, past).then(
      (trips) => update('loaded', trips),
      () => update('failed'),
    )
    // `past` is the same request while its key is; a new one makes the old answer stale (the machine drops it).
  }, [actor, pastKey, online, platform])

  const command = useCommand(wizard?.snapshot.context.commandId ?? null)
  useEffect(() => {
    if (actor && command) actor.send({ type: 'command.update', command })
  }, [actor, command])

  return wizard
}
