import { describe, expect, it } from 'vitest'
import { centsToEuros, deductibleCents, tariff } from '../../../../src/domain/booking/tariff'

describe('the deductible tariff', () => {
  it.each([
    ['VPL', 0, tariff.vplFlatCents],
    ['VPL', 42, tariff.vplFlatCents],
    ['SHL', 3, tariff.shlFlatCents],
    ['SHL', 30, tariff.shlFlatCents],
    ['OTHER', 0, 300],
    ['OTHER', 5, 300],
    ['OTHER', 7.5, 425],
    ['OTHER', 5.011, 301],
    ['vpl', 10, 550],
  ])('charges a %s trip of %f km %i cents', (decisionType, km, cents) => {
    expect(deductibleCents(decisionType, km)).toBe(cents)
  })

  it('answers euros from cents', () => {
    expect(centsToEuros(425)).toBe(4.25)
  })
})
