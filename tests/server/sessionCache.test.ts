import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import { createSessionCache, type SessionLoader } from '../../server/auth/sessionCache'
import type { UserRow } from '../../server/db/repositories/users'

const user = (id: string) => ({ id, tenant_id: 'espoo', name: id }) as unknown as UserRow
const farFuture = Temporal.Instant.from('2100-01-01T00:00:00Z')

/** A cache on a clock the test moves, and a loader that counts its queries; no announcements until told. */
function setup(options: { ttlMs?: number; maxEntries?: number } = {}) {
  let now = 1_000_000
  const cache = createSessionCache(null, {
    announcedTtlMs: 600_000,
    ttlMs: options.ttlMs ?? 5_000,
    maxEntries: options.maxEntries ?? 100,
    now: () => now,
  })
  let queries = 0
  const live = new Map<string, { user: UserRow; expiresAt: Temporal.Instant }>()
  const load =
    (sid: string): SessionLoader =>
    async () => {
      queries++
      return live.get(sid)
    }
  return {
    cache,
    live,
    load,
    queries: () => queries,
    advance: (ms: number) => (now += ms),
    nowInstant: () => Temporal.Instant.fromEpochMilliseconds(now),
  }
}

describe('session cache', () => {
  it('reads a session once per window, then again after it', async () => {
    const s = setup()
    s.live.set('a', { user: user('u1'), expiresAt: farFuture })
    for (let i = 0; i < 10; i++) expect((await s.cache.user('espoo', 'a', s.load('a')))?.id).toBe('u1')
    expect(s.queries()).toBe(1)
    s.live.delete('a')
    s.advance(4_999)
    expect(await s.cache.user('espoo', 'a', s.load('a'))).not.toBeNull()
    s.advance(1)
    expect(await s.cache.user('espoo', 'a', s.load('a'))).toBeNull()
    expect(s.queries()).toBe(2)
  })

  it('answers a peek with no query: the user of a session read within the window, else undefined', async () => {
    const s = setup()
    s.live.set('a', { user: user('u1'), expiresAt: farFuture })
    expect(s.cache.peek('espoo', 'a')).toBeUndefined()
    await s.cache.user('espoo', 'a', s.load('a'))
    expect(s.cache.peek('espoo', 'a')?.id).toBe('u1')
    expect(s.cache.peek('lapha', 'a')).toBeUndefined()
    s.advance(5_000)
    expect(s.cache.peek('espoo', 'a')).toBeUndefined()
    await s.cache.user('espoo', 'a', s.load('a'))
    s.cache.forget('espoo', 'a')
    expect(s.cache.peek('espoo', 'a')).toBeUndefined()
    await s.cache.user('espoo', 'b', s.load('b'))
    expect(s.cache.peek('espoo', 'b')).toBeUndefined()
    expect(s.queries()).toBe(3)
  })

  it('remembers an unknown session too, so a revoked token does not query on every call', async () => {
    const s = setup()
    expect(await s.cache.user('espoo', 'gone', s.load('gone'))).toBeNull()
    expect(await s.cache.user('espoo', 'gone', s.load('gone'))).toBeNull()
    expect(s.queries()).toBe(1)
  })

  it('never keeps a session past its own expiry', async () => {
    const s = setup()
    s.live.set('a', { user: user('u1'), expiresAt: s.nowInstant().add({ milliseconds: 1_000 }) })
    await s.cache.user('espoo', 'a', s.load('a'))
    s.live.delete('a')
    s.advance(1_000)
    expect(await s.cache.user('espoo', 'a', s.load('a'))).toBeNull()
  })

  it('forgets one session, or every session of a user in one tenant, at once', async () => {
    const s = setup()
    for (const sid of ['a', 'b', 'c'])
      s.live.set(sid, { user: user(sid === 'c' ? 'u2' : 'u1'), expiresAt: farFuture })
    for (const sid of ['a', 'b', 'c']) await s.cache.user('espoo', sid, s.load(sid))
    await s.cache.user('demo', 'a', s.load('a'))
    s.live.clear()
    s.cache.forget('espoo', 'a')
    expect(await s.cache.user('espoo', 'a', s.load('a'))).toBeNull()
    s.cache.forgetUser('espoo', 'u1')
    expect(await s.cache.user('espoo', 'b', s.load('b'))).toBeNull()
    expect((await s.cache.user('espoo', 'c', s.load('c')))?.id).toBe('u2')
    expect((await s.cache.user('demo', 'a', s.load('a')))?.id).toBe('u1')
  })

  it('does not put back a session forgotten while it was being read', async () => {
    const s = setup()
    s.live.set('a', { user: user('u1'), expiresAt: farFuture })
    let release = () => {}
    const slow: SessionLoader = async () => {
      const row = s.live.get('a')
      await new Promise<void>((resolve) => (release = resolve))
      return row
    }
    const reading = s.cache.user('espoo', 'a', slow)
    s.live.delete('a')
    s.cache.forget('espoo', 'a')
    release()
    expect((await reading)?.id).toBe('u1')
    expect(await s.cache.user('espoo', 'a', s.load('a'))).toBeNull()
  })

  it('holds at most maxEntries sessions, dropping the oldest', async () => {
    const s = setup({ maxEntries: 3 })
    for (const sid of ['a', 'b', 'c', 'd']) {
      s.live.set(sid, { user: user(sid), expiresAt: farFuture })
      await s.cache.user('espoo', sid, s.load(sid))
    }
    expect(s.cache.size).toBe(3)
    await s.cache.user('espoo', 'a', s.load('a'))
    expect(s.queries()).toBe(5)
    await s.cache.user('espoo', 'd', s.load('d'))
    expect(s.queries()).toBe(5)
  })

  it('keeps a session for minutes while announcements arrive, until one names the session or its user', async () => {
    const s = setup()
    s.cache.handlers.listening()
    s.live.set('a', { user: user('u1'), expiresAt: farFuture })
    s.live.set('b', { user: user('u1'), expiresAt: farFuture })
    await s.cache.user('espoo', 'a', s.load('a'))
    await s.cache.user('espoo', 'b', s.load('b'))
    s.advance(599_999)
    expect(s.cache.peek('espoo', 'a')?.id).toBe('u1')
    expect((await s.cache.user('espoo', 'a', s.load('a')))?.id).toBe('u1')
    expect(s.queries()).toBe(2)
    // Another table's announcements (0011's read versions) leave sessions be.
    s.cache.handlers.notified('p:u1')
    s.cache.handlers.notified('u:u1')
    expect(s.cache.peek('espoo', 'a')?.id).toBe('u1')

    s.live.delete('a')
    s.cache.handlers.notified('s:a')
    expect(s.cache.peek('espoo', 'a')).toBeUndefined()
    expect(s.cache.peek('espoo', 'b')?.id).toBe('u1')
    expect(await s.cache.user('espoo', 'a', s.load('a'))).toBeNull()
    s.cache.handlers.notified('a:u1')
    expect(s.cache.peek('espoo', 'b')).toBeUndefined()
    expect(s.queries()).toBe(3)

    await s.cache.user('espoo', 'b', s.load('b'))
    s.advance(600_000)
    expect(s.cache.peek('espoo', 'b')).toBeUndefined()
  })

  it('never keeps a session past its own expiry while announcements arrive either', async () => {
    const s = setup()
    s.cache.handlers.listening()
    s.live.set('a', { user: user('u1'), expiresAt: s.nowInstant().add({ seconds: 30 }) })
    await s.cache.user('espoo', 'a', s.load('a'))
    s.advance(29_999)
    expect(s.cache.peek('espoo', 'a')?.id).toBe('u1')
    s.advance(1)
    expect(s.cache.peek('espoo', 'a')).toBeUndefined()
  })

  it('forgets every session when the listener is lost, and keeps them ttlMs only until it is back', async () => {
    const s = setup()
    s.cache.handlers.listening()
    s.live.set('a', { user: user('u1'), expiresAt: farFuture })
    await s.cache.user('espoo', 'a', s.load('a'))
    s.cache.handlers.lost()
    expect(s.cache.size).toBe(0)
    expect(s.cache.peek('espoo', 'a')).toBeUndefined()

    await s.cache.user('espoo', 'a', s.load('a'))
    s.advance(4_999)
    expect(s.cache.peek('espoo', 'a')?.id).toBe('u1')
    s.advance(1)
    expect(s.cache.peek('espoo', 'a')).toBeUndefined()
    expect(s.queries()).toBe(2)

    // Back: what was announced meanwhile was missed, so what was kept goes, and then minutes again.
    await s.cache.user('espoo', 'a', s.load('a'))
    s.cache.handlers.listening()
    expect(s.cache.size).toBe(0)
    await s.cache.user('espoo', 'a', s.load('a'))
    s.advance(60_000)
    expect(s.cache.peek('espoo', 'a')?.id).toBe('u1')
  })

  it('keeps nothing a read saw while its session was announced, or while the listener came or went', async () => {
    const s = setup()
    s.cache.handlers.listening()
    s.live.set('a', { user: user('u1'), expiresAt: farFuture })
    const heldRead = () => {
      let release = () => {}
      const slow: SessionLoader = async () => {
        const row = s.live.get('a')
        await new Promise<void>((resolve) => (release = resolve))
        return row
      }
      return { reading: s.cache.user('espoo', 'a', slow), release: () => release() }
    }
    for (const meanwhile of [
      () => s.cache.handlers.notified('s:a'),
      () => s.cache.handlers.notified('a:u1'),
      () => s.cache.handlers.lost(),
      () => s.cache.handlers.listening(),
    ]) {
      const read = heldRead()
      meanwhile()
      read.release()
      expect((await read.reading)?.id).toBe('u1')
      expect(s.cache.peek('espoo', 'a')).toBeUndefined()
    }
  })
})
