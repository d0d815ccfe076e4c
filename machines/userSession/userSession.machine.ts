import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import type { AuthView } from '../auth/auth.machine'
import { sessionUser } from './userSession.rules'

/**
 * The signed-in user's session on this device (spec section 4, design brief "Auth"). It follows the auth
 * machine's view and carries out what the auth machine decides about local data. Parallel regions:
 * - `session`: the user's database and sync worker, a child actor, open while a user is known. Another user
 *   closes it and opens theirs; a new token goes to the open one.
 * - `landing`: after a login, the first settled view goes on to where the user was going, once.
 * - `forgetting`: the local data of users this device no longer keeps, deleted one at a time.
 * - `leaving`: the logout's navigation waits for that deletion, but never longer than `clearingTimeoutMs`.
 * - `logout`: a voluntary logout while commands wait asks first (`confirming`), since it would delete them.
 *
 * The effects belong to the app and are given with `userSessionMachine.provide(...)` (src/app/effects/userSessionActor.ts), so
 * no Dexie or worker is imported here. The defaults do nothing visible, so tests swap only what they observe.
 */

export interface LoginReturn {
  /** The `redirect` query of the page the login started from. */
  redirect: string | null
}

export interface UserSessionInput {
  /** The user remembered on this device when the page started: resuming opens theirs, and only they may have
   * data stored to paint from. */
  lastUserId: string | null
  /** That user's session was opened as the page started, before this machine loaded: it takes it over. */
  adopted: boolean
  /** This page is the return from a login started in the portal. */
  login: LoginReturn | null
}

/** Deleting one user's local data. Commands not yet sent survive anything but a logout the user confirmed. */
export interface ForgetRequest {
  userId: string
  keepWork: boolean
  /**
   * The browser's push subscription ends too: the user logged out, or another signed in on this device, so
   * nothing of theirs reaches it any more. A session that merely expired keeps it (the same person signs in again).
   */
  endPush: boolean
}

export interface UserSessionContext {
  lastUserId: string | null
  /** The user this device remembers (its id only, in localStorage). */
  remembered: string | null
  /** The user whose session is open or opening. */
  userId: string | null
  /** The token the open session was given last. */
  token: string | null
  login: LoginReturn | null
  /** Users whose local data is to be deleted, in order; the first one's is being deleted. */
  forgetting: ForgetRequest[]
  /** The commands waiting while the logout question is open; null when it is not. */
  waiting: number | null
  /**
   * Where the requested logout leaves for once local data is gone: a server page that logs out by itself (the
   * invitation's `/logoutandacceptinvite`), or null for the server's logout form.
   */
  leaveTo: string | null
}

export type UserSessionEvent =
  | { type: 'auth.changed'; view: AuthView }
  /** The auth machine signed a user in: remember them; another user's data goes, but not their commands. */
  | { type: 'session.remember'; userId: string }
  /** The auth machine signed out: close the session and forget the user's data. */
  | { type: 'session.clear'; userId: string | null; keepWork: boolean }
  /** The auth machine leaves for the server's logout. */
  | { type: 'session.leave' }
  /** Every voluntary logout (`useAuth().logout()`); `leaveTo` as in the context. */
  | { type: 'logout.request'; leaveTo?: string }
  /** The logout question: log out anyway, or stay. */
  | { type: 'logout.confirm' }
  | { type: 'logout.cancel' }

export interface SessionInput {
  userId: string
  token: string | null
  /** This user was the one remembered when the page started; anyone else has nothing stored yet. */
  mayHaveData: boolean
}

/** Logout waits for the deletion, but never hangs on a connection that does not close. */
export const clearingTimeoutMs = 3_000

type Args = { context: UserSessionContext; event: UserSessionEvent }

/** The user whose session the event wants open; events other than a view leave it as it is. */
const wantedUser = ({ context, event }: Args) =>
  event.type === 'auth.changed' ? sessionUser(event.view, context.lastUserId) : context.userId

