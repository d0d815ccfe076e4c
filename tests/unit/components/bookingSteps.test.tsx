// @vitest-environment happy-dom
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { act, type ComponentType } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { QuotaStep } from '../../../src/components/booking/QuotaStep'
import type { StepProps } from '../../../src/components/booking/stepProps'
import { SummaryStep } from '../../../src/components/booking/SummaryStep'
import { stepOf } from '../../../machines/booking/booking.machine'
import {
  apiFailure,
  atQuota,
  atSummary,
  settle,
  hobbyQuota,
  schoolQuota,
  usedUpQuota,
  type Booking,
  type Fakes,
} from '../machines/bookingFixtures'
import { elementsByTag, textOf } from '../screens/support/text'

const twoQuotas = [schoolQuota, hobbyQuota]

// React warns unless it knows act() drives the updates.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const unmounts: (() => void)[] = []
afterEach(() => unmounts.splice(0).forEach((unmount) => unmount()))

function Step({ booking, step: Shown }: { booking: Booking; step: ComponentType<StepProps> }) {
  const snapshot = useSelector(booking.actor, (current) => current)
  return <Shown snapshot={snapshot} send={booking.actor.send} />
}

/** A step over a running wizard, in a router for its links. */
async function mountStep(booking: Booking, step: ComponentType<StepProps>) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <Step booking={booking} step={step} /> }),
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
  const radios = () =>
    elementsByTag(container, 'input').filter(
      (input) => (input as HTMLInputElement).type === 'radio',
    ) as HTMLInputElement[]
  await vi.waitFor(() => expect(text()).not.toBe(''))
  return { booking, text, button, click, radios }
}

/** The summary step over a wizard at the summary (home to school at 10:00 on 21.11.2026). */
async function mountSummary(fakes: Fakes = {}) {
  return mountStep(await atSummary(fakes), SummaryStep)
}

describe("the booking wizard's quota step", () => {
  it('lists the quotas with the trips left, the first with trips chosen and one used up not choosable', async () => {
    const step = await mountStep(
      await atQuota({ quotas: async () => [usedUpQuota, ...twoQuotas] }),
      QuotaStep,
    )
    expect(step.text()).toContain('Which transportation permission is the trip on?')
    expect(step.radios().map((radio) => [radio.checked, radio.disabled])).toEqual([
      [false, true],
      [true, false],
      [false, false],
    ])
    expect(step.text()).toContain('No trips left')
    expect(step.text()).toContain('10 trips left')
    await act(async () => step.radios()[2]!.click())
    expect(step.booking.context().order.quota?.id).toBe(twoQuotas[1]!.id)
  })

  it('says the passenger has no quota for the date, and whom to ask', async () => {
    const step = await mountStep(await atQuota({ quotas: async () => [] }), QuotaStep)
    expect(step.text()).toContain('The passenger has no transportation permission for this date')
    expect(step.text()).toContain('contact your transport service provider')
    expect(step.radios()).toEqual([])
  })

  it('offers to fetch the quotas again when they could not be fetched', async () => {
    const quotas = vi.fn().mockRejectedValueOnce(apiFailure(500)).mockResolvedValue(twoQuotas)
    const step = await mountStep(await atQuota({ quotas }), QuotaStep)
    expect(step.text()).toContain('Transportation permissions could not be fetched')
    await step.click('Try again')
    expect(step.radios()).toHaveLength(2)
  })
})

describe("the booking wizard's summary", () => {
  it('shows the order in words with its deductible, and saves it: Confirmed, with the return trip and a new booking', async () => {
    const summary = await mountSummary()
    expect(summary.text()).toContain('Passenger Ella Järvinen Date 21.11.2026 Departure time 10:00')
    expect(summary.text()).toContain('From Koti Kotikatu 1, 02100 Espoo')
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

  it('says to wait a moment when the user is over the limit (429), for the price and for the save', async () => {
    const summary = await mountSummary({
      estimate: () => Promise.reject(apiFailure(429, { code: 'too_many_requests', message: 'Too many' })),
      create: () => Promise.reject(apiFailure(429, { code: 'too_many_requests', message: 'Too many' })),
    })
    const wait = 'Too many requests in a short time. Wait a moment and try again.'
    expect(summary.text()).toContain(`Price fetching failed, try again ${wait}`)
    await summary.click('Book the trip')
    expect(summary.text()).toContain(`Booking failed ${wait}`)
    expect(summary.button('Book the trip')!.disabled).toBe(false)
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
