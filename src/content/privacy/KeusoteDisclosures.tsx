import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Section } from '../ContentBlocks'

interface AnswerProps {
  question: ReactNode
  answer: 'yes' | 'no'
  children?: ReactNode
}

/**
 * A yes/no question answered by the controller. The checkboxes are real but disabled, so assistive technology
 * announces the question (the legend), both options and which one is checked, and nobody can change them.
 */
function Answer({ question, answer, children }: AnswerProps) {
  const boxClassName = 'h-5 w-5 accent-primary'
  const labelClassName = 'inline-flex min-h-target items-center gap-2'
  return (
    <fieldset className="rounded-lg border border-muted px-4 pt-1 pb-3">
      <legend className="px-1 font-semibold">{question}</legend>
      <div className="flex flex-wrap gap-x-8 gap-y-1">
        <label className={labelClassName}>
          <input type="checkbox" className={boxClassName} checked={answer === 'yes'} disabled />
          <Trans id="privacy.keusote.answer.yes">Yes</Trans>
        </label>
        <label className={labelClassName}>
          <input type="checkbox" className={boxClassName} checked={answer === 'no'} disabled />
          <Trans id="privacy.keusote.answer.no">No</Trans>
        </label>
      </div>
      {children}
    </fieldset>
  )
}

/** Transfers, automated decisions and disclosures, as the wellbeing services county's template asks. */
export function KeusoteDisclosures({ operator }: { operator: string }) {
  return (
    <Section title={<Trans id="privacy.keusote.disclosure.title">Transfers and disclosures of data</Trans>}>
      <p>
        <Trans id="privacy.keusote.disclosure.intro">
          The answers below describe how the data is handled. They are for information and cannot be changed.
        </Trans>
      </p>
      <Answer
        answer="no"
        question={
          <Trans id="privacy.keusote.question.outside_eea">
            Is data transferred outside the EU or the EEA?
          </Trans>
        }
      />
      <Answer
        answer="no"
        question={
          <Trans id="privacy.keusote.question.automated">
            Is data used for automated decision-making or profiling?
          </Trans>
        }
      />
      <Answer
        answer="yes"
        question={
          <Trans id="privacy.keusote.question.third_parties">Is data disclosed to third parties?</Trans>
        }
      >
        <p className="mt-1">
          <Trans id="privacy.keusote.question.third_parties.detail">
            Only to the transport operator {operator}, which carries out the trips.
          </Trans>
        </p>
      </Answer>
    </Section>
  )
}
