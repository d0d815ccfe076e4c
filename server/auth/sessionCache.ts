import type { Temporal } from 'temporal-polyfill'
import type { TenantId } from '../../tenants'
import type { NotificationHandlers } from '../db/notifications'
import type { UserRow } from '../db/repositories/users'
import { createTaggedEntries } from '../db/taggedEntries'

declare module 'fastify' {
  interface FastifyInstance {
    /** The users of live sessions, kept in memory so that a bearer token costs no query. */
    sessionCache: SessionCache
  }
}

export interface SessionCacheOptions {
  /**
   * While the database's announcements arrive (the listener is connected), how long a session is kept unless
   * one ends it: longer than the portal's 10 s polls, so that they cost no query.
   */
  announcedTtlMs: number
  /** Otherwise, how long another instance may go on accepting a revoked session's tokens. */
  ttlMs: number
  maxEntries: number
  /** Epoch milliseconds; tests pass their own clock. */
  now: () => number
}

export const sessionCacheDefaults: SessionCacheOptions = {
  announcedTtlMs: 10 * 60_000,
  ttlMs: 5_000,
  maxEntries: 50_000,
  // The clock's epoch milliseconds, no Temporal object: this runs on every API call.
  now: () => Date.now(),
}

/** The announcements the cache follows (server/reads/versionWatch.ts). */
export interface Announcements {
  follow(handlers: NotificationHandlers): void
}

interface Entry {
  tenant: TenantId
  /** null: the session is not live (remembered too, so a revoked token cannot make every call a query). */
  user: UserRow | null
  until: number
}

export type SessionLoader = () => Promise<{ user: UserRow; expiresAt: Temporal.Instant } | undefined>

/** Migration 0017's tags: a session changed or ended, a user's row changed. */
const sessionTag = (sid: string) => `s:${sid}`
const userTag = (userId: string) => `a:${userId}`
const isOurs = (tag: string) => tag.startsWith('s:') || tag.startsWith('a:')

/**
 * The user of a session by its public id (`sid`), read from the database once and then kept, never past the
 * session's expiry. While the database's announcements arrive (migration 0017: a session ended or changed, a
 * user's row changed, on any instance), an entry is kept up to `announcedTtlMs` and dropped when announced;
 * otherwise (no listener yet, or lost: losing it forgets every entry) only `ttlMs`, which then bounds how long
 * another instance's revocation takes to be seen. This instance's logouts and credential changes forget at once.
 */
export function createSessionCache(
  announcements: Announcements | null,
  options: SessionCacheOptions = sessionCacheDefaults,
) {
  const entries = createTaggedEntries<Entry>(options.maxEntries)
  let announced = false
  // Bumped by every forget, announcement and listener change: a load that started before one keeps nothing.
  let generation = 0
  const keyOf = (tenant: TenantId, sid: string) => `${tenant}\u0000${sid}`

  function fresh(key: string): Entry | undefined {
    const hit = entries.get(key)
    return hit && hit.until > options.now() ? hit : undefined
  }

  function forgetAll() {
    generation++
    entries.clear()
  }

  const handlers: NotificationHandlers = {
    listening() {
      // What was announced before now was missed: entries kept on the short window go too.
      forgetAll()
      announced = true
    },
    notified(tag) {
      if (!isOurs(tag)) return
      generation++
      for (const key of entries.keysOf(tag)) entries.drop(key)
    },
    lost() {
      announced = false
      forgetAll()
    },
  }
  announcements?.follow(handlers)

  return {
    handlers,

    async user(tenant: TenantId, sid: string, load: SessionLoader): Promise<UserRow | null> {
      const key = keyOf(tenant, sid)
      const now = options.now()
      const hit = fresh(key)
      if (hit) return hit.user
      const started = generation
      const found = await load()
      if (generation === started) {
        const ttl = announced ? options.announcedTtlMs : options.ttlMs
        const until = Math.min(now + ttl, found?.expiresAt.epochMilliseconds ?? Infinity)
        const tags = found ? [sessionTag(sid), userTag(found.user.id)] : [sessionTag(sid)]
        entries.set(key, { tenant, user: found?.user ?? null, until }, tags)
      }
      return found?.user ?? null
    },

    /** The user of a session known live (see `user`), with no await; undefined when it must be read again. */
    peek(tenant: TenantId, sid: string): UserRow | undefined {
      return fresh(keyOf(tenant, sid))?.user ?? undefined
    },

    forget(tenant: TenantId, sid: string): void {
      generation++
      entries.drop(keyOf(tenant, sid))
    },

    /** After the user's row or sessions changed: every session of theirs is read again. */
    forgetUser(tenant: TenantId, userId: string): void {
      generation++
      for (const key of entries.keysOf(userTag(userId)))
        if (entries.get(key)?.tenant === tenant) entries.drop(key)
    },

    /** Whether entries are kept up to `announcedTtlMs`: the listener is connected. */
    get announced(): boolean {
      return announced
    },

    get size(): number {
      return entries.size
    },
  }
}

export type SessionCache = ReturnType<typeof createSessionCache>
