import { Temporal } from 'temporal-polyfill'
import type { CommandPayloads, CommandType } from '../../commands/catalogue'
import type { OutboxCommand } from '../../commands/outboxCommand'
import { tripCommandsOf, waitingTripsOf, type TripCommands } from '../../commands/tripView'
import type { CancelSource, TripRef } from '../../contract'
import { commandsView } from '../../db/views'
import { requestBackgroundSync } from '../browser/backgroundSync'
import { useLive } from './live'
import type { SessionStore } from '../session/session'

/**
 * The screens' side of the command outbox (design brief, "Writes are commands"). Queueing stores the command
 * and returns its id at once; the sync worker (or, with no tab open, the service worker) sends it when it can.
 * The hooks read the outbox live, so a command shows as pending the moment it is stored. Queueing and dismissing
 * are given the platform's `sessions` (usePlatform).
 */

async function openSession(sessions: SessionStore) {
  const session = await sessions.ready()
  if (!session) throw new Error('No signed-in user: the command cannot be stored')
  return session
}

async function queue<T extends CommandType>(
  sessions: SessionStore,
  type: T,
  payload: CommandPayloads[T],
): Promise<string> {
  const session = await openSession(sessions)
  const command = await session.outbox.appendCommand(session.db, {
    id: crypto.randomUUID(),
    type,
    payload,
    createdAt: Temporal.Now.instant().toString(),
  })
  session.sync.replayNow()
  void requestBackgroundSync()
  return command.id
}

/**
 * Resolves with the command's id once it is stored. `source` is the screen it was made on: the server judges
 * the wizard's and the detail screen's cancellations each by its own rule.
 */
export function queueCancel(
  sessions: SessionStore,
  source: CancelSource,
  payload: CommandPayloads['trip.cancel'],
): Promise<string> {
  return queue(sessions, 'trip.cancel', { ...payload, source })
}

export function queueReview(
  sessions: SessionStore,
  payload: CommandPayloads['trip.review'],
): Promise<string> {
  return queue(sessions, 'trip.review', payload)
}

/** A message to the operator; the thread shows it pending at once. */
export function queueMessage(
  sessions: SessionStore,
  payload: CommandPayloads['message.send'],
): Promise<string> {
  return queue(sessions, 'message.send', payload)
}

/** Another's message has been on screen for 4 s, or the user confirmed it (spec section 4). */
export function queueMessageMark(
  sessions: SessionStore,
  type: 'message.seen' | 'message.confirm',
  id: string,
): Promise<string> {
  return queue(sessions, type, { id })
}

/** The user has read a rejection; it stops showing on the trip. */
export async function dismissCommand(sessions: SessionStore, id: string): Promise<void> {
  const session = await openSession(sessions)
  await session.outbox.dismiss(session.db, id)
}

/** undefined while loading, or when there is no such command. */
export function useCommand(id: string | null): OutboxCommand | undefined {
  const found = useLive(`outbox:command:${id ?? ''}`, async ({ db, outbox }) =>
    id ? outbox.getCommand(db, id) : null,
  )
  return found ?? undefined
}

/** Every command in the outbox, for a list that overlays many trips with one query (`tripCommandsOf`). */
export function useCommands(): OutboxCommand[] | undefined {
  return useLive(
    'outbox:all',
    ({ db, outbox }) => outbox.listCommands(db),
    (rows) => commandsView(rows.outbox),
  )
}

/** The latest cancel and review command touching this trip (pending, sending, rejected-not-dismissed, or acked). */
export function useTripCommands(trip: TripRef): TripCommands | undefined {
  return useLive(
    `outbox:trip:${trip.id}|${trip.date}`,
    async ({ db, outbox }) => tripCommandsOf(await outbox.listCommands(db), trip),
    (rows) => tripCommandsOf(commandsView(rows.outbox), trip),
  )
}

/** The trips whose cancellation waits in the outbox (sent or not, not yet answered), as `key(trip)`. */
export function useWaitingCancelKeys(key: (trip: TripRef) => string): string[] | undefined {
  return useLive('outbox:waiting-cancels', async ({ db, outbox }) =>
    waitingTripsOf(await outbox.listCommands(db), 'trip.cancel').map(key),
  )
}
