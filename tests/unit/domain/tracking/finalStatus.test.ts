import { describe, expect, it } from 'vitest'
import { isFinalStatus } from '../../../../src/domain/tracking/finalStatus'
import { tripStatusCodes } from './fixtures'

describe('final statuses (spec section 4)', () => {
  it.each(Object.entries(tripStatusCodes))('%s', (name, code) => {
    expect(isFinalStatus(code)).toBe(['Cancelled', 'NoShow', 'DropOff'].includes(name))
  })

  it('a missing status is not final', () => {
    expect(isFinalStatus(null)).toBe(false)
    expect(isFinalStatus(undefined)).toBe(false)
  })
})
