export interface ReplayStoreOptions {
  maxEntries: number
  /** A bound on the bytes the entries hold, as `bytes` counts them for each. */
  maxBytes: number
  /** As the version cache's: a bound on how long an entry is kept should an announcement go missing unnoticed. */
  maxAgeMs: number
  /** Epoch milliseconds; tests pass their own clock. */
  now: () => number
}

export const replayStoreDefaults: ReplayStoreOptions = {
  maxEntries: 20_000,
  maxBytes: 64 * 1024 * 1024,
  maxAgeMs: 30_000,
  // The clock's epoch milliseconds, no Temporal object: this runs on every poll.
  now: () => Date.now(),
}

interface Entry<V> {
  value: V
  bytes: number
  tags: readonly string[]
  at: number
}

/**
 * The poll front's own memory (server/plugins/pollReplay.ts): values by key, each ended by any of its tags (the
 * version cache's announcements), bounded in count and bytes, the least recently used going first, and none older
 * than maxAgeMs. It is the front's alone, so no key a client can vary pushes out the read versions.
 */
export function createReplayStore<V>(options: ReplayStoreOptions = replayStoreDefaults) {
  const entries = new Map<string, Entry<V>>()
  const keysByTag = new Map<string, Set<string>>()
  let bytes = 0

  function drop(key: string) {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    bytes -= entry.bytes
    for (const tag of entry.tags) {
      const keys = keysByTag.get(tag)
      keys?.delete(key)
      if (keys?.size === 0) keysByTag.delete(tag)
    }
  }

  return {
    /** The value kept under `key`, now the most recently used; undefined when there is none or it is too old. */
    get(key: string): V | undefined {
      const entry = entries.get(key)
      if (!entry) return undefined
      if (options.now() - entry.at >= options.maxAgeMs) {
        drop(key)
        return undefined
      }
      entries.delete(key)
      entries.set(key, entry)
      return entry.value
    },

    /** Keeps `value` (`size` bytes) under `key` until one of `tags` is dropped, pushing out the least used. */
    set(key: string, value: V, size: number, tags: readonly string[]): void {
      drop(key)
      if (size > options.maxBytes) return
      while (entries.size >= options.maxEntries || bytes + size > options.maxBytes) {
        const oldest = entries.keys().next()
        if (oldest.done) break
        drop(oldest.value)
      }
      entries.set(key, { value, bytes: size, tags, at: options.now() })
      bytes += size
      for (const tag of tags) {
        let keys = keysByTag.get(tag)
        if (!keys) keysByTag.set(tag, (keys = new Set()))
        keys.add(key)
      }
    },

    /** Drops every entry that depends on `tag`. */
    dropTag(tag: string): void {
      const keys = keysByTag.get(tag)
      if (keys) for (const key of [...keys]) drop(key)
    },

    clear(): void {
      entries.clear()
      keysByTag.clear()
      bytes = 0
    },

    get size(): { entries: number; bytes: number } {
      return { entries: entries.size, bytes }
    },
  }
}

export type ReplayStore<V> = ReturnType<typeof createReplayStore<V>>
