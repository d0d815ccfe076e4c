import { describe, expect, it } from 'vitest'
import { firstName, initials, trackedPassengerName } from '../../../../src/domain/tracking/passengerName'

describe('a tracked passenger’s initials', () => {
  it.each([
    ['Matti Meikäläinen', 'M. M.'],
    ['Anna-Liisa Virtanen', 'A.-L. V.'],
    ['Anna-Liisa Virtanen-Kallio', 'A.-L. V.-K.'],
    ['Jan Erik von Bonsdorff', 'J. E. V. B.'],
    ['Åsa Öberg', 'Å. Ö.'],
    // Decomposed: "A" and a combining ring, "O" and a combining diaeresis, as some keyboards send them.
    ['A\u030asa O\u0308berg', 'Å. Ö.'],
    ['Élodie Ärölä', 'É. Ä.'],
    ['matti meikäläinen', 'M. M.'],
    ['  Matti \t  Meikäläinen  ', 'M. M.'],
    ['Matti', 'M.'],
    ['Anna-', 'A.'],
    ['Anna--Liisa', 'A.-L.'],
    ['-Liisa', 'L.'],
    ['Matti - Meikäläinen', 'M. M.'],
    ['Anna\u2010Liisa Virtanen', 'A.-L. V.'],
    ["O'Brien", 'O.'],
    ['(Matti) Meikäläinen', 'M. M.'],
    ['Matti 2 Meikäläinen', 'M. M.'],
    ['Ŋaa Ållonen', 'Ŋ. Å.'],
    ['', ''],
    ['   ', ''],
    ['- 42 !', ''],
  ])('%j is %j', (name, expected) => {
    expect(initials(name)).toBe(expected)
  })
})

describe('a tracked passenger’s name by the tenant’s choice', () => {
  it.each([
    ['Matti Meikäläinen', 'firstName', 'Matti'],
    ['  Anna-Liisa Virtanen ', 'firstName', 'Anna-Liisa'],
    ['Matti Meikäläinen', 'initials', 'M. M.'],
    ['Anna-Liisa Virtanen', 'initials', 'A.-L. V.'],
  ] as const)('%j with %s is %j', (name, style, expected) => {
    expect(trackedPassengerName(name, style)).toBe(expected)
  })

  it('gives no first name of an empty name', () => {
    expect(firstName('   ')).toBe('')
  })
})
