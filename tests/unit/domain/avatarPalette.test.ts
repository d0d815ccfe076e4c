import { describe, expect, it } from 'vitest'
import { avatarColorFor, avatarPalette } from '../../../src/domain/avatarPalette'
import { contrastRatio } from '../../../src/domain/contrast'

describe('avatar palette', () => {
  it('has 19 distinct colours', () => {
    expect(avatarPalette).toHaveLength(19)
    expect(new Set(avatarPalette.map((color) => color.background.toLowerCase())).size).toBe(19)
  })

  it.each(avatarPalette)('$background has 4.5:1 contrast for its text', ({ background, text }) => {
    expect(contrastRatio(background, text)).toBeGreaterThanOrEqual(4.5)
  })

  it('chooses the same colour for the same passenger every time', () => {
    expect(avatarColorFor('passenger-1')).toBe(avatarColorFor('passenger-1'))
  })

  it('spreads passengers over the palette', () => {
    const used = new Set(Array.from({ length: 200 }, (_, i) => avatarColorFor(`p-${i}`)))
    expect(used.size).toBeGreaterThan(15)
  })
})

describe('contrast ratio', () => {
  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    ['#777', '#fff', 4.48],
  ])('%s on %s is %d', (a, b, expected) => {
    expect(contrastRatio(a, b)).toBeCloseTo(expected, 2)
  })

  it('rejects what is not a colour', () => {
    expect(() => contrastRatio('red', '#fff')).toThrow()
  })
})
