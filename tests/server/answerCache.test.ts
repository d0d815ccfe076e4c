import { describe, expect, it } from 'vitest'
import { createBatchedLookup } from '../../server/db/batchedLookup'
import { createAnswerCache } from '../../server/reads/answerCache'

const text = (answer: { bytes: Buffer }) => answer.bytes.toString()

describe('the answer cache', () => {
  it('answers from memory only for the version it was built at', async () => {
    const cache = createAnswerCache({ maxEntries: 10, maxBytes: 1000 })
    let builds = 0
    const build = (value: string) => async () => (builds++, value)
    expect(text(await cache.answer('k', '1', build('a')))).toBe('"a"')
    expect(text(await cache.answer('k', '1', build('b')))).toBe('"a"')
    expect(text(await cache.answer('k', '2', build('c')))).toBe('"c"')
    expect(builds).toBe(2)
  })

  it('keeps nothing when building fails', async () => {
    const cache = createAnswerCache({ maxEntries: 10, maxBytes: 1000 })
    await expect(cache.answer('k', '1', () => Promise.reject(new Error('no')))).rejects.toThrow('no')
    expect(cache.size).toEqual({ entries: 0, bytes: 0 })
  })

  it('is bounded in count and bytes, dropping the least recently used', async () => {
    const cache = createAnswerCache({ maxEntries: 2, maxBytes: 20 })
    await cache.answer('a', '1', async () => 'aaaa')
    await cache.answer('b', '1', async () => 'bbbb')
    await cache.answer('a', '1', async () => 'unused') // a is now the most recent
    await cache.answer('c', '1', async () => 'cccc')
    expect(cache.size).toEqual({ entries: 2, bytes: 12 })
    expect(text(await cache.answer('a', '1', async () => 'new'))).toBe('"aaaa"')
    expect(text(await cache.answer('b', '1', async () => 'new'))).toBe('"new"')

    await cache.answer('big', '1', async () => 'x'.repeat(16))
    expect(cache.size).toEqual({ entries: 1, bytes: 18 })
    await cache.answer('huge', '1', async () => 'x'.repeat(40))
    expect(cache.size.bytes).toBeLessThanOrEqual(20)
  })
})

describe('batched lookups', () => {
  it('send the first lookup at once and those asked meanwhile together, each after it was asked', async () => {
    const queries: string[][] = []
    let finish: () => void = () => {}
    const lookup = createBatchedLookup<string>(async (keys) => {
      queries.push([...keys])
      await new Promise<void>((resolve) => (finish = resolve))
      return new Map(keys.filter((key) => key !== 'missing').map((key) => [key, key.toUpperCase()]))
    })
    const a = lookup('a')
    expect(queries).toEqual([['a']])
    const later = [lookup('b'), lookup('missing'), lookup('b')]
    expect(queries).toHaveLength(1)
    finish()
    expect(await a).toBe('A')
    await Promise.resolve()
    expect(queries).toEqual([['a'], ['b', 'missing']])
    finish()
    expect(await Promise.all(later)).toEqual(['B', undefined, 'B'])
  })

  it('fail every lookup of a failed query and go on with the next', async () => {
    let fail = true
    const lookup = createBatchedLookup<string>(async (keys) => {
      if (fail) throw new Error('down')
      return new Map(keys.map((key) => [key, key]))
    })
    await expect(lookup('a')).rejects.toThrow('down')
    fail = false
    expect(await lookup('a')).toBe('a')
  })

  it('fail the lookups waiting behind a failed query too, rather than keep them for a query of their own', async () => {
    const queries: string[][] = []
    let fail: (error: Error) => void = () => {}
    const lookup = createBatchedLookup<string>(async (keys) => {
      queries.push([...keys])
      return new Promise((_, reject) => (fail = reject))
    })
    const first = lookup('a')
    const behind = lookup('b')
    fail(new Error('Query read timeout'))
    await expect(first).rejects.toThrow('Query read timeout')
    expect(queries).toEqual([['a']])
    await expect(behind).rejects.toThrow('Query read timeout')
  })
})
