import type { NotificationHandlers } from './notifications'
import { createTaggedEntries } from './taggedEntries'

export interface VersionCacheOptions {
  maxEntries: number
  /** A bound on how long a version is kept even with no notification, should one ever go missing unnoticed. */
  maxAgeMs: number
  /** Epoch milliseconds; tests pass their own clock. */
  now: () => number
}

export const versionCacheDefaults: VersionCacheOptions = {
  maxEntries: 50_000,
  maxAgeMs: 30_000,
  // The clock's epoch milliseconds, no Temporal object: this runs on every poll.
  now: () => Date.now(),
}

interface Entry {
  value: unknown
  at: number
}

/**
 * The read versions the polled calls check (migration 0007), kept in memory while the database announces no
 * change to what they depend on (migration 0011's notifications, named by tags such as `p:<passenger id>`), so
 * a poll costs no query. Used only while listening: until the listener is connected, and from the moment it is
 * lost, every lookup asks the database, as does one whose query was under way when a change was announced.
 */
export function createVersionCache(options: VersionCacheOptions = versionCacheDefaults) {
  const entries = createTaggedEntries<Entry>(options.maxEntries)
  let live = false
  // Bumped by every notification and loss: a lookup that saw it move while its query ran keeps nothing.
  let changes = 0
  const watchers: ((tag: string | null) => void)[] = []

  function remember(key: string, value: unknown, tags: readonly string[]) {
    entries.set(key, { value, at: options.now() }, tags)
  }

  /** The entry kept under `key` while listening and younger than maxAgeMs. */
  function fresh(key: string): Entry | undefined {
    const hit = live ? entries.get(key) : undefined
    return hit && options.now() - hit.at < options.maxAgeMs ? hit : undefined
  }

  function forgetAll() {
    changes++
    entries.clear()
    for (const watcher of watchers) watcher(null)
  }

  const handlers: NotificationHandlers = {
    listening() {
      forgetAll()
      live = true
    },
    notified(tag) {
      changes++
      for (const key of entries.keysOf(tag)) entries.drop(key)
      for (const watcher of watchers) watcher(tag)
    },
    lost() {
      live = false
      forgetAll()
    },
  }

  return {
    handlers,

    /** `load()`'s value for `key`, or the one kept while nothing it depends on (`tagsOf` it) has changed. */
    async lookup<V>(
      key: string,
      load: () => Promise<V>,
      tagsOf: (value: V) => readonly string[],
    ): Promise<V> {
      const hit = fresh(key)
      if (hit) return hit.value as V
      const before = changes
      const value = await load()
      if (live && changes === before) remember(key, value, tagsOf(value))
      return value
    },

    /**
     * Where the announcements stand: a value worked out after this mark is kept by `keep` only if nothing was
     * announced in between (and the listener was connected all along).
     */
    mark(): number | undefined {
      return live ? changes : undefined
    },

    /** Keeps `value` under `key` until one of `tags` is announced, if nothing was since `mark`. */
    keep(mark: number | undefined, key: string, value: object, tags: readonly string[]): void {
      if (live && mark === changes) remember(key, value, tags)
    },

    /** The value kept under `key`, with no await; undefined when there is none or the cache is not listening. */
    peek<V extends object>(key: string): V | undefined {
      return fresh(key)?.value as V | undefined
    },

    /**
     * Tells `watcher` each announced tag as the cache drops its versions, and null whenever it forgets every one
     * (the listener connected or lost, `forgetAll`): for memories kept beside it, the poll front's replays.
     */
    watch(watcher: (tag: string | null) => void): void {
      watchers.push(watcher)
    },

    /** Whether versions are kept: the listener is connected. */
    get live(): boolean {
      return live
    },

    /** Forgets every version kept, and any lookup under way keeps nothing. */
    forgetAll,

    get size(): number {
      return entries.size
    },
  }
}

export type VersionCache = ReturnType<typeof createVersionCache>
