import { assign, fromPromise, not, setup } from 'xstate'
import type { Invitation } from '../../src/contract/invitations'
import {
  canRegisterCard,
  type InvitationRefusal,
  type SignInToAccept,
  type TravelCardForm,
  type TravelCardRefusal,
} from '../../src/domain/invitations'
import type { AcceptOutcome } from '../invitation/invitation.machine'

/**
 * /register-travel-card (spec sections 2, 4 and 8): the holder's name and the card's number, sent when both are
 * filled (`POST api/account/registercard`): idle, loading, success (an invitation received), not found (404)
 * or failed (anything else: `travelCardRefusalOf`), the last two still editable. With the invitation a signed-in user adds its
 * passengers to the current account ('Add to current': `POST api/invitation`, then the passengers page) or
 * makes a new user ('Create new': `logoutandacceptinvite`, where strong authentication makes one); anyone else
 * continues to the sign-in (`acceptinvite`). The screen provides the calls and navigations
 * (src/app/effects/invitationCalls.ts); tests give them with `.provide`.
 */

/** What registering a card gave: its invitation, or why none. */
export type CardRegistration = { kind: 'found'; invitation: Invitation } | { kind: TravelCardRefusal }

export interface TravelCardContext {
  form: TravelCardForm
  signedIn: boolean
  invitation: Invitation | null
  /** Why 'Add to current' did not go through. */
  acceptFailure: InvitationRefusal | null
}

export type TravelCardEvent =
  | { type: 'field.change'; field: keyof TravelCardForm; value: string }
  | { type: 'send' }
  | { type: 'addToCurrent' }
  | { type: 'createNew' }
  | { type: 'continue' }

/** The form's events, in idle and after a refusal; an edit clears the refusal's message. */
const editing = {
  'field.change': { target: '#registerTravelCard.idle', actions: 'setField' },
  send: { guard: 'canSend', target: '#registerTravelCard.loading' },
} as const

/** The `leave` action to one of the sign-in pages, with the invitation's code. */
const leaveFor = (page: SignInToAccept) =>
  ({
    type: 'leave',
    params: ({ context }: { context: TravelCardContext }) => ({ page, code: context.invitation?.code ?? '' }),
  }) as const

export const registerTravelCardMachine = setup({
  types: {
    context: {} as TravelCardContext,
    events: {} as TravelCardEvent,
    input: {} as { signedIn: boolean },
  },
  actors: {
    register: fromPromise<CardRegistration, TravelCardForm>(() =>
      Promise.reject(new Error('registerTravelCard: no register actor')),
    ),
    accept: fromPromise<AcceptOutcome, string>(() =>
      Promise.reject(new Error('registerTravelCard: no accept actor')),
    ),
  },
  actions: {
    setField: assign(({ context, event }) =>
      event.type === 'field.change' ? { form: { ...context.form, [event.field]: event.value } } : {},
    ),
    /** Full-page navigation to the server's page that takes the invitation through the sign-in. */
    leave: (_, _params: { page: SignInToAccept; code: string }) => {},
    /** To /passengers, where the added passengers show. */
    showPassengers: () => {},
  },
  guards: {
    canSend: ({ context }) => canRegisterCard(context.form),
    signedIn: ({ context }) => context.signedIn,
  },
}).createMachine({
  id: 'registerTravelCard',
  context: ({ input }) => ({
    form: { name: '', cardNumber: '' },
    signedIn: input.signedIn,
    invitation: null,
    acceptFailure: null,
  }),
  initial: 'idle',
  states: {
    idle: { on: editing },
    loading: {
      invoke: {
        src: 'register',
        // The server ignores spacing and case; trimmed, the fields are what its contract takes.
        input: ({ context }) => ({
          name: context.form.name.trim(),
          cardNumber: context.form.cardNumber.trim(),
        }),
        onDone: [
          {
            guard: ({ event }) => event.output.kind === 'found',
            target: 'success',
            actions: assign({
              invitation: ({ event }) => (event.output.kind === 'found' ? event.output.invitation : null),
            }),
          },
          { guard: ({ event }) => event.output.kind === 'not_found', target: 'notFound' },
          { target: 'failed' },
        ],
        onError: { target: 'failed' },
      },
    },
    notFound: { on: editing },
    failed: { on: editing },
    success: {
      initial: 'ready',
      states: {
        ready: {
          on: {
            addToCurrent: { guard: 'signedIn', target: 'adding' },
            createNew: {
              guard: 'signedIn',
              target: '#registerTravelCard.leaving',
              actions: leaveFor('logoutandacceptinvite'),
            },
            continue: {
              guard: not('signedIn'),
              target: '#registerTravelCard.leaving',
              actions: leaveFor('acceptinvite'),
            },
          },
        },
        adding: {
          entry: assign({ acceptFailure: null }),
          invoke: {
            src: 'accept',
            input: ({ context }) => context.invitation?.code ?? '',
            onDone: [
              {
                guard: ({ event }) => event.output.kind === 'accepted',
                target: '#registerTravelCard.added',
              },
              {
                target: 'ready',
                actions: assign({
                  acceptFailure: ({ event }) => (event.output.kind === 'accepted' ? null : event.output.kind),
                }),
              },
            ],
            onError: { target: 'ready', actions: assign({ acceptFailure: 'failed' }) },
          },
        },
      },
    },
    added: { entry: 'showPassengers' },
    /** The page is on its way to the sign-in. */
    leaving: {},
  },
})
