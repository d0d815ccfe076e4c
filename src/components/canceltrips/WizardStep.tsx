import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Button } from '../ui/Button'
import { ChevronRightIcon } from '../ui/icons'
import { ChevronLeftIcon } from '../ui/featureIcons'
import type { StepProps } from './stepProps'
import { stepTitles, wizardSteps, type WizardStepId } from './wizardTexts'

export interface WizardStepProps extends StepProps {
  step: WizardStepId
  /** Shows Back. */
  back?: boolean
  /** The forward button: Next, or Send on the reason step; disabled when the machine would not move. */
  forward?: 'wizard.next' | 'wizard.send'
  children: ReactNode
}

/**
 * One step of the wizard: a 'step N: title' heading (as the booking stepper of the spec), its content, and Back
 * and Next. The step is a form, so Enter in a field moves on as Next does.
 */
export function WizardStep(props: WizardStepProps) {
  const { step, snapshot, send, headingRef, back = false, forward, children } = props
  const { t } = useLingui()
  const canMove = forward ? snapshot.can({ type: forward }) : false
  const number = wizardSteps.indexOf(step) + 1
  const title = t(stepTitles[step])
  return (
    <form
      noValidate
      aria-labelledby={`canceltrips-step-${step}`}
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault()
        if (forward && canMove) send({ type: forward })
      }}
    >
      <h2
        id={`canceltrips-step-${step}`}
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-semibold focus-visible:outline-offset-4"
      >
        <Trans id="canceltrips.step_heading">
          Step {number}: {title}
        </Trans>
      </h2>
      {children}
      {back || forward ? (
        <div className="flex flex-wrap justify-between gap-3">
          {back ? (
            <Button variant="secondary" onClick={() => send({ type: 'wizard.back' })}>
              <ChevronLeftIcon />
              <Trans id="common.back">Back</Trans>
            </Button>
          ) : (
            <span />
          )}
          {forward ? (
            <Button type="submit" disabled={!canMove} className="ml-auto">
              {forward === 'wizard.send' ? (
                <Trans id="canceltrips.send">Send</Trans>
              ) : (
                <>
                  <Trans id="common.next">Next</Trans>
                  <ChevronRightIcon />
                </>
              )}
            </Button>
          ) : null}
        </div>
      ) : null}
    </form>
  )
}
