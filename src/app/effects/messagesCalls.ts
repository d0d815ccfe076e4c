import { fromPromise } from 'xstate'
import { messagesMachine } from '../../../machines/messages/messages.machine'
import { queueMessage, queueMessageMark } from '../data/commands'
import { loadOlderMessages } from '../data/messages'
import type { SessionStore } from '../session/session'

/**
 * The messages screen's machine (machines/messages/messages.machine.ts) with its effects: sent messages, seen
 * marks and confirmations go to the outbox, older pages come through the sync worker; `focusForm` is the
 * screen's.
 */
export function messagesWithEffects(sessions: SessionStore, focusForm: () => void) {
  return messagesMachine.provide({
    actors: {
      queueSend: fromPromise(({ input }) => queueMessage(sessions, input)),
      loadOlder: fromPromise(() => loadOlderMessages(sessions)),
    },
    actions: {
      markSeen: (_, { id }) => void queueMessageMark(sessions, 'message.seen', id),
      confirm: (_, { id }) => void queueMessageMark(sessions, 'message.confirm', id),
      focusForm: () => focusForm(),
    },
  })
}
