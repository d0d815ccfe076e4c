import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import type { AuthStatus } from './auth.rules'

/**
 * Authentication (spec section 4, design brief "Auth"). The access token lives only in this machine's context.
 *
 * The side effects belong to the app and are given with `authMachine.provide(...)` (src/app/effects/actors.ts):
 * fetching a token, forgetting local data, navigating. The defaults here do nothing visible, so tests swap
 * only what they observe.
 */

export type { AuthStatus } from './auth.rules'

/** What the portal reads of the auth machine (src/app/session/authHandle.ts; machines/userSession/userSession.machine.ts follows it). */
export interface AuthView {
  status: AuthStatus
  userId: string | null
  token: string | null
}

/** What `GET /api/auth/access_token` came to. A fetch that cannot reach the server is `unreachable`. */
export type TokenResult =
  | {
      kind: 'token'
      token: string
      expiresIn: number
      userId: string
      /** Seconds the session has left as the token arrived; null when the server did not say. */
      sessionEndsIn: number | null
    }
  | { kind: 'none' }
  | { kind: 'unreachable' }

export interface AuthInput {
  /** The user last signed in on this device for this tenant (localStorage, id only). */
  lastUserId: string | null
}

export interface AuthContext {
  token: string | null
  /** Seconds the current token lives, counted from when it arrived. */
  expiresIn: number | null
  /** The signed-in user, or the remembered one while offline. */
  userId: string | null
  lastUserId: string | null
  /** The token came from the refresh a 401 asked for: another 401 for it means the session is gone. */
  recovered: boolean
}

export type AuthEvent =
  | { type: 'auth.online' }
  | { type: 'auth.offline' }
  /**
   * Any API call answered 401 (which means the network is up). `token` is the one the call carried: a 401 for
   * a token already replaced is old news.
   */
  | { type: 'auth.unauthorized'; token?: string | null }
  | { type: 'auth.login' }
  | { type: 'auth.logout' }
  /** The logged-out page: forget the local session data. */
  | { type: 'auth.clear' }

/** Refresh this long before the token expires (spec section 9). */
export const refreshMarginMs = 30_000
/** How often an unreachable server is tried again, besides on the `online` event. */
export const reconnectIntervalMs = 15_000

type DoneTokenEvent = { output: TokenResult }

function tokenOf(event: unknown): TokenResult {
  return (event as DoneTokenEvent).output
}

