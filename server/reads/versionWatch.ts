import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { listenerOf, type NotificationHandlers } from '../db/notifications'
import type { Db } from '../db/schema'
import { createVersionCache, type VersionCache } from '../db/versionCache'

declare module 'fastify' {
  interface FastifyInstance {
    /** The read versions announced by the database, kept for the polled calls. */
    versionWatch: VersionWatch
  }
}

/** The channel of migration 0011. */
export const readVersionsChannel = 'read_versions'

const syncPrefix = 'sync:'
/** How long `settled` waits for its own notification before it forgets every version instead. */
const settleTimeoutMs = 2_000

export interface VersionWatch {
  cache: VersionCache
  /**
   * Resolves once every change this instance committed before the call has reached the caches: the database
   * delivers notifications in commit order, so hearing one sent after them is hearing them. A state-changing
   * call awaits it before answering, so that the caller's next poll, on this instance, sees its own change.
   */
  settled(): Promise<void>
  /** The notification listener is connected, so announcements arrive (readiness, server/ops/). */
  readonly connected: boolean
  /**
   * Hears the announcements too, as the cache does (the session cache, server/auth/sessionCache.ts): told
   * `listening` at once when the listener is connected already.
   */
  follow(handlers: NotificationHandlers): void
  stop(): Promise<void>
}

/** Listens to the database's read version announcements (where the driver can) into a version cache. */
export async function watchReadVersions(
  db: Db,
  cache: VersionCache = createVersionCache(),
): Promise<VersionWatch> {
  const listen = listenerOf(db)
  const instance = randomUUID()
  let sent = 0
  const waiting = new Map<string, () => void>()
  const releaseAll = () => {
    for (const release of waiting.values()) release()
    waiting.clear()
  }
  const followers: NotificationHandlers[] = [cache.handlers]
  const stop = listen
    ? await listen(readVersionsChannel, {
        listening: () => {
          for (const follower of followers) follower.listening()
        },
        lost: () => {
          for (const follower of followers) follower.lost()
          releaseAll()
        },
        notified: (payload) => {
          if (!payload.startsWith(syncPrefix)) {
            for (const follower of followers) follower.notified(payload)
            return
          }
          waiting.get(payload)?.()
          waiting.delete(payload)
        },
      })
    : async () => undefined

  return {
    cache,
    async settled() {
      if (!cache.live) return
      const payload = `${syncPrefix}${instance}:${sent++}`
      let timer: NodeJS.Timeout | undefined
      const heard = new Promise<boolean>((resolve) => {
        waiting.set(payload, () => resolve(true))
        timer = setTimeout(() => resolve(false), settleTimeoutMs)
      })
      // The caller's change is committed whatever happens here: a failure costs the cache, never the answer.
      const inTime = await sql`select pg_notify(${readVersionsChannel}, ${payload})`
        .execute(db)
        .then(() => heard)
        .catch(() => false)
      clearTimeout(timer)
      waiting.delete(payload)
      if (!inTime) cache.forgetAll()
    },
    get connected() {
      return cache.live
    },
    follow(handlers) {
      followers.push(handlers)
      if (cache.live) handlers.listening()
    },
    async stop() {
      releaseAll()
      await stop()
    },
  }
}
