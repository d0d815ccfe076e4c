import { Temporal } from 'temporal-polyfill'
import type { SessionStore } from '../session/session'

/**
 * Persisted machine snapshots (`actor.getPersistedSnapshot()`), kept in the user's database so that a long flow
 * (the cancel wizard) continues after a reload. Without a signed-in user nothing is stored or found. `sessions` is
 * the platform's (usePlatform).
 */

export async function loadSnapshot(sessions: SessionStore, key: string): Promise<unknown | null> {
  const session = await sessions.ready()
  if (!session) return null
  return (await session.db.snapshots.get(key))?.value ?? null
}

export async function saveSnapshot(sessions: SessionStore, key: string, snapshot: unknown): Promise<void> {
  const session = await sessions.ready()
  if (!session) return
  // Through JSON: a persisted snapshot is plain data, and this drops anything IndexedDB could not clone.
  const value: unknown = JSON.parse(JSON.stringify(snapshot))
  await session.db.snapshots.put({ key, value, savedAt: Temporal.Now.instant().toString() })
}

export async function clearSnapshot(sessions: SessionStore, key: string): Promise<void> {
  const session = await sessions.ready()
  if (!session) return
  await session.db.snapshots.delete(key)
}
