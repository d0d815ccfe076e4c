// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import type { ApiClient } from '../../../src/api/client'
import { ApiRequestError } from '../../../src/api/errors'
import { mountScreen, publicPlatform, waitForText } from './support/mount'

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
async function register(platform: ReturnType<typeof cardApi>['platform']) {
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
  const send = [...screen.main().querySelectorAll('button')].find((button) => button.textContent === 'Send')
  await vi.waitFor(() => expect(send?.disabled).toBe(false))
  send!.click()
  return screen
}

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