const isToken = ({ event }: { event: unknown }) => tokenOf(event).kind === 'token'
const isNone = ({ event }: { event: unknown }) => tokenOf(event).kind === 'none'

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
  },
  actors: {
    fetchToken: fromPromise<TokenResult>(async () => ({ kind: 'unreachable' })),
  },
  actions: {
    assignToken: assign(({ event }) => {
      const result = tokenOf(event)
      if (result.kind !== 'token') return {}
      return {
        token: result.token,
        expiresIn: result.expiresIn,
        userId: result.userId,
        lastUserId: result.userId,
        recovered: false,
      }
    }),
    /** Offline: no token, but the remembered user's data stays readable. */
    assignOfflineUser: assign(({ context }) => ({
      token: null,
      expiresIn: null,
      userId: context.lastUserId,
    })),
    markRecovered: assign({ recovered: true }),
    signOut: assign({ token: null, expiresIn: null, userId: null, lastUserId: null, recovered: false }),
    /** Store the user id for an offline start; the app also forgets another user's data here. */
    rememberUser: (_, _params: { userId: string }) => {},
    /**
     * Forget the user's local data. With `keepWork`, commands not yet sent stay for the same user's next
     * sign-in on this device (design brief, "Auth"); only a logout the user confirmed drops them.
     */
    clearLocalData: (_, _params: { userId: string | null; keepWork: boolean }) => {},
    /**
     * The session ended by itself (it expired, or was found ended at start): the home screen says so, and what
     * of the user's work this device keeps for them (docs/auth.md).
     */
    noteSessionEnded: (_, _params: { userId: string | null }) => {},
    /** Leave an auth route for home, keeping its path as redirect. */
    goHome: () => {},
    navigateToLogin: () => {},
    navigateToLogout: () => {},
  },
  guards: {
    isToken,
    isNone,
    hasLastUser: ({ context }) => context.lastUserId !== null,
    /** A 401 for a token that has since been replaced: the caller retries with the new one. */
    isStaleRefusal: ({ context, event }) =>
      event.type === 'auth.unauthorized' && event.token !== undefined && event.token !== context.token,
    isRecovered: ({ context }) => context.recovered,
  },
  delays: {
    refresh: ({ context }) => Math.max(0, (context.expiresIn ?? 0) * 1000 - refreshMarginMs),
    expiry: ({ context }) => (context.expiresIn ?? 0) * 1000,
    reconnect: reconnectIntervalMs,
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({
    token: null,
    expiresIn: null,
    userId: null,
    lastUserId: input.lastUserId,
    recovered: false,
  }),
  initial: 'starting',
  on: {
    'auth.logout': '.loggingOut',
    'auth.clear': {
      target: '.anonymous',
      actions: [
        {
          type: 'clearLocalData',
          params: ({ context }) => ({ userId: context.lastUserId, keepWork: true }),
        },
        'signOut',
      ],
    },
  },
  states: {
    starting: {
      invoke: {
        src: 'fetchToken',
        onDone: [
          { guard: 'isToken', target: 'authenticated', actions: 'assignToken' },
          {
            // The session ended while the portal was closed: what is stored belongs to nobody now. A
            // remembered user's screen may already show (resuming): its guard sends it home.
            guard: 'isNone',
            target: 'anonymous',
            actions: [
              {
                type: 'clearLocalData',
                params: ({ context }) => ({ userId: context.lastUserId, keepWork: true }),
              },
              { type: 'noteSessionEnded', params: ({ context }) => ({ userId: context.lastUserId }) },
              'signOut',
              'goHome',
            ],
          },
          { guard: 'hasLastUser', target: 'offline', actions: 'assignOfflineUser' },
          { target: 'anonymous.unreachable' },
        ],
        onError: [
          { guard: 'hasLastUser', target: 'offline', actions: 'assignOfflineUser' },
          { target: 'anonymous.unreachable' },
        ],
      },
    },
    authenticated: {
      entry: { type: 'rememberUser', params: ({ context }) => ({ userId: context.userId ?? '' }) },
      initial: 'active',
      // A token that outlives every refresh attempt has expired.
      after: { expiry: 'expiring' },
      on: {
        'auth.offline': { target: 'offline', actions: 'assignOfflineUser' },
      },
      states: {
        active: {
          after: { refresh: 'refreshing' },
          // The token may merely have expired early (a restarted server, a clock skew): try one refresh
          // first, since the session cookie may still be valid (spec section 4). While a refresh runs, a
          // 401 changes nothing: a token is on its way.
          on: {
            'auth.unauthorized': [
              { guard: 'isStaleRefusal' },
              { guard: 'isRecovered', target: '#auth.expiring' },
              { target: 'recovering' },
            ],
          },
        },
        recovering: {
          invoke: {
            src: 'fetchToken',
            onDone: [
              {
                guard: 'isToken',
                target: '#auth.authenticated',
                reenter: true,
                actions: ['assignToken', 'markRecovered'],
              },
              { guard: 'isNone', target: '#auth.expiring' },
              { target: '#auth.offline', actions: 'assignOfflineUser' },
            ],
            onError: { target: '#auth.offline', actions: 'assignOfflineUser' },
          },
        },
        refreshing: {
          invoke: {
            src: 'fetchToken',
            onDone: [
              { guard: 'isToken', target: '#auth.authenticated', reenter: true, actions: 'assignToken' },
              { guard: 'isNone', target: '#auth.expiring' },
              { target: '#auth.offline', actions: 'assignOfflineUser' },
            ],
            onError: { target: '#auth.offline', actions: 'assignOfflineUser' },
          },
        },
      },
    },
    offline: {
      initial: 'waiting',
      states: {
        waiting: {
          on: { 'auth.online': 'reconnecting' },
          after: { reconnect: 'reconnecting' },
        },
        reconnecting: {
          invoke: {
            src: 'fetchToken',
            onDone: [
              { guard: 'isToken', target: '#auth.authenticated', actions: 'assignToken' },
              { guard: 'isNone', target: '#auth.expiring' },
              { target: 'waiting' },
            ],
            onError: 'waiting',
          },
        },
      },
    },
    anonymous: {
      initial: 'idle',
      on: { 'auth.login': { actions: 'navigateToLogin' } },
      states: {
        idle: {},
        /** The start found no server: try again, since a session cookie may still be valid. */
        unreachable: {
          on: { 'auth.online': 'checking' },
          after: { reconnect: 'checking' },
        },
        checking: {
          invoke: {
            src: 'fetchToken',
            onDone: [
              { guard: 'isToken', target: '#auth.authenticated', actions: 'assignToken' },
              { guard: 'isNone', target: 'idle' },
              { target: 'unreachable' },
            ],
            onError: 'unreachable',
          },
        },
      },
    },
    expiring: {
      always: {
        target: 'anonymous',
        actions: [
          {
            type: 'clearLocalData',
            params: ({ context }) => ({ userId: context.userId ?? context.lastUserId, keepWork: true }),
          },
          {
            type: 'noteSessionEnded',
            params: ({ context }) => ({ userId: context.userId ?? context.lastUserId }),
          },
          'signOut',
          'goHome',
        ],
      },
    },
    loggingOut: {
      // The page is leaving for the server's logout; a second request (e.g. a double click) changes nothing.
      on: { 'auth.logout': {} },
      entry: [
        // The user confirmed (machines/userSession/userSession.machine.ts, confirmingLogout) if commands were waiting.
        {
          type: 'clearLocalData',
          params: ({ context }) => ({ userId: context.userId ?? context.lastUserId, keepWork: false }),
        },
        'signOut',
        'navigateToLogout',
      ],
    },
  },
})

export type AuthSnapshot = SnapshotFrom<typeof authMachine>

export function authStatus(snapshot: AuthSnapshot): AuthStatus {
  if (snapshot.matches('starting')) return snapshot.context.lastUserId ? 'resuming' : 'starting'
  if (snapshot.matches('authenticated')) return 'authenticated'
  if (snapshot.matches({ offline: 'reconnecting' })) return 'reconnecting'
  if (snapshot.matches('offline')) return 'offline'
  return 'anonymous'
}
