import { describe, expect, it } from 'vitest'
import {
  addPassengerFailure,
  editInitialsFailure,
  initialsProblems,
  normalizeInitials,
  tokenProblems,
} from '../../../src/domain/passengerForms'

const apiFailure = (status: number) => Object.assign(new Error('failed'), { status, body: null })

describe('initials (1 to 2 characters)', () => {
  it.each([
    ['A', []],
    ['ab', []],
    [' ÅÖ ', []],
    ['', ['LengthBetweenOneAndTwo']],
    ['   ', ['LengthBetweenOneAndTwo']],
    ['ABC', ['LengthBetweenOneAndTwo']],
  ])('%j -> %j', (initials, expected) => {
    expect(initialsProblems(initials)).toEqual(expected)
  })

  it('saves them trimmed and in upper case', () => {
    expect(normalizeInitials(' äb ')).toBe('ÄB')
  })
})

describe('access code token (at least 2 characters)', () => {
  it.each([
    ['AB', []],
    ['LISAA-1001', []],
    ['A', ['TokenTooShort']],
    [' A ', ['TokenTooShort']],
    ['', ['TokenTooShort']],
  ])('%j -> %j', (token, expected) => {
    expect(tokenProblems(token)).toEqual(expected)
  })
})

describe('add passenger failures', () => {
  it.each([404, 400])('a %d is an invalid token on the field', (status) => {
    expect(addPassengerFailure(apiFailure(status))).toEqual({
      fieldErrors: { token: ['InvalidToken'] },
      formError: null,
    })
  })

  it.each([
    [500, 'GenericSaveError'],
    [0, 'Offline'],
  ])('a %d is a form error %s', (status, formError) => {
    expect(addPassengerFailure(apiFailure(status))).toEqual({ fieldErrors: {}, formError })
  })

  it('treats an error without a status as a generic save error', () => {
    expect(addPassengerFailure(new Error('boom')).formError).toBe('GenericSaveError')
  })
})

describe('edit initials failures', () => {
  it('is the generic save error whatever the status', () => {
    expect(editInitialsFailure(apiFailure(404)).formError).toBe('GenericSaveError')
    expect(editInitialsFailure(apiFailure(0)).formError).toBe('Offline')
  })
})
