import type { Message } from '../contract/messages'
import type { CommandError } from './definition'
import { isWaiting, type OutboxCommand } from './outboxCommand'

/**
 * The messages screen's overlay of the outbox on the stored thread: a message written here shows at once below
 * the others, pending until it is sent, and stays (sent) until the pull brings it into the thread; a refused
 * one shows with its reason until dismissed. Seen marks and confirmations count at once.
 */

export type ThreadEntry =
  | {
      kind: 'message'
      message: Message
      /** Written by this user. */
      own: boolean
      /** Seen by this user, on the server or by a mark waiting here. */
      seen: boolean
      /** A confirmation made here waits to be sent. */
      confirming: boolean
    }
  | { kind: 'outgoing'; command: OutboxCommand<'message.send'>; state: 'pending' | 'sent' }
  | { kind: 'refused'; command: OutboxCommand<'message.send'>; error: CommandError }

const noError: CommandError = { status: 0, code: 'unknown' }

function idsOf(commands: readonly OutboxCommand[], type: 'message.seen' | 'message.confirm'): Set<string> {
  return new Set(
    commands
      .filter((command) => command.type === type && command.status !== 'rejected')
      .map((command) => (command as OutboxCommand<typeof type>).payload.id),
  )
}

function answerId(response: unknown): string | null {
  return typeof response === 'object' &&
    response !== null &&
    'id' in response &&
    typeof response.id === 'string'
    ? response.id
    : null
}

/** The thread, oldest first: the stored messages (`messages` in the server's order), then what waits here. */
export function threadOf(
  messages: readonly Message[],
  commands: readonly OutboxCommand[],
  userId: string,
): ThreadEntry[] {
  const seen = idsOf(commands, 'message.seen')
  const confirmed = idsOf(commands, 'message.confirm')
  const stored = new Set(messages.map((message) => message.id))
  const waitingConfirm = new Set(
    commands
      .filter((command) => command.type === 'message.confirm' && isWaiting(command))
      .map((command) => (command as OutboxCommand<'message.confirm'>).payload.id),
  )
  const entries: ThreadEntry[] = messages.map((message) => {
    const own = message.from.kind === 'user' && message.from.id === userId
    return {
      kind: 'message',
      message,
      own,
      seen: own || message.seenAt !== null || seen.has(message.id) || confirmed.has(message.id),
      confirming: waitingConfirm.has(message.id),
    }
  })
  const sends = commands
    .filter((command): command is OutboxCommand<'message.send'> => command.type === 'message.send')
    .sort((a, b) => a.seq - b.seq)
  for (const command of sends) {
    if (command.status === 'rejected') {
      if (!command.dismissed) entries.push({ kind: 'refused', command, error: command.lastError ?? noError })
    } else if (isWaiting(command)) {
      entries.push({ kind: 'outgoing', command, state: 'pending' })
    } else if (!stored.has(answerId(command.response) ?? '')) {
      entries.push({ kind: 'outgoing', command, state: 'sent' })
    }
  }
  return entries
}
