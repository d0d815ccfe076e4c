import { and, assign, fromPromise, setup } from 'xstate'
import type { Invitation } from '../../src/contract/invitations'
import type { InvitationRefusal, SignInToAccept } from '../../src/domain/invitations'

/**
 * /invitation/{code} (spec sections 2 and 4): loads the invitation, then shows it (pending or accepted by this
 * user), not found (404: unknown, expired, or another user's) or too many requests (429). A signed-in user
 * accepts it here (`POST api/invitation`), after which it is loaded again and shows as accepted (a refusal, such
 * as a travel card's that takes strong authentication, stays with the invitation and says why); anyone else
 * leaves for the sign-in by full-page navigation (`acceptinvite`), which accepts it once signed in. A signed-in
 * user may also accept it with another account (`logoutandacceptinvite`). The screen provides the calls and
 * the navigation (src/app/effects/invitationCalls.ts); tests give them with `.provide`.
 */

/** What loading an invitation gave. */
export type InvitationLoad = { kind: 'found'; invitation: Invitation } | { kind: InvitationRefusal }

/** What accepting one gave. */
export type AcceptOutcome = { kind: 'accepted' } | { kind: InvitationRefusal }

export interface InvitationContext {
  code: string
  /** Whether the user is signed in: only then does accepting call the API. */
  signedIn: boolean
  invitation: Invitation | null
  /** Why the last accept did not go through, while the invitation still shows. */
  acceptFailure: Exclude<InvitationRefusal, 'not_found'> | null
  /** Accepted on this visit (the screen then moves focus to what it says). */
  acceptedHere: boolean
}

export type InvitationEvent = { type: 'accept' } | { type: 'acceptAsOther' } | { type: 'retry' }

/** The `leave` action to one of the sign-in pages, with the invitation's code. */
const leaveFor = (page: SignInToAccept) =>
  ({
    type: 'leave',
    params: ({ context }: { context: InvitationContext }) => ({ page, code: context.code }),
  }) as const

export const invitationMachine = setup({
  types: {
    context: {} as InvitationContext,
    events: {} as InvitationEvent,
    input: {} as { code: string; signedIn: boolean },
  },
  actors: {
    load: fromPromise<InvitationLoad, string>(() => Promise.reject(new Error('invitation: no load actor'))),
    accept: fromPromise<AcceptOutcome, string>(() =>
      Promise.reject(new Error('invitation: no accept actor')),
    ),
  },
  actions: {
    /** Full-page navigation to the server's page that takes the invitation through the sign-in. */
    leave: (_, _params: { page: SignInToAccept; code: string }) => {},
  },
  guards: {
    signedIn: ({ context }) => context.signedIn,
    pending: ({ context }) => context.invitation?.acceptedByUser === false,
  },
}).createMachine({
  id: 'invitation',
  context: ({ input }) => ({ ...input, invitation: null, acceptFailure: null, acceptedHere: false }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        input: ({ context }) => context.code,
        onDone: [
          {
            guard: ({ event }) => event.output.kind === 'found',
            target: 'shown',
            actions: assign({
              invitation: ({ event }) => (event.output.kind === 'found' ? event.output.invitation : null),
            }),
          },
          { guard: ({ event }) => event.output.kind === 'not_found', target: 'notFound' },
          { guard: ({ event }) => event.output.kind === 'busy', target: 'tooManyRequests' },
          { target: 'failed' },
        ],
        onError: { target: 'failed' },
      },
    },
    notFound: {},
    tooManyRequests: { on: { retry: 'loading' } },
    failed: { on: { retry: 'loading' } },
    shown: {
      on: {
        accept: [
          { guard: and(['pending', 'signedIn']), target: 'accepting' },
          // Anyone else signs in first, and the sign-in accepts it.
          {
            guard: 'pending',
            target: 'leaving',
            actions: leaveFor('acceptinvite'),
          },
        ],
        acceptAsOther: {
          guard: and(['pending', 'signedIn']),
          target: 'leaving',
          actions: leaveFor('logoutandacceptinvite'),
        },
      },
    },
    accepting: {
      entry: assign({ acceptFailure: null }),
      invoke: {
        src: 'accept',
        input: ({ context }) => context.code,
        onDone: [
          // Accepted: loaded again, it shows as this user's.
          {
            guard: ({ event }) => event.output.kind === 'accepted',
            target: 'loading',
            actions: assign({ acceptedHere: true }),
          },
          { guard: ({ event }) => event.output.kind === 'not_found', target: 'notFound' },
          {
            target: 'shown',
            actions: assign({
              acceptFailure: ({ event }) =>
                event.output.kind === 'accepted' || event.output.kind === 'not_found'
                  ? 'failed'
                  : event.output.kind,
            }),
          },
        ],
        onError: { target: 'shown', actions: assign({ acceptFailure: 'failed' }) },
      },
    },
    /** The page is on its way to the sign-in. */
    leaving: {},
  },
})
