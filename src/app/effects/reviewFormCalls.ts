import { fromPromise } from 'xstate'
import { reviewFormMachine, type ReviewField } from '../../../machines/review/reviewForm.machine'
import { queueReview } from '../data/commands'
import type { SessionStore } from '../session/session'

/**
 * The review form's machine (machines/review/reviewForm.machine.ts) with its effects: Save queues the review in
 * the outbox; `focusField` is the screen's, which knows the fields.
 */
export function reviewFormWithEffects(sessions: SessionStore, focusField: (field: ReviewField) => void) {
  return reviewFormMachine.provide({
    actors: { queueReview: fromPromise(({ input }) => queueReview(sessions, input)) },
    actions: {
      focusField: (_, { field }) => {
        if (field) focusField(field)
      },
    },
  })
}
