import { assign, cancel, enqueueActions, fromPromise, setup } from 'xstate'
import {
  messagePassenger,
  seenDelayMs,
  sendProblems,
  type SendProblem,
} from '../../src/domain/messages/rules'

/**
 * The messages screen (spec sections 2 and 4), three regions side by side:
 * - `form`: the send form. Submitting shows its problems (text required; a passenger when several), or queues
 *   the message in the outbox (`queueSend`, given by the screen) and clears the text; the thread shows it
 *   pending at once, from the outbox.
 * - `older`: the user scrolled to the top: load the page before the oldest stored (`loadOlder`, through the sync
 *   worker). `unavailable` when it could not (offline): the next scroll to the top tries again.
 * - seen marks: another's unseen message on screen for 4 s is marked seen (`markSeen`), once; leaving the screen
 *   before then cancels its timer. Clicking one that asks for a confirmation confirms it (`confirm`).
 * The screen feeds it the user's passengers and whether older pages exist, from Dexie.
 */

export interface MessagesContext {
  passengerIds: string[]
  /** The passenger chosen in the form; `messagePassenger` settles the one sent. */
  chosen: string | null
  content: string
  /** The problems shown after a submit, until the form is fixed. */
  problems: SendProblem[]
  /** Pages older than those stored exist. */
  hasOlder: boolean
  /** Messages marked seen or confirmed on this screen, so a timer never marks one twice. */
  marked: string[]
}

export type MessagesEvent =
  | { type: 'passengers'; ids: string[] }
  | { type: 'paging'; hasOlder: boolean }
  | { type: 'content.change'; content: string }
  | { type: 'passenger.change'; id: string | null }
  | { type: 'submit' }
  | { type: 'top.reached' }
  | { type: 'message.shown'; id: string }
  | { type: 'message.hidden'; id: string }
  | { type: 'message.confirm'; id: string }
  | { type: 'seen.due'; id: string }

const seenTimer = (id: string) => `seen:${id}`

/** The form's problems for what it holds. */
const problemsOf = (context: Pick<MessagesContext, 'content' | 'chosen' | 'passengerIds'>) =>
  sendProblems(context.content, messagePassenger(context.passengerIds, context.chosen))

/** A changed form: the problems shown after a submit follow the fixes; none show before one. */
function revised(context: MessagesContext, change: Partial<Pick<MessagesContext, 'content' | 'chosen'>>) {
  const next = { ...context, ...change }
  return { ...change, problems: context.problems.length === 0 ? [] : problemsOf(next) }
}

export const messagesMachine = setup({
  types: {
    context: {} as MessagesContext,
    events: {} as MessagesEvent,
  },
  actors: {
    queueSend: fromPromise<string, { passengerId: string; content: string }>(() =>
      Promise.reject(new Error('messages: no queueSend actor')),
    ),
    /** True when a page was loaded, false when none could be (offline, or no older page). */
    loadOlder: fromPromise<boolean>(() => Promise.reject(new Error('messages: no loadOlder actor'))),
  },
  actions: {
    markSeen: (_, _params: { id: string }) => {},
    confirm: (_, _params: { id: string }) => {},
    /** The text field takes the focus back after a send or a refused submit. */
    focusForm: () => {},
  },
  guards: {
    sendable: ({ context }) => problemsOf(context).length === 0,
    hasOlder: ({ context }) => context.hasOlder,
    notMarked: ({ context, event }) =>
      'id' in event && typeof event.id === 'string' && !context.marked.includes(event.id),
  },
}).createMachine({
  id: 'messages',
  type: 'parallel',
  context: {
    passengerIds: [],
    chosen: null,
    content: '',
    problems: [],
    hasOlder: false,
    marked: [],
  },
  on: {
    passengers: { actions: assign({ passengerIds: ({ event }) => event.ids }) },
    paging: { actions: assign({ hasOlder: ({ event }) => event.hasOlder }) },
    'message.shown': {
      guard: 'notMarked',
      actions: enqueueActions(({ enqueue, event }) => {
        enqueue.raise({ type: 'seen.due', id: event.id }, { delay: seenDelayMs, id: seenTimer(event.id) })
      }),
    },
    'message.hidden': { actions: cancel(({ event }) => seenTimer(event.id)) },
    'seen.due': {
      guard: 'notMarked',
      actions: [
        assign({ marked: ({ context, event }) => [...context.marked, event.id] }),
        { type: 'markSeen', params: ({ event }) => ({ id: event.id }) },
      ],
    },
    'message.confirm': {
      actions: [
        cancel(({ event }) => seenTimer(event.id)),
        assign({ marked: ({ context, event }) => [...context.marked, event.id] }),
        { type: 'confirm', params: ({ event }) => ({ id: event.id }) },
      ],
    },
  },
  states: {
    form: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'content.change': {
              actions: assign(({ context, event }) => revised(context, { content: event.content })),
            },
            'passenger.change': {
              actions: assign(({ context, event }) => revised(context, { chosen: event.id })),
            },
            submit: [
              { guard: 'sendable', target: 'queueing', actions: assign({ problems: [] }) },
              {
                actions: [assign({ problems: ({ context }) => problemsOf(context) }), 'focusForm'],
              },
            ],
          },
        },
        queueing: {
          invoke: {
            src: 'queueSend',
            input: ({ context }) => ({
              passengerId: messagePassenger(context.passengerIds, context.chosen)!,
              content: context.content.trim(),
            }),
            onDone: {
              target: 'editing',
              actions: [assign({ content: '' }), 'focusForm'],
            },
            // Not stored (the local database failed): the text stays, to try again.
            onError: { target: 'failed' },
          },
        },
        failed: {
          on: {
            'content.change': {
              target: 'editing',
              actions: assign({ content: ({ event }) => event.content }),
            },
            submit: { target: 'queueing', guard: 'sendable' },
          },
        },
      },
    },
    older: {
      initial: 'idle',
      states: {
        idle: { on: { 'top.reached': { guard: 'hasOlder', target: 'loading' } } },
        loading: {
          invoke: {
            src: 'loadOlder',
            onDone: [{ guard: ({ event }) => event.output, target: 'idle' }, { target: 'unavailable' }],
            onError: { target: 'unavailable' },
          },
        },
        unavailable: { on: { 'top.reached': { guard: 'hasOlder', target: 'loading' } } },
      },
    },
  },
})
