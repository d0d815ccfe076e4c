// @vitest-environment happy-dom
import { useSelector } from '@xstate/react'
import { act, type ComponentType } from 'react'
import { describe, expect, it } from 'vitest'
import { mountComponent } from '../support/mountComponent'
import { AdditionalInfoStep } from '../../../../src/components/booking/AdditionalInfoStep'
import type { StepProps } from '../../../../src/components/booking/stepProps'
import { TripStep } from '../../../../src/components/booking/TripStep'
import { viaPointRemovalStatusMs } from '../../../../src/domain/booking/viaPoints'
import {
  apiFailure,
  atQuota,
  deviationQuota,
  home,
  library,
  school,
  settle,
  type Booking,
  type Fakes,
} from '../../machines/bookingFixtures'
import { quotaWith } from '../../domain/booking/fixtures'

/** Renders a step over the live machine, as the wizard does: every snapshot re-renders it. */
function mountStep(Step: ComponentType<StepProps>, booking: Booking) {
  function Live() {
    const snapshot = useSelector(booking.actor, (state) => state)
    return <Step snapshot={snapshot} send={booking.actor.send} />
  }
  const container = mountComponent(<Live />)
  const text = () => container.textContent ?? ''
  const field = (label: string) => {
    const target = [...container.querySelectorAll('label')].find((node) => node.textContent === label)
    return container.querySelector<HTMLInputElement>(`[id="${target?.htmlFor}"]`)!
  }
  const button = (name: string) =>
    [...container.querySelectorAll('button')].find((node) => node.textContent === name)!
  const type = (input: HTMLInputElement, value: string) =>
    act(() => {
      // React reads the value through the prototype's setter, as a browser's typing sets it.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value)
      input.dispatchEvent(new Event('input', { bubbles: true }))
    })
  const send = (...events: Parameters<Booking['send']>) => act(() => booking.send(...events))
  return { container, text, field, button, type, send }
}

async function atTrip(fakes: Fakes = {}) {
  const booking = await atQuota(fakes)
  booking.send({ type: 'wizard.next' })
  expect(booking.step()).toBe(4)
  return booking
}

async function atAdditionalInfo(fakes: Fakes = {}) {
  const booking = await atTrip(fakes)
  booking.send(
    { type: 'time.change', time: 600 },
    { type: 'from.change', place: home },
    { type: 'to.change', place: school },
    { type: 'wizard.next' },
  )
  expect(booking.step()).toBe(5)
  return booking
}

const only = (quota: ReturnType<typeof quotaWith>): Fakes => ({ quotas: () => Promise.resolve([quota]) })

