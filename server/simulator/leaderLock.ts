import pg from 'pg'

/** The demo simulator's PostgreSQL advisory lock: one simulator per database, whatever the number of servers. */
export const simulatorLockKey = 72550002

export interface HeldLock {
  /** Whether the lock's connection still answers; when it does not, its session and so the lock are gone. */
  alive(): Promise<boolean>
  /** Unlocks and closes the connection. */
  release(): Promise<void>
}

/**
 * Takes the session-level advisory lock `key` on a connection of its own (not the pool's, so that the lock
 * lives exactly as long as this connection), or answers null when another session holds it. A server that dies
 * ends its session, and PostgreSQL frees the lock for the next one that tries.
 */
export async function tryLeaderLock(databaseUrl: string, key: number): Promise<HeldLock | null> {
  const client = new pg.Client({ connectionString: databaseUrl })
  let lost = false
  // A dropped connection (the database restarted, the session was ended) must not crash the server.
  client.on('error', () => (lost = true))
  client.on('end', () => (lost = true))
  await client.connect()
  try {
    const { rows } = await client.query<{ got: boolean }>('select pg_try_advisory_lock($1) as got', [key])
    if (!rows[0]?.got) {
      await client.end()
      return null
    }
  } catch (error) {
    await client.end().catch(() => undefined)
    throw error
  }
  return {
    async alive() {
      if (lost) return false
      try {
        await client.query('select 1')
        return true
      } catch {
        lost = true
        return false
      }
    },
    async release() {
      if (lost) return
      lost = true
      // Closing the session frees its advisory locks.
      await client.end().catch(() => undefined)
    },
  }
}
