import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { Temporal } from 'temporal-polyfill'
import { stepOf, type CancelTripsSnapshot } from '../../../machines/cancelTrips.machine'
import { usePassengers } from '../../app/data'
import { useEnvironment } from '../../app/environment'
import { usePlatform } from '../../app/platform'
import { loadSnapshot } from '../../app/snapshots'
import { LoadingBlock } from '../ui/Spinner'
import { DatesStep } from './DatesStep'
import { useCancelTripsActor } from './useCancelTripsActor'
import type { restorable } from './wizardRestore'
import { snapshotKey } from './wizardSnapshot'

// The first step comes with the screen; the others load when the wizard reaches them, which keeps the screen
// within its script budget (their lists, fields and result texts are most of the wizard's own code).
const steps = {
  dates: DatesStep,
  passengers: lazy(() => import('./PassengersStep').then((module) => ({ default: module.PassengersStep }))),
  trips: lazy(() => import('./TripsStep').then((module) => ({ default: module.TripsStep }))),
  reason: lazy(() => import('./ReasonStep').then((module) => ({ default: module.ReasonStep }))),
  result: lazy(() => import('./ResultStep').then((module) => ({ default: module.ResultStep }))),
}

/**
 * The cancel trips wizard. It waits for the saved snapshot and the passengers, so that a wizard interrupted by a
 * reload continues where it was (or starts fresh when the saved one no longer fits). Once started it stays
 * mounted, even if a live query reloads for a moment.
 */
export function CancelTripsWizard() {
  const { timeZone } = useEnvironment()
  const { sessions } = usePlatform()
  const passengers = usePassengers()
  const [saved, setSaved] = useState<{ value: unknown; restore: typeof restorable | null } | null>(null)
  const [start, setStart] = useState<{ restored: CancelTripsSnapshot | null } | null>(null)
  useEffect(() => {
    let current = true
    loadSnapshot(sessions, snapshotKey)
      .then(async (value) => ({
        value,
        restore: value === null ? null : (await import('./wizardRestore')).restorable,
      }))
      .then(
        (found) => current && setSaved(found),
        () => current && setSaved({ value: null, restore: null }),
      )
    return () => {
      current = false
    }
  }, [sessions])
  if (!start && saved && passengers) {
    const context = {
      now: Temporal.Now.instant().toString(),
      timeZone,
      passengerIds: passengers.map((passenger) => passenger.id),
    }
    setStart({ restored: saved.restore ? saved.restore(saved.value, context) : null })
  }
  if (!start) return <LoadingBlock />
  return <RunningWizard timeZone={timeZone} restored={start.restored} />
}

function RunningWizard({ timeZone, restored }: { timeZone: string; restored: CancelTripsSnapshot | null }) {
  const container = useRef<HTMLDivElement>(null)
  const focusError = useCallback(() => {
    container.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [])
  const { actor, snapshot } = useCancelTripsActor({ timeZone, restored, onFocusError: focusError })
  const current = stepOf(snapshot)

  // Focus follows the step: each step's heading is focused as it mounts, which may be after its code has
  // loaded; not the first one, since the page heading comes first.
  const firstHeading = useRef(true)
  const heading = useCallback((element: HTMLHeadingElement | null) => {
    if (!element) return
    if (firstHeading.current) firstHeading.current = false
    else element.focus()
  }, [])

  const Step = steps[current]
  return (
    <div ref={container}>
      <Suspense fallback={<LoadingBlock />}>
        <Step snapshot={snapshot} send={actor.send} headingRef={heading} />
      </Suspense>
    </div>
  )
}
