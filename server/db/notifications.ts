import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { within } from '../time/deadline'
import type { Db } from './schema'

/** What a listener hears on a channel (PostgreSQL LISTEN/NOTIFY). */
export interface NotificationHandlers {
  /** Listening (again): every notification committed from now on arrives; earlier ones may have been missed. */
  listening(): void
  notified(payload: string): void
  /** The connection is gone: notifications are missed until `listening` is called again. */
  lost(): void
}

/** Starts listening on `channel`; resolves with the function that stops it. */
export type Listen = (channel: string, handlers: NotificationHandlers) => Promise<() => Promise<void>>

const listens = new WeakMap<Db, Listen>()

/** Listening on `db`'s database, where the driver can (openDatabase sets it up); null elsewhere. */
export function listenerOf(db: Db): Listen | null {
  return listens.get(db) ?? null
}

/** PGlite's one session hears its own notifications, at the commit of the statement that sent them. */
export function usePgliteNotifications(db: Db, pglite: PGlite): void {
  listens.set(db, async (channel, handlers) => {
    const stop = await pglite.listen(channel, (payload) => handlers.notified(payload))
    handlers.listening()
    return () => stop()
  })
}

/** After a lost connection, the next attempt waits this long, doubling up to the last. */
const retryDelaysMs = [100, 200, 400, 800, 1_600, 3_200, 5_000]

/** How a listening connection that died without a word (a network dropping packets) is noticed. */
export interface ListenerTiming {
  /** TCP keepalive's first probe after this much silence (the operating system's default is two hours). */
  keepAliveInitialDelayMs: number
  /** A query on the listening connection this often, */
  heartbeatIntervalMs: number
  /** which must answer within this, as must connecting and LISTEN, else the connection counts as lost. */
  heartbeatTimeoutMs: number
}

/** A dead listener is noticed within 20 s: the caches ask the database from then on. */
export const listenerTimingDefaults: ListenerTiming = {
  keepAliveInitialDelayMs: 10_000,
  heartbeatIntervalMs: 15_000,
  heartbeatTimeoutMs: 5_000,
}

/**
 * On PostgreSQL, a connection of its own outside the pool (a listening connection never goes back to it),
 * connected again whenever it is lost. Hearing nothing is normal, so silence proves nothing: a heartbeat query
 * must answer in time, else the connection is taken for dead (its socket destroyed) and made again.
 */
export function usePostgresNotifications(
  db: Db,
  config: pg.ClientConfig,
  timing: ListenerTiming = listenerTimingDefaults,
): void {
  listens.set(db, async (channel, handlers) => {
    let client: pg.Client | null = null
    let stopped = false
    let failures = 0
    let retry: NodeJS.Timeout | undefined
    let heartbeat: NodeJS.Timeout | undefined

    const connect = async (): Promise<void> => {
      const next = new pg.Client({
        ...config,
        keepAlive: true,
        keepAliveInitialDelayMillis: timing.keepAliveInitialDelayMs,
        connectionTimeoutMillis: timing.heartbeatTimeoutMs,
      })
      const lose = () => {
        if (client !== next) return
        client = null
        clearTimeout(heartbeat)
        handlers.lost()
        // With a query still waiting for its answer, end() destroys the socket rather than saying goodbye.
        void next.end().catch(() => undefined)
        if (!stopped) retry = setTimeout(() => void connect(), retryDelaysMs[failures++] ?? 5_000)
      }
      /** Whether `text` is answered in time on this connection, still the one listening; lost if not. */
      const answers = async (text: string): Promise<boolean> => {
        const answered = await within(
          () => next.query(text).then(() => true),
          timing.heartbeatTimeoutMs,
          false,
        )
        if (!answered) lose()
        return answered && client === next
      }
      const beat = () => {
        heartbeat = setTimeout(
          () => void answers('select 1').then((alive) => alive && beat()),
          timing.heartbeatIntervalMs,
        )
      }
      next.on('error', lose)
      next.on('end', lose)
      next.on('notification', (message) => {
        if (message.channel === channel) handlers.notified(message.payload ?? '')
      })
      client = next
      try {
        await next.connect()
      } catch {
        return lose()
      }
      if (!(await answers(`listen ${pg.escapeIdentifier(channel)}`))) return
      failures = 0
      handlers.listening()
      beat()
    }

    await connect()
    return async () => {
      stopped = true
      clearTimeout(retry)
      clearTimeout(heartbeat)
      const last = client
      client = null
      await last?.end().catch(() => undefined)
    }
  })
}
