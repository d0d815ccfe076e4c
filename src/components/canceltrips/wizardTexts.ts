import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/** The cancel wizard's steps, numbered as in spec section 2 (a skipped step keeps its number). */
export const wizardSteps = ['dates', 'passengers', 'trips', 'reason', 'result'] as const
export type WizardStepId = (typeof wizardSteps)[number]

export const stepTitles: Record<WizardStepId, MessageDescriptor> = {
  dates: msg({ id: 'canceltrips.step_dates', message: 'Choose dates' }),
  passengers: msg({ id: 'canceltrips.step_passengers', message: 'Choose passengers' }),
  trips: msg({ id: 'canceltrips.step_trips', message: 'Choose trips' }),
  reason: msg({ id: 'canceltrips.step_reason', message: 'Cancellation reason' }),
  result: msg({ id: 'canceltrips.step_result', message: 'Result' }),
}
