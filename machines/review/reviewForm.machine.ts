import { Temporal } from 'temporal-polyfill'
import { assign, fromPromise, setup, stateIn } from 'xstate'
import type { Trip } from '../../src/contract/trip'
import type { ReviewRequest } from '../../src/contract/tripCommands'
import { isValidStars, reviewCheckIntervalMs, reviewState } from '../../src/domain/trips/review'

/**
 * The trip detail's review: whether a review can be written now (re-evaluated every 60 s and whenever the
 * trip changes, spec sections 4 and 9), and the review dialog (two star ratings and a comment, all required),
 * whose Save queues a review command in the outbox. `queueReview` and `focusField` are given by
 * src/app/effects/reviewFormCalls.ts (the focus is the component's); the component closes the dialog in `queued`.
 */

export type ReviewTrip = Pick<
  Trip,
  | 'id'
  | 'date'
  | 'passenger'
  | 'pickupTime'
  | 'dropoffTime'
  | 'endDateTime'
  | 'allowReview'
  | 'cancelledAt'
  | 'noShowTime'
  | 'reviews'
>

export type ReviewField = 'driverStars' | 'experienceStars' | 'comment'

/** What the outbox stores: the contract's request plus the passenger whose trip it is. */
export type ReviewPayload = ReviewRequest & { passengerId: string }

export interface ReviewFormInput {
  trip: ReviewTrip
  /** The tenant's star scale. */
  scale: 4 | 5
  /** The clock; tests pass the simulated one. */
  now?: () => Temporal.Instant
}

export interface ReviewFormContext {
  trip: ReviewTrip
  scale: 4 | 5
  now: () => Temporal.Instant
  driverStars: number | null
  experienceStars: number | null
  comment: string
  /** Errors show after the first Save. */
  showErrors: boolean
  commandId: string | null
  failed: boolean
}

export type ReviewFormEvent =
  | { type: 'trip.update'; trip: ReviewTrip }
  | { type: 'review.open' }
  | { type: 'review.close' }
  | { type: 'stars.driver'; value: number }
  | { type: 'stars.experience'; value: number }
  | { type: 'comment.change'; value: string }
  | { type: 'review.save' }

/** The fields that are not valid yet, in the dialog's order. */
export function reviewFormErrors(
  context: Pick<ReviewFormContext, 'driverStars' | 'experienceStars' | 'comment' | 'scale'>,
): ReviewField[] {
  const errors: ReviewField[] = []
  if (context.driverStars === null || !isValidStars(context.driverStars, context.scale)) {
    errors.push('driverStars')
  }
  if (context.experienceStars === null || !isValidStars(context.experienceStars, context.scale)) {
    errors.push('experienceStars')
  }
  if (context.comment.trim() === '') errors.push('comment')
  return errors
}

/** Opening starts a fresh form, and only while a review can be written. */
const openForm = {
  guard: stateIn('#reviewForm.availability.available'),
  target: 'editing',
  actions: 'resetForm',
} as const

const emptyForm = { driverStars: null, experienceStars: null, comment: '', showErrors: false, failed: false }

export const reviewFormMachine = setup({
  types: {
    context: {} as ReviewFormContext,
    events: {} as ReviewFormEvent,
    input: {} as ReviewFormInput,
  },
  actors: {
    // The outbox is provided by src/app/effects/reviewFormCalls.ts.
    queueReview: fromPromise<string, ReviewPayload>(() =>
      Promise.reject(new Error('reviewForm: no queueReview actor')),
    ),
  },
  actions: {
    setTrip: assign(({ event }) => (event.type === 'trip.update' ? { trip: event.trip } : {})),
    setField: assign(({ event }) => {
      switch (event.type) {
        case 'stars.driver':
          return { driverStars: event.value, failed: false }
        case 'stars.experience':
          return { experienceStars: event.value, failed: false }
        case 'comment.change':
          return { comment: event.value, failed: false }
        default:
          return {}
      }
    }),
    resetForm: assign(emptyForm),
    showErrors: assign({ showErrors: true }),
    storeCommand: assign((_, params: { id: string }) => ({ commandId: params.id })),
    markFailed: assign({ failed: true }),
    /** Moves focus to the first field with an error (the component provides it). */
    focusField: (_, _params: { field: ReviewField | undefined }) => {},
  },
  guards: {
    reviewAvailable: ({ context }) => reviewState(context.trip, context.now()) === 'available',
    formValid: ({ context }) => reviewFormErrors(context).length === 0,
  },
  delays: {
    reviewCheck: reviewCheckIntervalMs,
  },
}).createMachine({
  id: 'reviewForm',
  type: 'parallel',
  context: ({ input }) => ({
    trip: input.trip,
    scale: input.scale,
    now: input.now ?? (() => Temporal.Now.instant()),
    commandId: null,
    ...emptyForm,
  }),
  states: {
    availability: {
      initial: 'checking',
      // Handled in this region only: a transition from the root would exit and re-enter the form region too,
      // closing an open dialog whenever a pull brings the trip again.
      on: {
        'trip.update': { target: '.checking', actions: 'setTrip' },
      },
      states: {
        checking: {
          always: [{ guard: 'reviewAvailable', target: 'available' }, { target: 'unavailable' }],
        },
        available: { after: { reviewCheck: 'checking' } },
        unavailable: { after: { reviewCheck: 'checking' } },
      },
    },
    form: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'review.open': openForm,
          },
        },
        editing: {
          on: {
            'stars.driver': { actions: 'setField' },
            'stars.experience': { actions: 'setField' },
            'comment.change': { actions: 'setField' },
            'review.save': [
              { guard: 'formValid', target: 'queueing' },
              {
                actions: [
                  'showErrors',
                  {
                    type: 'focusField',
                    params: ({ context }) => ({ field: reviewFormErrors(context)[0] }),
                  },
                ],
              },
            ],
            'review.close': 'closed',
          },
        },
        queueing: {
          invoke: {
            src: 'queueReview',
            input: ({ context }): ReviewPayload => ({
              trip: { id: context.trip.id, date: context.trip.date },
              driverStars: context.driverStars ?? 0,
              experienceStars: context.experienceStars ?? 0,
              comment: context.comment.trim(),
              passengerId: context.trip.passenger.id,
            }),
            onDone: {
              target: 'queued',
              actions: { type: 'storeCommand', params: ({ event }) => ({ id: event.output }) },
            },
            onError: { target: 'editing', actions: 'markFailed' },
          },
        },
        /** Sent to the outbox; a rejected review can be written again once dismissed. */
        queued: {
          on: {
            'review.open': openForm,
          },
        },
      },
    },
  },
})
