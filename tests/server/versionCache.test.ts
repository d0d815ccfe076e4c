import { describe, expect, it } from 'vitest'
import { createVersionCache } from '../../server/db/versionCache'

function setUp(options: { maxEntries?: number; maxAgeMs?: number } = {}) {
  let clock = 0
  const cache = createVersionCache({
    maxEntries: options.maxEntries ?? 10,
    maxAgeMs: options.maxAgeMs ?? 1_000,
    now: () => clock,
  })
  let loads = 0
  let value = 'v1'
  const lookup = (key = 'k', tags: readonly string[] = ['p:1']) =>
    cache.lookup(
      key,
      async () => (loads++, value),
      () => tags,
    )
  return {
    cache,
    lookup,
    loads: () => loads,
    setValue: (next: string) => (value = next),
    advance: (ms: number) => (clock += ms),
  }
}

describe('the version cache', () => {
  it('asks every time until the listener is connected', async () => {
    const { lookup, loads } = setUp()
    await lookup()
    await lookup()
    expect(loads()).toBe(2)
  })

  it('keeps a version while listening, until a tag it depends on is announced', async () => {
    const { cache, lookup, loads, setValue } = setUp()
    cache.handlers.listening()
    expect(await lookup('k', ['p:1', 'u:1'])).toBe('v1')
    setValue('v2')
    expect(await lookup('k', ['p:1', 'u:1'])).toBe('v1')
    expect(loads()).toBe(1)
    cache.handlers.notified('p:other')
    expect(await lookup('k', ['p:1', 'u:1'])).toBe('v1')
    cache.handlers.notified('u:1')
    expect(await lookup('k', ['p:1', 'u:1'])).toBe('v2')
    expect(loads()).toBe(2)
  })

  it('keeps nothing a query read while a change was announced', async () => {
    const { cache, loads } = setUp()
    cache.handlers.listening()
    let release!: () => void
    const held = cache.lookup(
      'k',
      () => new Promise<string>((resolve) => (release = () => resolve('old'))),
      () => ['p:1'],
    )
    cache.handlers.notified('p:1')
    release()
    expect(await held).toBe('old')
    expect(
      await cache.lookup(
        'k',
        async () => 'new',
        () => ['p:1'],
      ),
    ).toBe('new')
    expect(loads()).toBe(0)
    expect(cache.size).toBe(1)
  })

  it('forgets everything and asks again while the listener is lost, and after it is back', async () => {
    const { cache, lookup, loads, setValue } = setUp()
    cache.handlers.listening()
    await lookup()
    cache.handlers.lost()
    setValue('v2')
    expect(await lookup()).toBe('v2')
    expect(await lookup()).toBe('v2')
    expect(loads()).toBe(3)
    cache.handlers.listening()
    setValue('v3')
    expect(await lookup()).toBe('v3')
    expect(await lookup()).toBe('v3')
    expect(loads()).toBe(4)
  })

  it('asks again after maxAgeMs even with no announcement', async () => {
    const { cache, lookup, loads, advance } = setUp({ maxAgeMs: 1_000 })
    cache.handlers.listening()
    await lookup()
    advance(999)
    await lookup()
    expect(loads()).toBe(1)
    advance(1)
    await lookup()
    expect(loads()).toBe(2)
  })

  it('keeps an absent value too, until it is announced', async () => {
    const { cache } = setUp()
    cache.handlers.listening()
    let loads = 0
    const lookup = () =>
      cache.lookup(
        'l',
        async () => (loads++, undefined),
        () => ['l:abc'],
      )
    expect(await lookup()).toBeUndefined()
    expect(await lookup()).toBeUndefined()
    expect(loads).toBe(1)
    cache.handlers.notified('l:abc')
    await lookup()
    expect(loads).toBe(2)
  })

  it('is bounded, dropping the oldest and its tags', async () => {
    const { cache, lookup, loads } = setUp({ maxEntries: 2 })
    cache.handlers.listening()
    await lookup('a', ['p:a'])
    await lookup('b', ['p:b'])
    await lookup('c', ['p:c'])
    expect(cache.size).toBe(2)
    await lookup('a', ['p:a']) // a was dropped, and b goes now
    expect(loads()).toBe(4)
    await lookup('c', ['p:c'])
    expect(loads()).toBe(4)
    cache.handlers.notified('p:c')
    expect(cache.size).toBe(1)
  })

  it('keeps a value for the poll front only when nothing was announced since its mark, until a tag is', () => {
    const { cache, advance } = setUp()
    const replay = { bytes: 'answer' }
    expect(cache.mark()).toBeUndefined()
    cache.keep(cache.mark(), 'r', replay, ['p:1'])
    expect(cache.peek('r')).toBeUndefined()

    cache.handlers.listening()
    const stale = cache.mark()
    cache.handlers.notified('p:2')
    cache.keep(stale, 'r', replay, ['p:1'])
    expect(cache.peek('r')).toBeUndefined()

    cache.keep(cache.mark(), 'r', replay, ['p:1'])
    expect(cache.peek('r')).toBe(replay)
    cache.handlers.notified('p:1')
    expect(cache.peek('r')).toBeUndefined()

    cache.keep(cache.mark(), 'r', replay, ['p:1'])
    advance(1_000)
    expect(cache.peek('r')).toBeUndefined()
    cache.keep(cache.mark(), 'r', replay, ['p:1'])
    cache.handlers.lost()
    expect(cache.peek('r')).toBeUndefined()
  })
})
