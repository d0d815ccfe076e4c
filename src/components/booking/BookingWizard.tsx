import { Trans, useLingui } from '@lingui/react/macro'
import { Suspense, useCallback, useRef, type ComponentType } from 'react'
import { stepOf } from '../../../machines/booking/booking.machine'
import type { BookingStep } from '../../domain/booking/steps'
import { loadCatalogPart } from '../../app/startup/i18n'
import { useBookingFlow } from '../../app/effects/useBookingFlow'
import { Button } from '../ui/Button'
import { ChevronRightIcon } from '../ui/icons'
import { ChevronLeftIcon } from '../ui/featureIcons'
import { lazyPart } from '../ui/lazyPart'
import { LoadingBlock } from '../ui/Spinner'
import { RecentRoutes } from './again/RecentRoutes'
import { useBookAgain, type TripRef } from './again/useBookAgain'
import { useResumed } from './again/useResumed'
import { bookingStepTitles } from './bookingTexts'
import { DateStep } from './DateStep'
import { PassengerStep } from './PassengerStep'
import type { StepProps } from './stepProps'

// The first two steps (where the wizard starts) come with the screen; the others load when it reaches them,
// with their texts (a catalog part of their own), which keeps the first visit within its script budget (the
// trip step's fields are most of the wizard's code).
const laterStep = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType<StepProps>) =>
  lazyPart(() => Promise.all([load(), loadCatalogPart('bookingSteps')]).then(([module]) => pick(module)))
const QuotaStep = laterStep(
  () => import('./QuotaStep'),
  (module) => module.QuotaStep,
)
const TripStep = laterStep(
  () => import('./TripStep'),
  (module) => module.TripStep,
)
const AdditionalInfoStep = laterStep(
  () => import('./AdditionalInfoStep'),
  (module) => module.AdditionalInfoStep,
)
const SummaryStep = laterStep(
  () => import('./SummaryStep'),
  (module) => module.SummaryStep,
)

// Shown only at times, each loads when first shown, in the step's Suspense so that the step waits for it rather
// than move down under the user's finger as it comes. The recent routes show at the start, so come with it.
const OrderHeld = lazyPart(() => import('./again/OrderHeld').then((module) => module.OrderHeld))
const OverlapWarning = lazyPart(() => import('./OverlapWarning').then((module) => module.OverlapWarning))

const steps: Record<BookingStep, ComponentType<StepProps>> = {
  1: PassengerStep,
  2: DateStep,
  3: QuotaStep,
  4: TripStep,
  5: AdditionalInfoStep,
  6: SummaryStep,
  7: TripStep,
  8: AdditionalInfoStep,
  9: SummaryStep,
}

/** The summaries have their own buttons (save, back, start over), which depend on the save's state. */
const isSummary = (step: BookingStep) => step === 6 || step === 9

/**
 * The booking wizard (spec sections 2 and 4): a 'Step N: title' heading, the step, and Back and Next, which are
 * disabled (Next) or absent (Back) where the machine would not move. A restored wizard continues at its step,
 * saying what it holds. Its start offers the recent routes; `again` books a trip again (then `againTaken`).
 */
export function BookingWizard({ again, againTaken }: { again: TripRef | null; againTaken: () => void }) {
  const flow = useBookingFlow()
  useBookAgain(flow?.actor.send ?? null, again, againTaken)
  // Focus follows the step: each step's heading is focused as it mounts; not the first one, since the page
  // heading comes first.
  const firstHeading = useRef(true)
  const heading = useCallback((element: HTMLHeadingElement | null) => {
    if (!element) return
    if (firstHeading.current) firstHeading.current = false
    else element.focus()
  }, [])

  const step = flow ? stepOf(flow.snapshot) : null
  const resumed = useResumed(step)
  if (!flow || step === null) return <LoadingBlock />
  const { actor, snapshot } = flow
  const Step = steps[step]
  const { again: booksAgain, passengerSkipped, passengers } = snapshot.context
  const atStart = step === 1 || (step === 2 && passengerSkipped && booksAgain === null)
  const held = (resumed && !isSummary(step)) || (step === 2 && booksAgain !== null)
  // The trips on this device are read here, not in the summary step, which reads only the machine.
  const saved =
    snapshot.matches({ wizard: { summary: 'saved' } }) ||
    snapshot.matches({ wizard: { returnSummary: 'saved' } })
  const overlap = isSummary(step) && !saved
  const content = (
    <>
      {/* A new heading per step, so its ref focuses it. */}
      <StepHeading key={step} step={step} headingRef={heading} />
      <Suspense fallback={<LoadingBlock />}>
        {atStart ? <RecentRoutes send={actor.send} showPassenger={(passengers?.length ?? 0) > 1} /> : null}
        {held ? <OrderHeld snapshot={snapshot} send={actor.send} resumed={resumed} /> : null}
        {overlap ? (
          <OverlapWarning order={snapshot.context.order} timeZone={snapshot.context.timeZone} />
        ) : null}
        <Step snapshot={snapshot} send={actor.send} />
      </Suspense>
    </>
  )
  if (isSummary(step)) {
    return (
      <section aria-labelledby={headingId(step)} className="flex flex-col gap-5">
        {content}
      </section>
    )
  }
  const canNext = snapshot.can({ type: 'wizard.next' })
  return (
    // A form, so Enter in a field moves on as Next does.
    <form
      noValidate
      aria-labelledby={headingId(step)}
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault()
        if (canNext) actor.send({ type: 'wizard.next' })
      }}
    >
      {content}
      <div className="flex flex-wrap justify-between gap-3">
        {snapshot.can({ type: 'wizard.back' }) ? (
          <Button variant="secondary" onClick={() => actor.send({ type: 'wizard.back' })}>
            <ChevronLeftIcon />
            <Trans id="common.back">Back</Trans>
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit" disabled={!canNext} className="ml-auto">
          <Trans id="common.next">Next</Trans>
          <ChevronRightIcon />
        </Button>
      </div>
    </form>
  )
}

const headingId = (step: BookingStep) => `booking-step-${step}`

function StepHeading({
  step,
  headingRef,
}: {
  step: BookingStep
  headingRef: (element: HTMLHeadingElement | null) => void
}) {
  const { t } = useLingui()
  const title = t(bookingStepTitles[step])
  return (
    <h2
      id={headingId(step)}
      ref={headingRef}
      tabIndex={-1}
      className="text-xl font-semibold focus-visible:outline-offset-4"
    >
      <Trans id="booking.step_heading">
        Step {step}: {title}
      </Trans>
    </h2>
  )
}
