import { assign, setup, type SnapshotFrom } from 'xstate'

/**
 * The notice snackbar queue (spec sections 2 and 4): a notice shows at once when none is showing, otherwise it
 * waits its turn; each shows for 20 s unless dismissed, and then the next one shows.
 */

export interface NoticeAction {
  label: string
  /** A route of the portal the button opens. */
  to: string
  /** When given, the button runs this instead of navigating (e.g. reload for a new version). */
  onSelect?: () => void
}

export interface Notice {
  /** Already translated. */
  message: string
  severity: 'info' | 'success' | 'error'
  action?: NoticeAction
  /**
   * The news it tells, for news that can come by two ways (a trip's pickup from a pull and from tracking): a
   * notice whose key was already pushed is dropped.
   */
  key?: string
}

export type QueuedNotice = Notice & { id: string }

export interface NoticesContext {
  current: QueuedNotice | null
  queue: QueuedNotice[]
  /** Numbers the notices, so the UI can key and announce each one once. */
  seq: number
  /** The keys of the notices pushed so far. */
  keys: string[]
}

export type NoticesEvent = { type: 'notice.push'; notice: Notice } | { type: 'notice.dismiss' }

export const noticeTimeoutMs = 20_000

export const noticesMachine = setup({
  types: {
    context: {} as NoticesContext,
    events: {} as NoticesEvent,
  },
  actions: {
    enqueue: assign(({ context, event }) => {
      if (event.type !== 'notice.push') return {}
      const seq = context.seq + 1
      const { key } = event.notice
      return {
        seq,
        queue: [...context.queue, { ...event.notice, id: `notice-${seq}` }],
        keys: key === undefined ? context.keys : [...context.keys, key],
      }
    }),
    showNext: assign(({ context }) => ({
      current: context.queue[0] ?? null,
      queue: context.queue.slice(1),
    })),
    hide: assign({ current: null }),
  },
  guards: {
    hasQueued: ({ context }) => context.queue.length > 0,
    toldBefore: ({ context, event }) =>
      event.type === 'notice.push' &&
      event.notice.key !== undefined &&
      context.keys.includes(event.notice.key),
  },
  delays: {
    timeout: noticeTimeoutMs,
  },
}).createMachine({
  id: 'notices',
  context: { current: null, queue: [], seq: 0, keys: [] },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'notice.push': [{ guard: 'toldBefore' }, { target: 'showing', actions: ['enqueue', 'showNext'] }],
      },
    },
    showing: {
      on: {
        'notice.push': [{ guard: 'toldBefore' }, { actions: 'enqueue' }],
        'notice.dismiss': [
          { guard: 'hasQueued', target: 'showing', reenter: true, actions: 'showNext' },
          { target: 'idle', actions: 'hide' },
        ],
      },
      after: {
        timeout: [
          { guard: 'hasQueued', target: 'showing', reenter: true, actions: 'showNext' },
          { target: 'idle', actions: 'hide' },
        ],
      },
    },
  },
})

export type NoticesSnapshot = SnapshotFrom<typeof noticesMachine>
