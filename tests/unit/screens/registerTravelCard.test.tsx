// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import type { ApiClient } from '../../../src/api/client'
import { ApiRequestError } from '../../../src/api/errors'
import type { Platform } from '../../../src/app/platform'
import type { Invitation } from '../../../src/contract/invitations'
import { account } from '../db/samples'
import { fakePlatform, mountScreen, publicPlatform, waitForText } from './support/mount'

const refused = (status: number, code: string) =>
  new ApiRequestError(status, { statusCode: status, code, message: code })

/** An anonymous visitor on a tenant that registers cards, whose `POST api/account/registercard` answers `answer`. */
function cardApi(answer: () => unknown) {
  const call = vi.fn(async (name: string) => {
    if (name !== 'registerTravelCard') throw new Error(`Unexpected call ${name}`)
    return answer()
  })
  return { platform: publicPlatform({ call } as unknown as ApiClient, 'kovanen'), call }
}

/** Fills the form and sends it, as a visitor does. */
async function register(platform: Platform) {
  const screen = await mountScreen(platform, '/register-travel-card')
  await waitForText(screen, 'Travel card number')
  const fill = (label: string, value: string) => {
    const input = [...screen.main().querySelectorAll('input')].find(
      (element) => element.labels?.[0]?.textContent?.startsWith(label) ?? false,
    )
    if (!input) throw new Error(`No field ${label}`)
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
    setter.call(input, value)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  }
  fill('Name', 'Ville Kortesalmi')
  fill('Travel card number', '7300 1000 0001')
  await vi.waitFor(() => expect(buttonOf(screen.main(), 'Send').disabled).toBe(false))
  buttonOf(screen.main(), 'Send').click()
  return screen
}

function buttonOf(root: HTMLElement, name: string): HTMLButtonElement {
  const button = [...root.querySelectorAll('button')].find((candidate) => candidate.textContent === name)
  if (!button) throw new Error(`No button ${name}`)
  return button
}

/** A card's invitation of a passenger who already has a guardian. */
const guardedInvitation: Invitation = {
  code: 'AAAAAAAAAAAAAAAAAAAAAA',
  acceptedByUser: false,
  validUntil: '2026-11-24T11:00:00+02:00',
  requiresVerifiedIdentity: true,
  items: [{ passenger: { id: 'p9', name: 'Ville Kortesalmi', avatarText: 'VK' } }],
}
const strongAuthNotice =
  "The passenger already has a guardian. Only a user who logs in with strong authentication can accept this invitation, and the passenger's guardians are told about it."
const strongAuthRefusal =
  'The passenger already has a guardian, so only a user who logs in with strong authentication can accept this invitation. Log in with strong authentication to accept it.'

describe('the travel card screen’s refusals (spec section 8)', { timeout: 20_000 }, () => {
  it('says to check the name and number on a 404', async () => {
    const { platform, call } = cardApi(() => Promise.reject(refused(404, 'not_found')))
    const screen = await register(platform)
    const text = await waitForText(screen, 'Registration failed, check name and travelcard number.')
    expect(call).toHaveBeenCalledWith('registerTravelCard', {
      body: { name: 'Ville Kortesalmi', cardNumber: '7300 1000 0001' },
    })
    expect(text).toContain('Registration failed, check name and travelcard number.')
  })

  it.each([
    ['a 400', () => Promise.reject(refused(400, 'validation_failed'))],
    ['a 429', () => Promise.reject(refused(429, 'too_many_requests'))],
    ['a 500', () => Promise.reject(refused(500, 'internal_error'))],
    ['no answer', () => Promise.reject(new ApiRequestError(0, null))],
  ])('says only that registration failed on %s', async (_, answer) => {
    const { platform } = cardApi(answer)
    const screen = await register(platform)
    const text = await waitForText(screen, 'Registration failed')
    expect(text).not.toContain('check name and travelcard number')
  })
})

describe('the travel card screen with a passenger who already has a guardian', { timeout: 20_000 }, () => {
  it('says before anything is tried that accepting takes strong authentication', async () => {
    const { platform } = cardApi(() => Promise.resolve(guardedInvitation))
    const screen = await register(platform)
    const text = await waitForText(screen, 'Invitation received')
    expect(text).toContain(strongAuthNotice)
    expect(text).toContain('Continue')
  })

  it('says why Add to current was refused to a user who logged in with a password', async () => {
    const call = vi.fn(async (name: string) => {
      if (name === 'registerTravelCard') return guardedInvitation
      if (name === 'acceptInvitation') throw refused(403, 'identity_verification_required')
      throw new Error(`Unexpected call ${name}`)
    })
    const signedIn = await fakePlatform({ account, passengers: [], places: {}, trips: {} }, 'kovanen')
    const platform: Platform = { ...signedIn, api: () => Promise.resolve({ call } as unknown as ApiClient) }
    const screen = await register(platform)
    await waitForText(screen, 'Add to current')
    buttonOf(screen.main(), 'Add to current').click()
    const text = await waitForText(screen, strongAuthRefusal)
    expect(call).toHaveBeenCalledWith('acceptInvitation', { body: { code: guardedInvitation.code } })
    // Still there to accept as a new user, who identifies with strong authentication.
    expect(text).toContain('Create new')
  })
})
