import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
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

/**
 * On PostgreSQL, a connection of its own outside the pool (a listening connection never goes back to it),
 * connected again whenever it is lost, with TCP keepalive so that a silently dead one is noticed.
 */
export function usePostgresNotifications(db: Db, config: pg.ClientConfig): void {
  listens.set(db, async (channel, handlers) => {
    let client: pg.Client | null = null
    let stopped = false
    let failures = 0
    let retry: NodeJS.Timeout | undefined

    const connect = async (): Promise<void> => {
      const next = new pg.Client({ ...config, keepAlive: true })
      const lose = () => {
        if (client !== next) return
        client = null
        handlers.lost()
        void next.end().catch(() => undefined)
        if (!stopped) retry = setTimeout(() => void connect(), retryDelaysMs[failures++] ?? 5_000)
      }
      next.on('error', lose)
      next.on('end', lose)
      next.on('notification', (message) => {
        if (message.channel === channel) handlers.notified(message.payload ?? '')
      })
      client = next
      try {
        await next.connect()
        await next.query(`listen ${pg.escapeIdentifier(channel)}`)
        if (stopped || client !== next) return
        failures = 0
        handlers.listening()
      } catch {
        lose()
      }
    }

    await connect()
    return async () => {
      stopped = true
      clearTimeout(retry)
      const last = client
      client = null
      await last?.end().catch(() => undefined)
    }
  })
}
