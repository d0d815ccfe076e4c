import { describe, expect, it } from 'vitest'
import { createReplayStore } from '../../server/reads/replayStore'

function setUp(options: { maxEntries?: number; maxBytes?: number; maxAgeMs?: number } = {}) {
  let clock = 0
  const store = createReplayStore<string>({
    maxEntries: options.maxEntries ?? 10,
    maxBytes: options.maxBytes ?? 100,
    maxAgeMs: options.maxAgeMs ?? 1_000,
    now: () => clock,
  })
  return { store, advance: (ms: number) => (clock += ms) }
}

describe("the poll front's replay store", () => {
  it('is bounded in bytes, pushing out the least recently used first, a read counting as a use', () => {
    const { store } = setUp({ maxBytes: 100 })
    store.set('a', 'A', 40, [])
    store.set('b', 'B', 40, [])
    expect(store.get('a')).toBe('A')
    store.set('c', 'C', 40, [])
    expect(store.get('b')).toBeUndefined()
    expect(store.get('a')).toBe('A')
    expect(store.get('c')).toBe('C')
    expect(store.size).toEqual({ entries: 2, bytes: 80 })

    store.set('big', 'X', 90, [])
    expect(store.size).toEqual({ entries: 1, bytes: 90 })
    store.set('huge', 'Y', 101, [])
    expect(store.get('huge')).toBeUndefined()
    expect(store.size.bytes).toBeLessThanOrEqual(100)
  })

  it('is bounded in count, least recently used first', () => {
    const { store } = setUp({ maxEntries: 2 })
    store.set('a', 'A', 1, [])
    store.set('b', 'B', 1, [])
    store.get('a')
    store.set('c', 'C', 1, [])
    expect([store.get('a'), store.get('b'), store.get('c')]).toEqual(['A', undefined, 'C'])
  })

  it('counts an entry kept again under its key once', () => {
    const { store } = setUp()
    store.set('a', 'A', 30, ['t'])
    store.set('a', 'A2', 20, ['t'])
    expect(store.size).toEqual({ entries: 1, bytes: 20 })
    expect(store.get('a')).toBe('A2')
  })

  it('drops the entries of an announced tag, and everything when cleared', () => {
    const { store } = setUp()
    store.set('a', 'A', 1, ['p:1', 'u:1'])
    store.set('b', 'B', 1, ['p:2'])
    store.dropTag('u:1')
    expect(store.get('a')).toBeUndefined()
    expect(store.get('b')).toBe('B')
    store.clear()
    expect(store.get('b')).toBeUndefined()
    expect(store.size).toEqual({ entries: 0, bytes: 0 })
  })

  it('keeps an entry no longer than maxAgeMs, however often it is read', () => {
    const { store, advance } = setUp({ maxAgeMs: 1_000 })
    store.set('a', 'A', 10, [])
    advance(999)
    expect(store.get('a')).toBe('A')
    advance(1)
    expect(store.get('a')).toBeUndefined()
    expect(store.size).toEqual({ entries: 0, bytes: 0 })
  })
})
