import { Suspense, useCallback, useRef } from 'react'
import { stepOf } from '../../../machines/cancelTrips/cancelTrips.machine'
import { useEnvironment } from '../../app/environment'
import { lazyPart } from '../ui/lazyPart'
import { LoadingBlock } from '../ui/Spinner'
import { DatesStep } from './DatesStep'
import { useCancelTripsActor } from './useCancelTripsActor'

// The first step comes with the screen; the others load when the wizard reaches them, which keeps the screen
// within its script budget (their lists, fields and result texts are most of the wizard's own code).
const steps = {
  dates: DatesStep,
  passengers: lazyPart(() => import('./PassengersStep').then((module) => module.PassengersStep)),
  trips: lazyPart(() => import('./TripsStep').then((module) => module.TripsStep)),
  reason: lazyPart(() => import('./ReasonStep').then((module) => module.ReasonStep)),
  result: lazyPart(() => import('./ResultStep').then((module) => module.ResultStep)),
}

/**
 * The cancel trips wizard. It waits for the saved snapshot and the passengers, so that a wizard interrupted by a
 * reload continues where it was (or starts fresh when the saved one no longer fits). Once started it stays
 * mounted, even if a live query reloads for a moment.
 */
export function CancelTripsWizard() {
  const { timeZone } = useEnvironment()
  const container = useRef<HTMLDivElement>(null)
  const focusError = useCallback(() => {
    container.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [])
  const wizard = useCancelTripsActor({ timeZone, onFocusError: focusError })

  // Focus follows the step: each step's heading is focused as it mounts, which may be after its code has
  // loaded; not the first one, since the page heading comes first.
  const firstHeading = useRef(true)
  const heading = useCallback((element: HTMLHeadingElement | null) => {
    if (!element) return
    if (firstHeading.current) firstHeading.current = false
    else element.focus()
  }, [])

  if (!wizard) return <LoadingBlock />
  const { actor, snapshot } = wizard
  const Step = steps[stepOf(snapshot)]
  return (
    <div ref={container}>
      <Suspense fallback={<LoadingBlock />}>
        <Step snapshot={snapshot} send={actor.send} headingRef={heading} />
      </Suspense>
    </div>
  )
}
