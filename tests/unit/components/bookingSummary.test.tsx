// @vitest-environment happy-dom
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SummaryStep } from '../../../src/components/booking/SummaryStep'
import { stepOf } from '../../../machines/booking.machine'
import { apiFailure, atSummary, settle, type Booking, type Fakes } from '../machines/bookingFixtures'
import { elementsByTag, textOf } from '../screens/support/text'

// React warns unless it knows act() drives the updates.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const unmounts: (() => void)[] = []
afterEach(() => unmounts.splice(0).forEach((unmount) => unmount()))

function Summary({ booking }: { booking: Booking }) {
  const snapshot = useSelector(booking.actor, (current) => current)
  return <SummaryStep snapshot={snapshot} send={booking.actor.send} />
}

/** The summary step over a wizard at the summary (home to school at 10:00 on 21.11.2026), in a router for its link. */
async function mountSummary(fakes: Fakes = {}) {
  const booking = await atSummary(fakes)
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <Summary booking={booking} /> }),
    history: createMemoryHistory({ initialEntries: ['/booking'] }),
  })
  const container = document.body.appendChild(document.createElement('div'))
  const root = createRoot(container)
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } })
  await act(async () =>
    root.render(
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>,
    ),
  )
  unmounts.push(() => {
    act(() => root.unmount())
    container.remove()
  })
  const text = () => textOf(container)
  const button = (label: string) =>
    elementsByTag(container, 'button').find((candidate) => textOf(candidate) === label) as
      HTMLButtonElement | undefined
  const click = async (label: string) => {
    await act(async () => button(label)!.click())
    await act(settle)
  }
  await vi.waitFor(() => expect(text()).toContain('Passenger'))
  return { booking, text, button, click }
}

describe("the booking wizard's summary", () => {
  it('shows the order in words with its deductible, and saves it: Confirmed, with the return trip and a new booking', async () => {
    const summary = await mountSummary()
    expect(summary.text()).toContain('Passenger Ella Järvinen Date 21.11.2026 Departure time 10:00')
    expect(summary.text()).toContain('From Koti, Kotikatu 1, 02100 Espoo')
    expect(summary.text()).toContain('Deductible: €3.20')
    expect(summary.button('Book the trip')!.disabled).toBe(false)

    await summary.click('Book the trip')
    expect(summary.text()).toContain('Confirmed')
    expect(summary.text()).toContain('Go to trips')
    // Saved: no second save, no going back.
    expect(summary.button('Book the trip')).toBeUndefined()
    expect(summary.button('Back')).toBeUndefined()
    expect(summary.button('New booking')).toBeDefined()
    await summary.click('Create return booking')
    expect(stepOf(summary.booking.actor.getSnapshot())).toBe(7)
  })

  it("says 'Booking failed' with the server's message on a 400", async () => {
    const summary = await mountSummary({
      create: () => Promise.reject(apiFailure(400, { code: 'no_quota', message: 'No trips are left.' })),
    })
    await summary.click('Book the trip')
    expect(summary.text()).toContain('Booking failed No trips are left.')
    // Everything is kept: the user may go back or save again.
    expect(summary.button('Book the trip')!.disabled).toBe(false)
    expect(summary.button('Back')).toBeDefined()
  })

  it('says only "Booking failed" on another status, and the municipality text for a municipality refusal', async () => {
    const failed = await mountSummary({
      create: () => Promise.reject(apiFailure(500, { code: 'internal', message: 'Internal error' })),
    })
    await failed.click('Book the trip')
    expect(failed.text()).toContain('Booking failed')
    expect(failed.text()).not.toContain('Internal error')
    unmounts.splice(0).forEach((unmount) => unmount())

    const municipality = await mountSummary({
      create: () =>
        Promise.reject(
          apiFailure(400, { code: 'outside_municipality', message: 'Outside the municipality' }),
        ),
    })
    await municipality.click('Book the trip')
    expect(municipality.text()).toContain(
      'Booking failed The trip must stay within the municipality of the transportation permission.',
    )
  })

  it('says plainly that saving needs a connection when the save cannot reach the server', async () => {
    const summary = await mountSummary({ create: () => Promise.reject(apiFailure(0)) })
    await summary.click('Book the trip')
    expect(summary.text()).toContain(
      'Saving a booking needs a network connection. Everything you entered is kept',
    )
    expect(summary.button('Book the trip')!.disabled).toBe(false)
  })

  it('says when the price could not be fetched, and fetches it again on request', async () => {
    const estimate = vi.fn().mockRejectedValueOnce(apiFailure(500)).mockResolvedValue({ deductible: 4.5 })
    const summary = await mountSummary({ estimate })
    expect(summary.text()).toContain('Price fetching failed, try again')
    await summary.click('Try again')
    expect(summary.text()).toContain('Deductible: €4.50')
    expect(estimate).toHaveBeenCalledTimes(2)
  })
})
