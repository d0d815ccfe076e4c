import { useCallback, useEffect, useRef, useState } from 'react'
import { Temporal } from 'temporal-polyfill'
import { stepOf, type CancelTripsSnapshot } from '../../../machines/cancelTrips.machine'
import { usePassengers } from '../../app/data'
import { useEnvironment } from '../../app/environment'
import { loadSnapshot } from '../../app/snapshots'
import { LoadingBlock } from '../ui/Spinner'
import { DatesStep } from './DatesStep'
import { PassengersStep } from './PassengersStep'
import { ReasonStep } from './ReasonStep'
import { ResultStep } from './ResultStep'
import { TripsStep } from './TripsStep'
import { useCancelTripsActor } from './useCancelTripsActor'
import type { restorable } from './wizardRestore'
import { snapshotKey } from './wizardSnapshot'

const steps = {
  dates: DatesStep,
  passengers: PassengersStep,
  trips: TripsStep,
  reason: ReasonStep,
  result: ResultStep,
}

/**
 * The cancel trips wizard. It waits for the saved snapshot and the passengers, so that a wizard interrupted by a
 * reload continues where it was (or starts fresh when the saved one no longer fits). Once started it stays
 * mounted, even if a live query reloads for a moment.
 */
export function CancelTripsWizard() {
  const { timeZone } = useEnvironment()
  const passengers = usePassengers()
  const [saved, setSaved] = useState<{ value: unknown; restore: typeof restorable | null } | null>(null)
  const [start, setStart] = useState<{ restored: CancelTripsSnapshot | null } | null>(null)
  useEffect(() => {
    let current = true
    loadSnapshot(snapshotKey)
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
  }, [])
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
  const heading = useRef<HTMLHeadingElement>(null)
  const focusError = useCallback(() => {
    container.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [])
  const { actor, snapshot } = useCancelTripsActor({ timeZone, restored, onFocusError: focusError })
  const current = stepOf(snapshot)

  // Focus follows the step (not on the first render: the page heading comes first).
  const shown = useRef(current)
  useEffect(() => {
    if (shown.current === current) return
    shown.current = current
    heading.current?.focus()
  }, [current])

  const Step = steps[current]
  return (
    <div ref={container}>
      <Step snapshot={snapshot} send={actor.send} headingRef={heading} />
    </div>
  )
}
