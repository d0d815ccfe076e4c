import { afterEach, describe, expect, it, vi } from 'vitest'
import { installPlatform, type Platform } from '../../../src/app/platform'
import { SessionStore, type UserSession } from '../../../src/app/session'
import { clearSnapshot, loadSnapshot, saveSnapshot } from '../../../src/app/snapshots'
import { freshDb } from '../outbox/harness'

function install(): SessionStore {
  const sessions = new SessionStore()
  installPlatform({ sessions } as unknown as Platform)
  return sessions
}

afterEach(() => {
  installPlatform(null)
  vi.useRealTimers()
})

describe('persisted machine snapshots', () => {
  it('round-trips a snapshot through the user’s database, once the session has opened', async () => {
    const sessions = install()
    const db = freshDb()
    const saving = saveSnapshot('cancelTrips', {
      status: 'active',
      value: 'reason',
      context: { picked: ['t1'] },
    })
    // The session's module loads after auth settles: the save waits for it.
    sessions.setSession({ db } as unknown as UserSession)
    await saving
    expect(await loadSnapshot('cancelTrips')).toEqual({
      status: 'active',
      value: 'reason',
      context: { picked: ['t1'] },
    })
    await clearSnapshot('cancelTrips')
    expect(await loadSnapshot('cancelTrips')).toBeNull()
  })

  it('drops what is not plain data rather than failing', async () => {
    const sessions = install()
    sessions.setSession({ db: freshDb() } as unknown as UserSession)
    await saveSnapshot('k', { keep: 1, drop: () => 1 })
    expect(await loadSnapshot('k')).toEqual({ keep: 1 })
  })

  it('finds nothing when no user session opens', async () => {
    vi.useFakeTimers()
    install()
    const loading = loadSnapshot('cancelTrips')
    await vi.advanceTimersByTimeAsync(10_000)
    expect(await loading).toBeNull()
  })
})
