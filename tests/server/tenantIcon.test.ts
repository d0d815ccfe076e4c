import { inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { tenantIconPng, tenantInitials } from '../../server/icons/tenantIcon'
import { strokeLetter } from '../../server/icons/strokeLetters'
import { tenantIds, tenants } from '../../tenants'

/** The RGBA pixel at (x, y) of one of encodePng's PNGs: one IDAT of unfiltered rows. */
function pixelOf(png: Buffer, x: number, y: number): number[] {
  const width = png.readUInt32BE(16)
  const idatLength = png.readUInt32BE(33)
  expect(png.toString('latin1', 37, 41)).toBe('IDAT')
  const rows = inflateSync(png.subarray(41, 41 + idatLength))
  const at = y * (width * 4 + 1) + 1 + x * 4
  return [...rows.subarray(at, at + 4)]
}

describe('the tenant icon', () => {
  it.each(tenantIds)('draws every letter of the initials of %s', (id) => {
    const initials = tenantInitials(tenants[id].name)
    expect(initials.length).toBeGreaterThan(0)
    for (const char of initials) expect(strokeLetter(char), `${id}: ${char}`).toBeDefined()
  })

  it('leaves the corners of the rounded icon clear and fills the maskable one to its edges', () => {
    const espoo = tenants.espoo
    const rounded = tenantIconPng(espoo, 'rounded', 192)
    const full = tenantIconPng(espoo, 'full', 192)
    expect(pixelOf(rounded, 0, 0)).toEqual([0, 0, 0, 0])
    expect(pixelOf(full, 0, 0)).toEqual([0x00, 0x58, 0x7c, 255])
    // The middle row crosses the initials, drawn in the theme's white.
    const ink = [...Array(192).keys()].map((x) => pixelOf(full, x, 96)).filter(([r]) => r === 255)
    expect(ink.length).toBeGreaterThan(0)
  })
})
