import { useMachine } from '@xstate/react'
import { useEffect, useState } from 'react'
import { Temporal } from 'temporal-polyfill'
import { fromPromise, type Actor } from 'xstate'
import {
  cancelTripsMachine,
  tripKey,
  type CancelRequest,
  type CancelTripsSnapshot,
} from '../../../machines/cancelTrips.machine'
import { queueCancel, useCommand, useWaitingCancelKeys } from '../../app/commands'
import { useOnline, usePassengers, useSyncStatus, useTrips } from '../../app/data'
import { usePlatform } from '../../app/platform'
import type { SessionStore } from '../../app/session'
import { clearSnapshot, saveSnapshot } from '../../app/snapshots'
import { persistable, persistence, snapshotKey } from './wizardSnapshot'

export type CancelTripsActor = Actor<typeof cancelTripsMachine>

/** Trips becoming unstartable is noticed within this time. */
const clockTickMs = 30_000

/**
 * Runs the cancel wizard for the screen: the outbox as its `queueCancel`, the local data, clock, connection
 * and the queued command fed in as events, and every change persisted (see wizardSnapshot.ts). `onFocusError`
 * is called when a step refuses Next, after the errors have rendered.
 */
export function useCancelTripsActor(options: {
  timeZone: string
  restored: CancelTripsSnapshot | null
  onFocusError(): void
}): { actor: CancelTripsActor; snapshot: CancelTripsSnapshot } {
  const [focusRequests, setFocusRequests] = useState(0)
  const { sessions } = usePlatform()
  const [machine] = useState(() =>
    cancelTripsMachine.provide({
      actors: {
        queueCancel: fromPromise<string, CancelRequest>(({ input }) =>
          queueCancel(sessions, 'wizard', input),
        ),
      },
      actions: { focusError: () => setFocusRequests((count) => count + 1) },
    }),
  )
  const [snapshot, , actor] = useMachine(machine, {
    input: { timeZone: options.timeZone, now: Temporal.Now.instant().toString(), online: navigator.onLine },
    snapshot: options.restored ?? undefined,
  })

  const { onFocusError } = options
  useEffect(() => {
    if (focusRequests > 0) onFocusError()
  }, [focusRequests, onFocusError])

  const passengers = usePassengers()
  const trips = useTrips()
  const pendingTrips = useWaitingCancelKeys(tripKey)
  // Before the first pull the local tables are empty, not the user's: the wizard waits for real data, or it
  // would decide on zero passengers whether to skip the passengers step.
  const { lastSyncedAt } = useSyncStatus()
  useEffect(() => {
    if (!passengers || !trips || !pendingTrips || !lastSyncedAt) return
    actor.send({
      type: 'data.update',
      passengers: passengers.map(({ id, name, avatarText }) => ({ id, name, avatarText })),
      trips,
      pendingTrips,
    })
  }, [actor, passengers, trips, pendingTrips, lastSyncedAt])

  useEffect(() => {
    const timer = setInterval(
      () => actor.send({ type: 'clock.tick', now: Temporal.Now.instant().toString() }),
      clockTickMs,
    )
    return () => clearInterval(timer)
  }, [actor])

  const online = useOnline()
  useEffect(() => actor.send({ type: 'network.change', online }), [actor, online])

  const command = useCommand(snapshot.context.commandId)
  useEffect(() => {
    if (command) actor.send({ type: 'command.update', command })
  }, [actor, command])

  usePersistence(actor, sessions)
  return { actor, snapshot }
}

/** Saves each new snapshot (or clears it), one write at a time and only when something changed. */
function usePersistence(actor: CancelTripsActor, sessions: SessionStore): void {
  useEffect(() => {
    let written: string | null | undefined
    let writes = Promise.resolve()
    const write = (snapshot: CancelTripsSnapshot) => {
      const decision = persistence(snapshot)
      if (decision === 'keep') return
      const text = decision === 'save' ? JSON.stringify(persistable(actor.getPersistedSnapshot())) : null
      if (text === written) return
      written = text
      writes = writes
        .then(() =>
          text === null
            ? clearSnapshot(sessions, snapshotKey)
            : saveSnapshot(sessions, snapshotKey, JSON.parse(text)),
        )
        .catch((error: unknown) => console.error('Saving the cancel wizard failed', error))
    }
    write(actor.getSnapshot())
    const subscription = actor.subscribe(write)
    return () => subscription.unsubscribe()
  }, [actor, sessions])
}
