import { describe, expect, it } from 'vitest'
import { credentialErrors, passwordProblems, userNameProblems } from '../../src/domain/password'

describe('password rules (spec section 5)', () => {
  it.each([
    ['Hyvä-salasana-2026', []],
    ['', ['Required']],
    ['Lyhyt-1a', ['PasswordTooShort']],
    ['aaaaaaaaaaA1!', ['PasswordRequiresUniqueChars']],
    ['Salasana20260', ['PasswordRequiresNonAlphanumeric']],
    ['Salasana-ilman', ['PasswordRequiresDigit']],
    ['salasana-2026', ['PasswordRequiresUpper']],
    ['SALASANA-2026', ['PasswordRequiresLower']],
    ['Ääkköset-öö-12', []],
    [
      'abc',
      [
        'PasswordTooShort',
        'PasswordRequiresUniqueChars',
        'PasswordRequiresNonAlphanumeric',
        'PasswordRequiresDigit',
        'PasswordRequiresUpper',
      ],
    ],
  ])('%j breaks %j', (password, problems) => {
    expect(passwordProblems(password)).toEqual(problems)
  })

  it('counts six distinct characters as enough and five as too few', () => {
    expect(passwordProblems('Aa1-Aa1-Aa1-Bx')).toEqual([])
    expect(passwordProblems('Aa1-Aa1-Aa1-A')).toEqual(['PasswordRequiresUniqueChars'])
  })

  it('measures length in characters, not UTF-16 units', () => {
    expect(passwordProblems('Aa1-b😀😀😀😀😀😀')).toEqual(['PasswordTooShort'])
  })
})

describe('username rules', () => {
  it.each([
    ['abcd', []],
    ['abc', ['InvalidUserName']],
    ['a'.repeat(256), []],
    ['a'.repeat(257), ['InvalidUserName']],
    ['   ', ['Required']],
    ['', ['Required']],
  ])('%j breaks %j', (userName, problems) => {
    expect(userNameProblems(userName)).toEqual(problems)
  })

  it('reports both fields in the errors shape of a 400 answer', () => {
    expect(credentialErrors('ab', 'short')).toEqual([
      { property: 'userName', error: 'InvalidUserName' },
      { property: 'password', error: 'PasswordTooShort' },
      { property: 'password', error: 'PasswordRequiresUniqueChars' },
      { property: 'password', error: 'PasswordRequiresNonAlphanumeric' },
      { property: 'password', error: 'PasswordRequiresDigit' },
      { property: 'password', error: 'PasswordRequiresUpper' },
    ])
  })
})
