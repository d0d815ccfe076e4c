import { describe, expect, it } from 'vitest'
import { EmailStatus } from '../../../src/components/account/EmailStatus'
import type { User } from '../../../src/contract'
import { account } from '../db/samples'
import { render, textOf } from './render'

const statusOf = (changes: Partial<User>) =>
  textOf(render(<EmailStatus account={{ ...account, ...changes }} />))

describe('the email status on personal info', () => {
  it('says whether mail reaches the address: confirmed, or refused by the mail server', () => {
    expect(statusOf({ emailStatus: 'verified' })).toBe('Confirmed')
    expect(statusOf({ emailStatus: 'undeliverable' })).toBe(
      'The mail server refused this address, so no mail is sent to it. Check the address or change it.',
    )
  })

  it('says nothing without an address, or when the portal sends no mail', () => {
    expect(statusOf({ email: null, emailStatus: 'none' })).toBe('')
    for (const emailStatus of ['unverified', 'verified', 'undeliverable'] as const)
      expect(statusOf({ emailStatus, mailEnabled: false })).toBe('')
  })
})
