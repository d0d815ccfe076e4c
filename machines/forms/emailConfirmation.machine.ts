import { assign, fromPromise, setup } from 'xstate'
import { failureStatus } from '../../src/domain/formErrors'

/** What the last "Send the link again" came to: sent, refused for now (429), no network, or another failure. */
export type ResendOutcome = 'sent' | 'limited' | 'offline' | 'failed'

export function resendFailure(error: unknown): Exclude<ResendOutcome, 'sent'> {
  const status = failureStatus(error)
  if (status === 429) return 'limited'
  return status === 0 ? 'offline' : 'failed'
}

/**
 * The personal info screen's "Send the link again" for an unconfirmed address (POST
 * api/account/email/confirmation): one call at a time, its outcome kept for the screen to say politely. The
 * `resend` actor is provided by src/app/effects/emailConfirmationCalls.ts.
 */
export const emailConfirmationMachine = setup({
  types: {
    context: {} as { outcome: ResendOutcome | null },
    events: {} as { type: 'resend' },
  },
  actors: {
    resend: fromPromise<unknown>(() => Promise.reject(new Error('emailConfirmation: no resend actor'))),
  },
}).createMachine({
  id: 'emailConfirmation',
  context: { outcome: null },
  initial: 'idle',
  states: {
    idle: { on: { resend: { target: 'sending', actions: assign({ outcome: null }) } } },
    sending: {
      invoke: {
        src: 'resend',
        onDone: { target: 'idle', actions: assign({ outcome: 'sent' as const }) },
        onError: { target: 'idle', actions: assign({ outcome: ({ event }) => resendFailure(event.error) }) },
      },
    },
  },
})