describe('the trip step', () => {
  it('shows the order’s time, its mode, and no apartments when only saved places are allowed', async () => {
    const step = mountStep(TripStep, await atTrip())
    // Now is 08:00 in Helsinki: the default time is 5 minutes later.
    expect(step.field('Time').value).toBe('08:05')
    expect(step.container.querySelector<HTMLInputElement>('input[type="radio"]')!.checked).toBe(true)
    expect(step.text()).not.toContain('Apartment')
  })

  it('sends the typed time as minutes, and says when it cannot be read', async () => {
    const booking = await atTrip()
    const step = mountStep(TripStep, booking)
    step.type(step.field('Time'), '930')
    expect(booking.context().order.time).toBe(570)
    step.type(step.field('Time'), '2561')
    expect(booking.context().order.time).toBeNull()
    expect(step.text()).toContain('Check the time: hours 00–23 and minutes 00–59')
  })

  it('keeps typing a return time before the outbound one as typed, and says it is on the next day', async () => {
    const booking = await atAdditionalInfo()
    booking.send({ type: 'wizard.next' }, { type: 'booking.save' })
    await settle()
    booking.send({ type: 'booking.return' })
    const step = mountStep(TripStep, booking)
    expect(step.field('Time').value).toBe('11:00')
    expect(step.text()).not.toContain('next day')
    step.type(step.field('Time'), '003')
    // Each keystroke stays as typed, though the order holds the next day's minutes.
    expect(step.field('Time').value).toBe('003')
    step.type(step.field('Time'), '0030')
    expect(step.field('Time').value).toBe('0030')
    expect(booking.context().order.time).toBe(1440 + 30)
    expect(step.text()).toContain(
      "Earlier than the outbound trip's time: the return is on the next day, 22.11.2026.",
    )
  })

  it('offers apartments with free places', async () => {
    const booking = await atTrip(only(quotaWith({ id: 'q-free', tripDestinations: 3 })))
    const step = mountStep(TripStep, booking)
    expect(step.container.querySelectorAll('input[role="combobox"]')).toHaveLength(2)
    step.type(step.field('Apartment (optional)'), 'B 12')
    expect(booking.context().order.fromApartment).toBe('B 12')
  })

  it('shows each place clash under its own field', async () => {
    const booking = await atTrip()
    const step = mountStep(TripStep, booking)
    step.send({ type: 'from.change', place: home }, { type: 'to.change', place: home })
    expect(step.text()).toContain('The from and to addresses cannot be the same place.')
    step.send(
      { type: 'to.change', place: school },
      { type: 'via.add' },
      { type: 'via.change', index: 0, place: home },
      { type: 'via.add' },
      { type: 'via.change', index: 1, place: library },
      { type: 'via.add' },
      { type: 'via.change', index: 2, place: library },
    )
    const groups = [...step.container.querySelectorAll('[role="group"]')].map((group) => group.textContent)
    expect(groups[0]).toContain('A via point cannot be the same place as the from or to address.')
    expect(groups[1]).not.toContain('same place')
    expect(groups[2]).toContain('This via point is the same place as an earlier via point.')
  })

  it('adds a via point waiting 10 minutes, and says for 2 s that one was removed', async () => {
    const booking = await atTrip()
    const step = mountStep(TripStep, booking)
    act(() => step.button('Add via point').click())
    expect(step.field('Wait time').value).toBe('10')
    expect([...step.field('Wait time').querySelectorAll('option')].map((option) => option.value)).toEqual([
      '0',
      '5',
      '10',
    ])
    act(() => step.button('Remove via point 1').click())
    expect(booking.context().order.viaPoints).toEqual([])
    const status = [...step.container.querySelectorAll('[role="status"]')].find((node) =>
      node.textContent?.includes('Via point removed'),
    )
    expect(status).toBeDefined()
    expect(document.activeElement).toBe(step.button('Add via point'))
    act(() => booking.clock.increment(viaPointRemovalStatusMs))
    expect(step.text()).not.toContain('Via point removed')
  })

  it('has no via points when the quota does not allow them', async () => {
    const step = mountStep(TripStep, await atTrip(only(quotaWith({ allowViaPoints: false }))))
    expect(step.text()).not.toContain('Add via point')
  })

  it('warns with the deviation and the maximum when the via points go too far', async () => {
    const booking = await atTrip({
      ...only(deviationQuota),
      route: (points) =>
        Promise.resolve({
          routeWithViaPointDistance: points.length > 2 ? 8.5 : 5,
          routeWithViaPointDuration: 900,
          originalRouteDistance: 5,
        }),
    })
    const step = mountStep(TripStep, booking)
    step.send(
      { type: 'from.change', place: home },
      { type: 'to.change', place: school },
      { type: 'via.add' },
      { type: 'via.change', index: 0, place: library },
    )
    await act(settle)
    expect(step.text()).toContain(
      'The via points make the route 3.5 km longer; this quota allows at most 2 km.',
    )
  })

  it('tells that the route failed without keeping the user from going on', async () => {
    const booking = await atTrip({ route: () => Promise.reject(new Error('down')) })
    const step = mountStep(TripStep, booking)
    step.send({ type: 'from.change', place: home }, { type: 'to.change', place: school })
    await act(settle)
    expect(step.text()).toContain('The route could not be checked just now.')
    expect(booking.can({ type: 'wizard.next' })).toBe(true)
  })

  it('says to wait a moment when the route is over the limit (429)', async () => {
    const booking = await atTrip({
      route: () => Promise.reject(apiFailure(429, { code: 'too_many_requests', message: 'Too many' })),
    })
    const step = mountStep(TripStep, booking)
    step.send({ type: 'from.change', place: home }, { type: 'to.change', place: school })
    await act(settle)
    expect(step.text()).toContain(
      'Too many requests in a short time. Wait a moment and try again. The route could not be checked just now.',
    )
    expect(booking.can({ type: 'wizard.next' })).toBe(true)
  })

  it('warns that an express trip is used when the departure is near', async () => {
    const booking = await atTrip(
      only(quotaWith({ expressQuotaTimeLimit: 120, remainingExpressQuota: 2, tripDestinations: 2 })),
    )
    const step = mountStep(TripStep, booking)
    expect(step.text()).toContain('this booking uses an express trip')
  })
})

describe('the additional info step', () => {
  it('shows how a national phone number is saved', async () => {
    const booking = await atAdditionalInfo()
    const step = mountStep(AdditionalInfoStep, booking)
    expect(step.field('Phone number for this trip').value).toBe('040 123 4567')
    expect(step.text()).toContain('It is saved as +358 40 123 4567.')
    step.type(step.field('Phone number for this trip'), '+358 40 1')
    expect(booking.context().order.phone).toBe('+358 40 1')
    expect(step.text()).toContain('A number starting with 0 gets the country code +358.')
  })

  it('allows one passenger and no extras on an ordinary quota', async () => {
    const extras = [{ extraId: 'wheelchair', name: 'Wheelchair', selected: false }]
    const booking = await atAdditionalInfo(only(quotaWith({ tripDestinations: 2, extras })))
    const step = mountStep(AdditionalInfoStep, booking)
    expect(step.text()).not.toContain('Wheelchair')
    step.type(step.field('Number of passengers'), '2')
    expect(booking.context().order.passengerCount).toBe(2)
    expect(step.text()).toContain('This quota allows only 1 passenger.')
    expect(booking.can({ type: 'wizard.next' })).toBe(false)
  })

  it('offers extra passengers and the extras on a VPL quota', async () => {
    const extras = [{ extraId: 'wheelchair', name: 'Wheelchair', selected: false }]
    const booking = await atAdditionalInfo(
      only(quotaWith({ decisionType: 'VPL', tripDestinations: 2, extras })),
    )
    const step = mountStep(AdditionalInfoStep, booking)
    step.type(step.field('Number of passengers'), '3')
    expect(step.container.querySelector('[aria-invalid="true"]')).toBeNull()
    const extra = [...step.container.querySelectorAll('label')].find((label) =>
      label.textContent?.includes('Wheelchair'),
    )!
    act(() => extra.querySelector('input')!.click())
    expect(booking.context().order.quota?.extras[0]?.selected).toBe(true)
  })
})
