import { afterEach, describe, expect, it, vi } from 'vitest'
import { SessionStore, type UserSession } from '../../../src/app/session/session'
import { clearSnapshot, loadSnapshot, saveSnapshot } from '../../../src/app/data/snapshots'
import { freshDb } from '../outbox/harness'

afterEach(() => {
  vi.useRealTimers()
})

describe('persisted machine snapshots', () => {
  it('round-trips a snapshot through the user’s database, once the session has opened', async () => {
    const sessions = new SessionStore()
    const db = freshDb()
    const saving = saveSnapshot(sessions, 'cancelTrips', {
      status: 'active',
      value: 'reason',
      context: { picked: ['t1'] },
    })
    // The session's module loads after auth settles: the save waits for it.
    sessions.setSession({ db } as unknown as UserSession)
    await saving
    expect(await loadSnapshot(sessions, 'cancelTrips')).toEqual({
      status: 'active',
      value: 'reason',
      context: { picked: ['t1'] },
    })
    await clearSnapshot(sessions, 'cancelTrips')
    expect(await loadSnapshot(sessions, 'cancelTrips')).toBeNull()
  })

  it('drops what is not plain data rather than failing', async () => {
    const sessions = new SessionStore()
    sessions.setSession({ db: freshDb() } as unknown as UserSession)
    await saveSnapshot(sessions, 'k', { keep: 1, drop: () => 1 })
    expect(await loadSnapshot(sessions, 'k')).toEqual({ keep: 1 })
  })

  it('finds nothing when no user session opens', async () => {
    vi.useFakeTimers()
    const loading = loadSnapshot(new SessionStore(), 'cancelTrips')
    await vi.advanceTimersByTimeAsync(10_000)
    expect(await loading).toBeNull()
  })
})
