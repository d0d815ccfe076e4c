/**
 * Values under keys, each filed under tags too, so that an announced change (a tag, migrations 0011 and 0017)
 * drops every value that depends on it. At most `maxEntries`: writing one more drops the oldest written.
 */
export function createTaggedEntries<V>(maxEntries: number) {
  const entries = new Map<string, { value: V; tags: readonly string[] }>()
  const keysByTag = new Map<string, Set<string>>()

  function drop(key: string): void {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    for (const tag of entry.tags) {
      const keys = keysByTag.get(tag)
      keys?.delete(key)
      if (keys?.size === 0) keysByTag.delete(tag)
    }
  }

  return {
    get: (key: string): V | undefined => entries.get(key)?.value,

    set(key: string, value: V, tags: readonly string[]): void {
      drop(key)
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next()
        if (!oldest.done) drop(oldest.value)
      }
      entries.set(key, { value, tags })
      for (const tag of tags) {
        let keys = keysByTag.get(tag)
        if (!keys) keysByTag.set(tag, (keys = new Set()))
        keys.add(key)
      }
    },

    drop,

    /** The keys filed under `tag`, as a copy (dropping them while going through it is fine). */
    keysOf: (tag: string): string[] => [...(keysByTag.get(tag) ?? [])],

    clear(): void {
      entries.clear()
      keysByTag.clear()
    },

    get size(): number {
      return entries.size
    },
  }
}
