import { describe, expect, it } from 'vitest'
import { passwordErrorCodes } from '../../../src/contract/account'
import {
  passwordFields,
  passwordFormFailure,
  passwordFormMode,
  validatePasswordForm,
  type PasswordValues,
} from '../../../src/domain/passwordForm'
import { badRequest, failedCall } from './formFailures'

const strong = 'Kesä-Loma-2026!'
const values = (overrides: Partial<PasswordValues> = {}): PasswordValues => ({
  userName: 'aino.virtanen',
  email: 'aino.virtanen@example.fi',
  currentPassword: 'old-Password-1',
  password: strong,
  confirmation: strong,
  ...overrides,
})

describe('password form mode and fields', () => {
  it.each([
    [{ hasPassword: false, identityVerified: true }, ['userName', 'email', 'password', 'confirmation']],
    [{ hasPassword: false, identityVerified: false }, ['userName', 'email', 'password', 'confirmation']],
    [{ hasPassword: true, identityVerified: false }, ['currentPassword', 'password', 'confirmation']],
    [{ hasPassword: true, identityVerified: true }, ['password', 'confirmation']],
  ])('%j shows %j', (user, fields) => {
    expect(passwordFields(passwordFormMode(user))).toEqual(fields)
  })
})

describe('password form validation', () => {
  const all = ['userName', 'email', 'currentPassword', 'password', 'confirmation'] as const

  it('accepts a complete, matching form', () => {
    expect(validatePasswordForm(values(), all)).toEqual({})
  })

  it.each([
    [{ userName: 'abc' }, { userName: ['InvalidUserName'] }],
    [{ userName: 'x'.repeat(257) }, { userName: ['InvalidUserName'] }],
    [{ userName: '  ' }, { userName: ['Required'] }],
    [{ email: '' }, { email: ['Required'] }],
    [{ email: 'aino.virtanen@example' }, { email: ['InvalidEmail'] }],
    [{ currentPassword: '' }, { currentPassword: ['Required'] }],
    [{ confirmation: '' }, { confirmation: ['Required'] }],
    [{ confirmation: `${strong}x` }, { confirmation: ['ConfirmationMismatch'] }],
    [{ password: 'Short-1a', confirmation: 'Short-1a' }, { password: ['PasswordTooShort'] }],
  ])('%j -> %j', (overrides, expected) => {
    expect(validatePasswordForm(values(overrides), all)).toEqual(expected)
  })

  it('checks only the fields the form shows', () => {
    const fields = passwordFields({ kind: 'change', askCurrent: false })
    expect(validatePasswordForm(values({ userName: '', email: '', currentPassword: '' }), fields)).toEqual({})
  })

  it('lists every broken password rule', () => {
    const errors = validatePasswordForm(values({ password: 'abc', confirmation: 'abc' }), ['password'])
    expect(errors.password).toEqual(expect.arrayContaining(['PasswordTooShort', 'PasswordRequiresDigit']))
  })
})

describe('password form failures', () => {
  it('puts the 400 field errors on their fields', () => {
    const failure = passwordFormFailure(
      badRequest([
        { property: 'currentPassword', error: 'PasswordMismatch' },
        { property: 'userName', error: 'DuplicateUserName' },
        { property: 'password', error: 'PasswordRequiresDigit' },
        { property: 'password', error: 'PasswordRequiresUpper' },
      ]),
    )
    expect(failure).toEqual({
      fieldErrors: {
        currentPassword: ['PasswordMismatch'],
        userName: ['DuplicateUserName'],
        password: ['PasswordRequiresDigit', 'PasswordRequiresUpper'],
      },
      formError: null,
    })
  })

  it('puts the email’s error on its field', () => {
    expect(passwordFormFailure(badRequest([{ property: 'email', error: 'InvalidEmail' }]))).toEqual({
      fieldErrors: { email: ['InvalidEmail'] },
      formError: null,
    })
  })

  it('shows a known error of a property the form has no field for on the form', () => {
    expect(passwordFormFailure(badRequest([{ property: 'recoveryPhone', error: 'Required' }]))).toEqual({
      fieldErrors: {},
      formError: 'Required',
    })
  })

  it.each(passwordErrorCodes)('maps the server code %s', (code) => {
    const failure = passwordFormFailure(badRequest([{ property: 'password', error: code }]))
    expect(failure.fieldErrors.password).toEqual([code])
  })

  it.each([
    ['a 500', failedCall(500), 'GenericSaveError'],
    [
      'a 400 without known codes',
      badRequest([{ property: 'password', error: 'Whatever' }]),
      'GenericSaveError',
    ],
    ['a network failure', failedCall(0), 'Offline'],
  ])('%s is a form error', (_, error, formError) => {
    expect(passwordFormFailure(error)).toEqual({ fieldErrors: {}, formError })
  })
})
