import { isWaiting, type OutboxCommand } from '../commands/outboxCommand'

/** The message ids a waiting `message.seen` or `message.confirm` is about: seen on this device already. */
export function markedSeenIds(commands: readonly OutboxCommand[]): Set<string> {
  return new Set(
    commands.flatMap((command) =>
      (command.type === 'message.seen' || command.type === 'message.confirm') && isWaiting(command)
        ? [(command as OutboxCommand<'message.seen'>).payload.id]
        : [],
    ),
  )
}