const settled = (event: UserSessionEvent) =>
  event.type === 'auth.changed' && event.view.status !== 'starting' && event.view.status !== 'resuming'

export const userSessionMachine = setup({
  types: {
    context: {} as UserSessionContext,
    events: {} as UserSessionEvent,
    input: {} as UserSessionInput,
  },
  actors: {
    /**
     * Opens the user's database and sync worker (or takes over the adopted ones) and holds them while it runs:
     * stopping it closes them.
     */
    userSession: fromPromise<void, SessionInput>(async () => {}),
    forgetUserData: fromPromise<void, ForgetRequest>(async () => {}),
    /** The commands still waiting in the signed-in user's database (0 when none opens). */
    countWaiting: fromPromise<number>(async () => 0),
  },
  actions: {
    follow: assign(({ context, event }) => ({
      userId: wantedUser({ context, event }),
      token: event.type === 'auth.changed' ? event.view.token : context.token,
    })),
    close: assign({ userId: null }),
    /** Gives the open session (or the one opening) a new token. */
    pushToken: (_, _params: { token: string | null }) => {},
    /** Writes the remembered user (or none) to the device's storage. */
    storeRemembered: (_, _params: { userId: string | null }) => {},
    /** The user a `session.remember` names; none after a `session.clear`. */
    remember: assign({
      remembered: ({ event }) => (event.type === 'session.remember' ? event.userId : null),
    }),
    forget: assign({
      forgetting: ({ context }, request: ForgetRequest) => [...context.forgetting, request],
    }),
    forgotten: assign({ forgetting: ({ context }) => context.forgetting.slice(1) }),
    /** Forgets the page the login started from, which this page load has taken. */
    endLogin: () => {},
    /** Goes on to where the login was going (the router has not rendered yet). */
    land: (_, _params: LoginReturn) => {},
    closeQuestion: assign({ waiting: null }),
    /** Sends `auth.logout` to the auth machine. */
    logOut: () => {},
    /** The page leaves for the server's logout: its form, or the page `leaveTo` names. */
    leave: (_, _params: { leaveTo: string | null }) => {},
  },
  guards: {
    adopted: ({ context }) => context.userId !== null,
    wantsUser: (args) => wantedUser(args) !== null,
    wantsNobody: (args) => wantedUser(args) === null,
    wantsOtherUser: (args) => wantedUser(args) !== args.context.userId,
    hasNewToken: ({ context, event }) => event.type === 'auth.changed' && event.view.token !== context.token,
    noLogin: ({ context }) => context.login === null,
    signedIn: ({ event }) => event.type === 'auth.changed' && event.view.status === 'authenticated',
    settled: ({ event }) => settled(event),
    remembersAnother: ({ context, event }) =>
      event.type === 'session.remember' && context.remembered !== null && context.remembered !== event.userId,
    clearsUser: ({ event }) => event.type === 'session.clear' && event.userId !== null,
    hasForgetting: ({ context }) => context.forgetting.length > 0,
    nothingToForget: ({ context }) => context.forgetting.length === 0,
  },
  delays: {
    clearingTimeout: clearingTimeoutMs,
  },
}).createMachine({
  id: 'userSession',
  context: ({ input }) => ({
    lastUserId: input.lastUserId,
    remembered: input.lastUserId,
    userId: input.adopted ? input.lastUserId : null,
    token: null,
    login: input.login,
    forgetting: [],
    waiting: null,
    leaveTo: null,
  }),
  type: 'parallel',
  states: {
    session: {
      initial: 'starting',
      states: {
        starting: { always: [{ guard: 'adopted', target: 'open' }, { target: 'closed' }] },
        closed: {
          on: { 'auth.changed': { guard: 'wantsUser', target: 'open', actions: 'follow' } },
        },
        open: {
          invoke: {
            id: 'session',
            src: 'userSession',
            input: ({ context }) => ({
              userId: context.userId ?? '',
              token: context.token,
              mayHaveData: context.userId === context.lastUserId,
            }),
          },
          on: {
            'auth.changed': [
              { guard: 'wantsNobody', target: 'closed', actions: 'follow' },
              // Another user: the previous session closes (the child stops) before theirs opens.
              { guard: 'wantsOtherUser', target: 'open', reenter: true, actions: 'follow' },
              {
                guard: 'hasNewToken',
                actions: [
                  'follow',
                  {
                    type: 'pushToken',
                    params: ({ event }) => ({
                      token: event.type === 'auth.changed' ? event.view.token : null,
                    }),
                  },
                ],
              },
            ],
            'session.clear': { target: 'closed', actions: 'close' },
          },
        },
      },
    },
    landing: {
      initial: 'due',
      states: {
        due: {
          always: { guard: 'noLogin', target: 'done' },
          on: {
            'auth.changed': [
              {
                guard: 'signedIn',
                target: 'done',
                actions: [
                  'endLogin',
                  { type: 'land', params: ({ context }) => context.login ?? { redirect: null } },
                ],
              },
              { guard: 'settled', target: 'done', actions: 'endLogin' },
            ],
          },
        },
        done: {},
      },
    },
    forgetting: {
      initial: 'idle',
      on: {
        'session.remember': [
          {
            guard: 'remembersAnother',
            actions: [
              {
                type: 'forget',
                params: ({ context }) => ({
                  userId: context.remembered ?? '',
                  keepWork: true,
                  endPush: true,
                }),
              },
              { type: 'storeRemembered', params: ({ event }) => ({ userId: event.userId }) },
              'remember',
            ],
          },
          {
            actions: [
              { type: 'storeRemembered', params: ({ event }) => ({ userId: event.userId }) },
              'remember',
            ],
          },
        ],
        'session.clear': [
          {
            guard: 'clearsUser',
            actions: [
              { type: 'storeRemembered', params: { userId: null } },
              'remember',
              {
                type: 'forget',
                params: ({ event }) => ({
                  userId: event.userId ?? '',
                  keepWork: event.keepWork,
                  endPush: !event.keepWork,
                }),
              },
            ],
          },
          { actions: [{ type: 'storeRemembered', params: { userId: null } }, 'remember'] },
        ],
      },
      states: {
        idle: { always: { guard: 'hasForgetting', target: 'running' } },
        running: {
          invoke: {
            src: 'forgetUserData',
            input: ({ context }) => context.forgetting[0] ?? { userId: '', keepWork: true, endPush: false },
            onDone: { target: 'idle', actions: 'forgotten' },
            onError: { target: 'idle', actions: 'forgotten' },
          },
        },
      },
    },
    leaving: {
      initial: 'staying',
      states: {
        staying: { on: { 'session.leave': 'waiting' } },
        waiting: {
          always: { guard: 'nothingToForget', target: 'left' },
          after: { clearingTimeout: 'left' },
        },
        // The page is leaving; a second request changes nothing.
        left: { entry: { type: 'leave', params: ({ context }) => ({ leaveTo: context.leaveTo }) } },
      },
    },
    logout: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'logout.request': {
              target: 'counting',
              actions: assign({
                leaveTo: ({ event }) => (event.type === 'logout.request' ? (event.leaveTo ?? null) : null),
              }),
            },
          },
        },
        counting: {
          invoke: {
            src: 'countWaiting',
            onDone: [
              {
                guard: ({ event }) => event.output > 0,
                target: 'confirming',
                actions: assign({ waiting: ({ event }) => event.output }),
              },
              { target: 'idle', actions: 'logOut' },
            ],
            // A failed count does not block a logout.
            onError: { target: 'idle', actions: 'logOut' },
          },
        },
        confirming: {
          exit: 'closeQuestion',
          on: {
            'logout.confirm': { target: 'idle', actions: 'logOut' },
            'logout.cancel': 'idle',
          },
        },
      },
    },
  },
})

export type UserSessionSnapshot = SnapshotFrom<typeof userSessionMachine>
