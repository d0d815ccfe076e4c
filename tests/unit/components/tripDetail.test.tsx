import { describe, expect, it } from 'vitest'
import { CancellationAlert, TripDetails, TripHeader } from '../../../src/components/trips/TripDetails'
import { Calendar } from '../../../src/components/ui/Calendar'
import { StarRating, StarValue } from '../../../src/components/ui/StarRating'
import { tripWith } from '../domain/trips/fixtures'
import { render, textOf } from './render'

const timeZone = 'Europe/Helsinki'

describe('trip detail', () => {
  const trip = tripWith({
    carName: 'Taxi 12',
    carRegisterNumber: 'ABC-123',
    carPhoneNumber: '+358 40 123 4567',
    driverName: 'Matti Meikäläinen',
    deductible: 12.5,
    note: 'Wheelchair',
    viaPoints: [
      {
        viaPointAddress: { alias: null, address: 'Kauppatie 3, Espoo', lat: null, lng: null },
        viaPointPlace: null,
        time: '2026-11-21T10:12:00+02:00',
        waitTime: 5,
      },
    ],
  })

  it('shows the route with times and waits, in order', () => {
    const text = textOf(render(<TripDetails trip={trip} timeZone={timeZone} locale="en" />))
    expect(text).toContain(
      'Route 10:00 From Koti, Kotikatu 1, Espoo 10:12 Via Kauppatie 3, Espoo wait 5 minutes 10:30 To Koulu, Koulutie 2, Espoo',
    )
  })

  it('shows the car, registration, driver, a phone link, the deductible and the note', () => {
    const html = render(<TripDetails trip={trip} timeZone={timeZone} locale="fi" />)
    expect(html).toMatch(/<a href="tel:\+358401234567"[^>]*>.*\+358 40 123 4567<\/a>/)
    const text = textOf(html)
    expect(text).toContain('Car Taxi 12 Registration number ABC-123')
    expect(text).toContain('Driver Matti Meikäläinen')
    expect(html).toContain('12,50\u00a0€')
    expect(text).toContain('Deductible 12,50 € Note Wheelchair')
  })

  it('marks missing values as not given', () => {
    const text = textOf(render(<TripDetails trip={tripWith()} timeZone={timeZone} locale="en" />))
    expect(text).toContain('Car – Not given Registration number – Not given')
    expect(text).toContain('Deductible – Not given')
  })

  it('shows when and why a cancelled trip was cancelled', () => {
    const cancelled = tripWith({ cancelledAt: '2026-11-20T14:03:00+02:00', cancelReason: 'Sick' })
    const text = textOf(render(<CancellationAlert trip={cancelled} timeZone={timeZone} />))
    expect(text).toBe('The trip has been cancelled Cancelled on 20.11.2026 at 14:03 Reason: Sick')
    expect(render(<CancellationAlert trip={tripWith()} timeZone={timeZone} />)).toBe('')
  })

  it('heads the detail with the passenger, the times and a pending cancellation', () => {
    const text = textOf(render(<TripHeader trip={trip} timeZone={timeZone} pendingCancel />))
    expect(text).toBe('EJ Ella Järvinen 21.11.2026 10:00–10:30 Cancellation pending')
  })
})

describe('Calendar', () => {
  const html = render(
    <Calendar
      value="2026-11-23"
      today="2026-11-21"
      locale="en"
      isDisabled={(day) => !['2026-11-21', '2026-11-23'].includes(day)}
      onSelect={() => {}}
    />,
  )

  it('is a grid named by its month, Monday first', () => {
    expect(html).toMatch(/<h2 id="([^"]+)"[^>]*>November 2026<\/h2>.*<table role="grid" aria-labelledby="\1"/)
    expect(html).toMatch(/<th scope="col" abbr="Monday"[^>]*>Mon<\/th>/)
    expect(html.indexOf('abbr="Monday"')).toBeLessThan(html.indexOf('abbr="Sunday"'))
  })

  it('has one tab stop, on the chosen day, which is selected', () => {
    expect(html.match(/tabindex="0"/g)).toHaveLength(1)
    expect(html).toMatch(
      /<td aria-selected="true"[^>]*><button type="button" data-date="2026-11-23" tabindex="0"[^>]*aria-label="Monday, November 23, 2026"/,
    )
  })

  it('disables days without trips, marks today, and names the month buttons', () => {
    expect(html).toMatch(/data-date="2026-11-22"[^>]*aria-disabled="true"/)
    expect(html).not.toMatch(/data-date="2026-11-21"[^>]*aria-disabled="true"/)
    expect(html).toMatch(/data-date="2026-11-21"[^>]*aria-current="date"/)
    expect(html).toContain('aria-label="Previous month"')
    expect(html).toContain('aria-label="Next month"')
  })
})

describe('StarRating', () => {
  it('is a labelled radio group with one named radio per star of the scale', () => {
    const html = render(
      <StarRating label="Driver" value={3} scale={4} onChange={() => {}} required error="Choose a rating" />,
    )
    expect(html).toMatch(/<span id="([^"]+)">Driver<\/span>.*role="radiogroup"[^>]*aria-labelledby="\1"/)
    expect(html).toMatch(/role="radiogroup"[^>]*aria-required="true"[^>]*aria-invalid="true"/)
    expect(html.match(/role="radio"/g)).toHaveLength(4)
    expect(html).toMatch(/role="radio" aria-checked="true"[^>]*aria-label="3 of 4 stars"/)
    expect(textOf(html)).toContain('Choose a rating')
  })

  it('shows a given rating as one image named with its value', () => {
    const html = render(<StarValue value={4} scale={5} />)
    expect(html).toMatch(/role="img" aria-label="4 of 5 stars"/)
    expect(html.match(/fill="currentColor"/g)).toHaveLength(4)
  })
})
