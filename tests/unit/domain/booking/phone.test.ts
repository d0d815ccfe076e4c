import { describe, expect, it } from 'vitest'
import { isInternationalPhone, normalizePhone, phoneProblems } from '../../../../src/domain/booking/phone'
import { getTenant } from '../../../../tenants'

describe('a leading 0 becomes +358 (spec section 5)', () => {
  it.each([
    ['0401234567', '+358 401234567'],
    ['040 123 4567', '+358 40 123 4567'],
    [' 040 123 4567 ', '+358 40 123 4567'],
    ['0', '+358'],
    ['00358401234567', '+358401234567'],
    ['0046 70 123 4567', '+46 70 123 4567'],
    ['+358 40 123 4567', '+358 40 123 4567'],
    ['401234567', '401234567'],
    ['', ''],
  ])('%j -> %j', (typed, saved) => {
    expect(normalizePhone(typed)).toBe(saved)
  })
})

describe('international form: + then 6 to 14 digits, spaces allowed, not just +358', () => {
  it.each([
    ['+358401234567', true],
    ['+358 40 123 4567', true],
    ['+ 358 40 123 4567', true],
    ['+123456', true],
    ['+12345', false],
    ['+12345678901234', true],
    ['+123456789012345', false],
    ['+358', false],
    ['+358   ', false],
    ['+358 ', false],
    ['+', false],
    ['358401234567', false],
    ['+358-40-123-4567', false],
    ['+358 40 123 456a', false],
    ['++358401234567', false],
  ])('%j: %s', (phone, valid) => {
    expect(isInternationalPhone(phone)).toBe(valid)
  })
})

describe("phone rules per tenant (tenants' declarations)", () => {
  it.each([
    ['lahitaksi', '', true, ['phoneRequired']],
    ['lahitaksi', '', false, []],
    ['lahitaksi', '   ', true, ['phoneRequired']],
    ['lahitaksi', '040 123 4567', true, []],
    ['lahitaksi', '+358', true, ['phoneFormat']],
    ['lahitaksi', '0', true, ['phoneFormat']],
    ['lahitaksi', '12345', true, ['phoneFormat']],
    ['lapha', '+358 40 123 4567', true, []],
    ['lapha', '+12345', false, ['phoneFormat']],
    ['luvn', '', true, ['phoneRequired']],
    ['luvn', '12345', true, []],
    ['espoo', '', true, []],
    ['espoo', '12', true, []],
  ] as const)('%s: %j at the booking step %s -> %j', (tenant, phone, atBookingStep, problems) => {
    expect(phoneProblems(phone, getTenant(tenant).phone, atBookingStep)).toEqual(problems)
  })
})
