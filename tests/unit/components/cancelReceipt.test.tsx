// @vitest-environment happy-dom
import { act } from 'react'
import { Temporal } from 'temporal-polyfill'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CancelReceipt } from '../../../src/components/trips/CancelReceipt'
import type { CancellationReceipt } from '../../../src/contract/trip'
import { textOf } from '../screens/support/text'
import { mountComponent } from './support/mountComponent'

const timeZone = 'Europe/Helsinki'
const phone = '+358 9 4242 4242'

/** An instant `minutes` from now as the contract writes it, to the second. */
const inMinutes = (minutes: number) =>
  Temporal.Now.zonedDateTimeISO(timeZone)
    .add({ minutes })
    .round({ smallestUnit: 'second', roundingMode: 'floor' })
    .toString({ timeZoneName: 'never' })

const receipt = (overrides: Partial<CancellationReceipt>): CancellationReceipt => ({
  state: 'awaiting',
  at: null,
  reason: null,
  acknowledgeBy: inMinutes(60),
  phone,
  ...overrides,
})

const shown = (value: CancellationReceipt | null) =>
  mountComponent(<CancelReceipt receipt={value} timeZone={timeZone} />)
const text = (element: Element | null) => element && textOf(element)

describe('the receipt of a cancellation on the trip detail', () => {
  afterEach(() => vi.useRealTimers())

  it('waits before the deadline, and turns into an alert to call at the deadline itself, by one timer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'Date'] })
    const screen = shown(receipt({ acknowledgeBy: inMinutes(10) }))
    expect(text(screen)).toBe('Waiting for the transport service to confirm the cancellation.')
    expect(screen.querySelector('[role="alert"]')).toBeNull()
    expect(vi.getTimerCount()).toBe(1)
    await act(() => vi.advanceTimersByTimeAsync(10 * 60_000 - 1_000))
    expect(screen.querySelector('[role="alert"]')).toBeNull()
    await act(() => vi.advanceTimersByTimeAsync(1_000))
    const alert = screen.querySelector('[role="alert"]')!
    expect(text(alert)).toBe(
      `The transport service has not confirmed the cancellation. Call ${phone} so that the car does not come.`,
    )
    expect(alert.querySelector('a')?.getAttribute('href')).toBe('tel:+358942424242')
    expect(vi.getTimerCount()).toBe(0)
  })

  it('says to call the transport service when it has no number', () => {
    const screen = shown(receipt({ acknowledgeBy: inMinutes(-1), phone: null }))
    expect(text(screen.querySelector('[role="alert"]'))).toBe(
      'The transport service has not confirmed the cancellation. Call the transport service so that the car does not come.',
    )
  })

  it('says when the transport service received it: the time today, with the date before today', () => {
    const today = Temporal.Now.zonedDateTimeISO(timeZone).startOfDay().add({ minutes: 1 })
    const at = today.toString({ timeZoneName: 'never' })
    expect(text(shown(receipt({ state: 'received', at, acknowledgeBy: inMinutes(-5) })))).toBe(
      'Received by the transport service at 00:01',
    )
    const before = today.subtract({ days: 1 })
    const date = `${before.day}.${before.month}.${before.year}`
    expect(text(shown(receipt({ state: 'received', at: before.toString({ timeZoneName: 'never' }) })))).toBe(
      `Received by the transport service on ${date} at 00:01`,
    )
  })

  it('alerts that the transport service refused it, why, and the number to call', () => {
    const screen = shown(
      receipt({ state: 'refused', at: inMinutes(-1), reason: 'The car is already on its way' }),
    )
    const alert = screen.querySelector('[role="alert"]')!
    expect(text(alert)).toBe(
      `The transport service could not cancel the trip: The car is already on its way Call ${phone}`,
    )
    expect(alert.querySelector('a')?.getAttribute('href')).toBe('tel:+358942424242')
  })

  it('shows nothing when no receipt is tracked', () => {
    expect(shown(null).innerHTML).toBe('')
  })
})
