interface Waiting<V> {
  key: string
  resolve: (value: V | undefined) => void
  reject: (error: unknown) => void
}

/**
 * Coalesces concurrent lookups by key into one query (`run` answers the keys it found). The first lookup goes
 * out at once; those asked while its query runs go together in the next one. Every query is sent after each of
 * its lookups was asked, so a lookup sees every write committed before it was asked, exactly as a query of its
 * own would: what it saves is round trips, statements and system calls, which on a busy host cost more than
 * the lookups themselves. A failed query fails the lookups waiting behind it too.
 */
export function createBatchedLookup<V>(
  run: (keys: readonly string[]) => Promise<ReadonlyMap<string, V>>,
  maxBatch = 100,
): (key: string) => Promise<V | undefined> {
  let waiting: Waiting<V>[] = []
  let running = false

  async function flush(): Promise<void> {
    if (running || waiting.length === 0) return
    running = true
    const batch = waiting.slice(0, maxBatch)
    waiting = waiting.slice(batch.length)
    try {
      const found = await run([...new Set(batch.map((item) => item.key))])
      for (const item of batch) item.resolve(found.get(item.key))
    } catch (error) {
      // Those asked meanwhile fail with it: whatever made it fail (a database away or gone silent), a query of
      // their own would wait for it again, and they would answer after two deadlines instead of one.
      const failed = [...batch, ...waiting]
      waiting = []
      for (const item of failed) item.reject(error)
    } finally {
      running = false
      void flush()
    }
  }

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      waiting.push({ key, resolve, reject })
      void flush()
    })
}
