import { fromPromise } from 'xstate'
import { emailConfirmationMachine } from '../../../machines/forms/emailConfirmation.machine'

/** The resend machine with its call (the action that keeps the answered user). */
export function emailConfirmationWithEffects(resend: () => Promise<unknown>) {
  return emailConfirmationMachine.provide({ actors: { resend: fromPromise(() => resend()) } })
}
