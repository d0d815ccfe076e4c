import type { Temporal } from 'temporal-polyfill'
import type { TenantId } from '../../tenants'
import type { UserRow } from '../db/repositories/users'

declare module 'fastify' {
  interface FastifyInstance {
    /** The users of live sessions, kept a few seconds so that a bearer token costs no query. */
    sessionCache: SessionCache
  }
}

export interface SessionCacheOptions {
  /** How long another instance may go on accepting a revoked session's tokens. */
  ttlMs: number
  maxEntries: number
  /** Epoch milliseconds; tests pass their own clock. */
  now: () => number
}

export const sessionCacheDefaults: SessionCacheOptions = {
  ttlMs: 5_000,
  maxEntries: 10_000,
  // The clock's epoch milliseconds, no Temporal object: this runs on every API call.
  now: () => Date.now(),
}

interface Entry {
  tenant: TenantId
  /** null: the session is not live (remembered too, so a revoked token cannot make every call a query). */
  user: UserRow | null
  until: number
}

export type SessionLoader = () => Promise<{ user: UserRow; expiresAt: Temporal.Instant } | undefined>

/**
 * The user of a session by its public id (`sid`), read from the database at most once per `ttlMs` per session.
 * Logout and credential changes on this instance forget entries at once; other instances see them within ttlMs.
 */
export function createSessionCache(options: SessionCacheOptions = sessionCacheDefaults) {
  const entries = new Map<string, Entry>()
  // A load that started before a forget must not put the forgotten state back.
  let generation = 0
  const keyOf = (tenant: TenantId, sid: string) => `${tenant}\u0000${sid}`

  function remember(key: string, entry: Entry) {
    entries.delete(key)
    if (entries.size >= options.maxEntries) {
      const oldest = entries.keys().next()
      if (!oldest.done) entries.delete(oldest.value)
    }
    entries.set(key, entry)
  }

  return {
    async user(tenant: TenantId, sid: string, load: SessionLoader): Promise<UserRow | null> {
      const key = keyOf(tenant, sid)
      const now = options.now()
      const hit = entries.get(key)
      if (hit && hit.until > now) return hit.user
      const started = generation
      const found = await load()
      const until = Math.min(now + options.ttlMs, found?.expiresAt.epochMilliseconds ?? Infinity)
      if (generation === started) remember(key, { tenant, user: found?.user ?? null, until })
      return found?.user ?? null
    },

    /** The user of a session known live within ttlMs, with no await; undefined when it must be read again. */
    peek(tenant: TenantId, sid: string): UserRow | undefined {
      const hit = entries.get(keyOf(tenant, sid))
      return hit && hit.until > options.now() ? (hit.user ?? undefined) : undefined
    },

    forget(tenant: TenantId, sid: string): void {
      generation++
      entries.delete(keyOf(tenant, sid))
    },

    /** After the user's row or sessions changed: every session of theirs is read again. */
    forgetUser(tenant: TenantId, userId: string): void {
      generation++
      for (const [key, entry] of entries) {
        if (entry.tenant === tenant && entry.user?.id === userId) entries.delete(key)
      }
    },

    get size(): number {
      return entries.size
    },
  }
}

export type SessionCache = ReturnType<typeof createSessionCache>
