// @vitest-environment happy-dom
import { Temporal } from 'temporal-polyfill'
import { describe, expect, it, vi } from 'vitest'
import type { ApiClient, ConditionalResult } from '../../../src/api/client'
import { ApiRequestError } from '../../../src/api/errors'
import type { TrackedTrip } from '../../../src/contract/tracking'
import { tripStatusCodes, type TripStatusCode } from '../../../src/contract/trip'
import { mountScreen, publicPlatform, waitForText } from './support/mount'

const timeZone = 'Europe/Helsinki'
const link = 'abcdefghijklmnopqrstuv'

/** The trip a link shows, starting `minutes` from now (to the minute), 30 minutes long, with status `code`. */
function linkTrip(minutes: number, code: TripStatusCode = tripStatusCodes.EnRoute): TrackedTrip {
  const start = Temporal.Now.zonedDateTimeISO(timeZone)
    .round({ smallestUnit: 'minute', roundingMode: 'ceil' })
    .add({ minutes })
  const iso = (time: Temporal.ZonedDateTime) => time.toString({ timeZoneName: 'never' })
  const address = (street: string) => ({ address: street, lat: null, lng: null })
  return {
    id: 't1',
    date: start.toPlainDate().toString(),
    passengerName: 'Anna',
    startDateTime: iso(start),
    endDateTime: iso(start.add({ minutes: 30 })),
    startAddress: address('Kotikatu 1, Espoo'),
    endAddress: address('Koulutie 2, Espoo'),
    viaPoints: [{ viaPointAddress: address('Terveystie 4, Espoo'), time: null, waitTime: 5 }],
    carName: 'Taxi 12',
    carRegisterNumber: 'ABC-123',
    cancelledAt: null,
    pickupTime: null,
    dropoffTime: null,
    noShowTime: null,
    status: { code, eta: null, etd: iso(start), ata: null, carLocation: null },
    validUntil: iso(start.add({ hours: 2 })),
  }
}

const refused = (status: number, code: string) =>
  new ApiRequestError(status, { statusCode: status, code, message: code })

/** A public platform whose `GET api/track/{link}` answers each call in turn from `answers` (the last repeats). */
function trackingApi(...answers: (TrackedTrip | ApiRequestError)[]) {
  let calls = 0
  const callIfChanged = vi.fn(async (name: string): Promise<ConditionalResult<'trackTrip'>> => {
    if (name !== 'trackTrip') throw new Error(`Unexpected call ${name}`)
    const answer = answers[Math.min(calls++, answers.length - 1)]
    if (!answer) throw new Error('No answer')
    if (answer instanceof ApiRequestError) throw answer
    return { changed: true, data: answer, etag: `"v${calls}"` }
  })
  const call = vi.fn(() => Promise.reject(new Error('Only tracking calls on /track')))
  const platform = publicPlatform({ call, callIfChanged } as unknown as ApiClient)
  return { platform, callIfChanged }
}

describe('the tracking link screen', { timeout: 20_000 }, () => {
  it('shows an office the trip: first name, times, places, status and car, and nothing to cancel or call', async () => {
    const trip = linkTrip(10)
    const { platform, callIfChanged } = trackingApi(trip)
    const screen = await mountScreen(platform, `/track/${link}`)
    const text = await waitForText(screen, 'Estimated departure')
    const clock = (iso: string) =>
      Temporal.Instant.from(iso)
        .toZonedDateTimeISO(timeZone)
        .toPlainTime()
        .toString({ smallestUnit: 'minute' })
    expect(text).toContain(`Track a trip Anna`)
    expect(text).toContain(`${clock(trip.startDateTime)}–${clock(trip.endDateTime)}`)
    expect(text).toContain('From Kotikatu 1, Espoo')
    expect(text).toContain('Via Terveystie 4, Espoo wait 5 minutes')
    expect(text).toContain('To Koulutie 2, Espoo')
    expect(text).toContain('Car Taxi 12 Registration number ABC-123')
    for (const hidden of ['Cancel trip', 'Phone', 'Driver', 'Note', 'Deductible'])
      expect(text).not.toContain(hidden)
    expect(callIfChanged).toHaveBeenCalledWith('trackTrip', { params: { link } }, null)
    // The first answer's ETag goes with the tracking machine's first poll.
    await vi.waitFor(() =>
      expect(callIfChanged).toHaveBeenCalledWith('trackTrip', { params: { link } }, '"v1"'),
    )
  })

  it('follows the trip: the next answer turns the panel to the estimated arrival', async () => {
    const { platform } = trackingApi(linkTrip(-5), linkTrip(-5, tripStatusCodes.Pickup))
    const screen = await mountScreen(platform, `/track/${link}`)
    await waitForText(screen, 'Estimated arrival')
  })

  it('says the trip has ended once a poll brings the drop-off', async () => {
    const { platform } = trackingApi(linkTrip(-5), linkTrip(-5, tripStatusCodes.DropOff))
    const screen = await mountScreen(platform, `/track/${link}`)
    const text = await waitForText(screen, 'The trip has ended.')
    expect(text).not.toContain('Anna')
  })

  it.each([
    ['an unknown or revoked link', refused(404, 'not_found'), 'Tracking link not found.'],
    [
      'a made-up link the server refuses outright',
      refused(400, 'validation_failed'),
      'Tracking link not found.',
    ],
    [
      'a link before its window',
      refused(404, 'tracking_not_started'),
      'Tracking opens an hour before the trip.',
    ],
    ['a link after its trip', refused(404, 'tracking_ended'), 'The trip has ended.'],
  ])('for %s says so, with no trip', async (_, error, expected) => {
    const { platform } = trackingApi(error)
    const screen = await mountScreen(platform, `/track/nope`)
    const text = await waitForText(screen, expected)
    expect(text).not.toContain('Try again')
    expect(text).not.toContain('Anna')
  })

  it('asks to try again shortly when the server has had too many requests, and then shows the trip', async () => {
    const { platform } = trackingApi(refused(429, 'too_many_requests'), linkTrip(10))
    const screen = await mountScreen(platform, `/track/${link}`)
    await waitForText(screen, 'Too many requests. Try again shortly.')
    const retry = Array.from(screen.main().querySelectorAll('button')).find(
      (button) => button.textContent === 'Try again',
    )
    retry?.click()
    await waitForText(screen, 'Estimated departure')
  })

  it('says not found when the link is revoked while the trip is followed', async () => {
    const { platform } = trackingApi(linkTrip(-5), refused(404, 'not_found'))
    const screen = await mountScreen(platform, `/track/${link}`)
    await waitForText(screen, 'Tracking link not found.')
  })
})
