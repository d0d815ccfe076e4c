import { createHash } from 'node:crypto'

declare module 'fastify' {
  interface FastifyInstance {
    /** Serialized answers of the hot reads, each valid only for the version it was read at. */
    answerCache: AnswerCache
  }
}

/**
 * An answer already serialized as JSON, of type T: sent as these bytes with this ETag, and 304 to a request that
 * names it (server/routes/registerEndpoint.ts). The ETag is a hash of the bytes, worked out once when they are:
 * every instance gives the same answer the same tag, so a poller behind a load balancer gets its 304 anywhere.
 */
export class SerializedAnswer<T> {
  declare readonly answerOf: T
  readonly etag: string
  constructor(readonly bytes: Buffer) {
    this.etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`
  }
}

/** The type a serialized answer is sent with. */
export const jsonType = 'application/json; charset=utf-8'

/** Whether an If-None-Match header names `etag` (a list, weak or not, or `*`). */
export function namesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((tag) => {
    const trimmed = tag.trim()
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag
  })
}

export interface AnswerCacheOptions {
  maxEntries: number
  maxBytes: number
}

export const answerCacheDefaults: AnswerCacheOptions = { maxEntries: 10_000, maxBytes: 64 * 1024 * 1024 }

interface Entry {
  version: string
  answer: SerializedAnswer<unknown>
  /** What the handler keeps beside the answer (a tracking link's window). */
  meta: unknown
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
    bytes -= entry.answer.bytes.length
  }

  function remember(key: string, entry: Entry) {
    drop(key)
    const size = entry.answer.bytes.length
    if (size > options.maxBytes) return
    while (entries.size >= options.maxEntries || bytes + size > options.maxBytes) {
      const oldest = entries.keys().next()
      if (oldest.done) break
      drop(oldest.value)
    }
    entries.set(key, entry)
    bytes += size
  }

  /** The answer (and what was kept with it) cached under `key` at `version`, else `build()`'s, then kept. */
  async function entry<T, M>(
    key: string,
    version: string,
    build: () => Promise<{ value: T; meta: M }>,
  ): Promise<{ answer: SerializedAnswer<T>; meta: M }> {
    const hit = entries.get(key)
    if (hit?.version === version) {
      // Most recently used goes last, so eviction takes the oldest.
      entries.delete(key)
      entries.set(key, hit)
      return { answer: hit.answer as SerializedAnswer<T>, meta: hit.meta as M }
    }
    const built = await build()
    const answer = new SerializedAnswer<T>(Buffer.from(JSON.stringify(built.value)))
    remember(key, { version, answer, meta: built.meta })
    return { answer, meta: built.meta }
  }

  return {
    entry,

    /** The answer cached under `key` at `version`, else `build()`'s, serialized and kept for the next time. */
    async answer<T>(key: string, version: string, build: () => Promise<T>): Promise<SerializedAnswer<T>> {
      return (await entry(key, version, async () => ({ value: await build(), meta: undefined }))).answer
    },

    get size(): { entries: number; bytes: number } {
      return { entries: entries.size, bytes }
    },
  }
}

export type AnswerCache = ReturnType<typeof createAnswerCache>
