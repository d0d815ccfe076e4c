import { describe, expect, it } from 'vitest'
import { initials } from '../../../src/domain/initials'

describe('a passenger’s default initials', () => {
  it.each([
    ['Eetu Laine', 'EL'],
    ['  aino   maria virtanen ', 'AM'],
    ['Åsa', 'Å'],
    ['Ödön Ärrä', 'ÖÄ'],
  ])('are the first letters of the first two words of %j: %s', (name, expected) => {
    expect(initials(name)).toBe(expected)
  })

  it('never split a character in two nor grow past two code units', () => {
    // 𝒜 is a surrogate pair, two code units already; an upper-case ß is SS.
    expect(initials('𝒜lice Bob')).toBe('𝒜')
    expect(initials('ßara Bo')).toBe('S')
  })
})
