import { assign, fromPromise, setup } from 'xstate'
import type { TrackingLink, TrackingLinkRequest } from '../../src/contract/tracking'

/**
 * Sharing a trip's tracking link on its detail screen: reads the trip's current link, creates one
 * and hands it to the device's share sheet or the clipboard, and revokes it after a confirmation. The screen
 * provides the calls (src/app/effects/shareLinkCalls.ts); tests give them with `.provide`.
 */

/** How the link left the device: the share sheet, the clipboard, or the user closed the sheet. */
export type ShareWay = 'shared' | 'copied' | 'dismissed'

/** The last thing that happened, for the screen's polite status. */
export type ShareOutcome = 'shared' | 'copied' | 'revoked'

export type ShareFailure = 'create' | 'share' | 'revoke'

export interface ShareLinkContext {
  request: TrackingLinkRequest
  link: TrackingLink | null
  outcome: ShareOutcome | null
  failure: ShareFailure | null
}

export type ShareLinkEvent =
  { type: 'share' } | { type: 'revoke' } | { type: 'revoke.confirm' } | { type: 'revoke.cancel' }

export const shareLinkMachine = setup({
  types: {
    context: {} as ShareLinkContext,
    events: {} as ShareLinkEvent,
    input: {} as { request: TrackingLinkRequest },
  },
  actors: {
    loadLink: fromPromise<TrackingLink | null, TrackingLinkRequest>(() =>
      Promise.reject(new Error('shareLink: no loadLink actor')),
    ),
    createLink: fromPromise<TrackingLink, TrackingLinkRequest>(() =>
      Promise.reject(new Error('shareLink: no createLink actor')),
    ),
    shareLink: fromPromise<ShareWay, TrackingLink>(() =>
      Promise.reject(new Error('shareLink: no shareLink actor')),
    ),
    revokeLink: fromPromise<void, TrackingLink>(() =>
      Promise.reject(new Error('shareLink: no revokeLink actor')),
    ),
  },
  actions: {
    fail: assign((_, failure: ShareFailure) => ({ failure, outcome: null })),
  },
  guards: {
    hasLink: ({ context }) => context.link !== null,
  },
}).createMachine({
  id: 'shareLink',
  context: ({ input }) => ({ request: input.request, link: null, outcome: null, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadLink',
        input: ({ context }) => context.request,
        onDone: { target: 'idle', actions: assign({ link: ({ event }) => event.output }) },
        // Not knowing the current link (offline at the start) still lets the user share one: creating answers
        // the current link, so this is not worth an error.
        onError: { target: 'idle' },
      },
    },
    idle: {
      on: {
        share: { target: 'creating', actions: assign({ outcome: null, failure: null }) },
        revoke: { guard: 'hasLink', target: 'confirming', actions: assign({ outcome: null, failure: null }) },
      },
    },
    creating: {
      invoke: {
        src: 'createLink',
        input: ({ context }) => context.request,
        onDone: { target: 'sharing', actions: assign({ link: ({ event }) => event.output }) },
        onError: { target: 'idle', actions: { type: 'fail', params: 'create' as const } },
      },
    },
    sharing: {
      invoke: {
        src: 'shareLink',
        input: ({ context }) => context.link as TrackingLink,
        onDone: {
          target: 'idle',
          actions: assign({ outcome: ({ event }) => (event.output === 'dismissed' ? null : event.output) }),
        },
        onError: { target: 'idle', actions: { type: 'fail', params: 'share' as const } },
      },
    },
    confirming: {
      on: { 'revoke.confirm': 'revoking', 'revoke.cancel': 'idle' },
    },
    revoking: {
      invoke: {
        src: 'revokeLink',
        input: ({ context }) => context.link as TrackingLink,
        onDone: { target: 'idle', actions: assign({ link: null, outcome: 'revoked' }) },
        onError: { target: 'idle', actions: { type: 'fail', params: 'revoke' as const } },
      },
    },
  },
})
