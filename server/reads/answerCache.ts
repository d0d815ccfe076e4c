declare module 'fastify' {
  interface FastifyInstance {
    /** Serialized answers of the hot reads, each valid only for the version it was read at. */
    answerCache: AnswerCache
  }
}

/** An answer already serialized as JSON, of type T: sent as these bytes (server/routes/registerEndpoint.ts). */
export class SerializedAnswer<T> {
  declare readonly answerOf: T
  constructor(readonly bytes: Buffer) {}
}

export interface AnswerCacheOptions {
  maxEntries: number
  maxBytes: number
}

export const answerCacheDefaults: AnswerCacheOptions = { maxEntries: 10_000, maxBytes: 64 * 1024 * 1024 }

interface Entry {
  version: string
  bytes: Buffer
}

/**
 * Serialized answers by key, each with the version of the data it was built from (migration 0007). An answer is
 * served only to a request that has just read the same version from the database, after its own authorization,
 * so it is never stale and never crosses users or tenants (the key names the tenant and what was read); there is
 * no expiry by time. Bounded in count and bytes, the least recently used going first.
 */
export function createAnswerCache(options: AnswerCacheOptions = answerCacheDefaults) {
  const entries = new Map<string, Entry>()
  let bytes = 0

  function drop(key: string) {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    bytes -= entry.bytes.length
  }

  function remember(key: string, entry: Entry) {
    drop(key)
    if (entry.bytes.length > options.maxBytes) return
    while (entries.size >= options.maxEntries || bytes + entry.bytes.length > options.maxBytes) {
      const oldest = entries.keys().next()
      if (oldest.done) break
      drop(oldest.value)
    }
    entries.set(key, entry)
    bytes += entry.bytes.length
  }

  return {
    /** The answer cached under `key` at `version`, else `build()`'s, serialized and kept for the next time. */
    async answer<T>(key: string, version: string, build: () => Promise<T>): Promise<SerializedAnswer<T>> {
      const hit = entries.get(key)
      if (hit?.version === version) {
        // Most recently used goes last, so eviction takes the oldest.
        entries.delete(key)
        entries.set(key, hit)
        return new SerializedAnswer<T>(hit.bytes)
      }
      const serialized = Buffer.from(JSON.stringify(await build()))
      remember(key, { version, bytes: serialized })
      return new SerializedAnswer<T>(serialized)
    },

    get size(): { entries: number; bytes: number } {
      return { entries: entries.size, bytes }
    },
  }
}

export type AnswerCache = ReturnType<typeof createAnswerCache>
