import { describe, expect, it } from 'vitest'
import { emailFormFailure, emailProblems, normalizeEmail, validateEmailForm } from '../../../src/domain/email'
import { badRequest, failedCall } from './formFailures'

describe('the email rule (spec section 5: the email must be valid)', () => {
  it.each([
    ['sanna.laine@example.com', []],
    ['  sanna.laine@example.fi  ', []],
    ['Sanna+matkat@posti.example.fi', []],
    ['äiti@esimerkki.fi', []],
    [`${'a'.repeat(243)}@example.fi`, []],
    [`${'a'.repeat(244)}@example.fi`, ['InvalidEmail']],
    ['', ['Required']],
    [' \t', ['Required']],
    ['sanna.laine', ['InvalidEmail']],
    ['sanna.laine@example', ['InvalidEmail']],
    ['sanna laine@example.com', ['InvalidEmail']],
    ['sanna@@example.com', ['InvalidEmail']],
    ['sanna@example..com', ['InvalidEmail']],
    ['sanna@.example.com', ['InvalidEmail']],
    ['sanna@example.com.', ['InvalidEmail']],
    ['@example.com', ['InvalidEmail']],
    ['sanna@exa\u0000mple.com', ['InvalidEmail']],
  ])('%j breaks %j', (email, problems) => {
    expect(emailProblems(email)).toEqual(problems)
  })

  it('stores what was typed without the blanks around it', () => {
    expect(normalizeEmail('  Sanna.Laine@Example.fi ')).toBe('Sanna.Laine@Example.fi')
  })

  it('validates the personal info form’s one field', () => {
    expect(validateEmailForm({ email: 'sanna@example.fi' })).toEqual({})
    expect(validateEmailForm({ email: 'sanna' })).toEqual({ email: ['InvalidEmail'] })
  })
})

describe('the email form’s failures', () => {
  it('puts the server’s email error on the field', () => {
    expect(emailFormFailure(badRequest([{ property: 'email', error: 'InvalidEmail' }]))).toEqual({
      fieldErrors: { email: ['InvalidEmail'] },
      formError: null,
    })
  })

  it.each([
    ['an unknown code', badRequest([{ property: 'email', error: 'too_big' }]), 'GenericSaveError'],
    ['a 500', failedCall(500), 'GenericSaveError'],
    ['a network failure', failedCall(0), 'Offline'],
  ])('%s is the form’s error', (_, error, formError) => {
    expect(emailFormFailure(error)).toEqual({ fieldErrors: {}, formError })
  })
})
