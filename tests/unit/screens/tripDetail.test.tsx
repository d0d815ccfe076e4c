// @vitest-environment happy-dom
import { Temporal } from 'temporal-polyfill'
import { describe, expect, it, vi } from 'vitest'
import type { ApiClient } from '../../../src/api/client'
import type { Platform } from '../../../src/app/platform'
import { tripStatusCodes, type Trip, type TripStatusCode } from '../../../src/contract/trip'
import { elementsByTag, textOf } from './support/text'
import { fakePlatform, mountScreen, waitForText } from './support/mount'
import { anna, dayFromToday, shownDate, tripOn } from './support/data'
import { account } from '../db/samples'

const tomorrow = dayFromToday(1)

async function annasTrip() {
  return fakePlatform({
    account,
    passengers: [anna],
    places: {},
    trips: {
      p1: [
        tripOn('t1', anna, tomorrow, ['10:00', '10:30'], {
          carName: 'Taxi 12',
          carRegisterNumber: 'ABC-123',
          driverName: 'Matti Meikäläinen',
          note: 'Wheelchair',
        }),
        tripOn('t2', anna, tomorrow, ['15:00', '15:30']),
      ],
    },
  })
}

describe('the trip detail screen', { timeout: 20_000 }, () => {
  it('shows the trip the address names: passenger, times, route, car, driver and note', async () => {
    const screen = await mountScreen(await annasTrip(), `/trips/t1/${tomorrow}`)
    // The cancel button shows once the outbox has been read too.
    const text = await waitForText(screen, 'Cancel trip')
    expect(elementsByTag(screen.main(), 'h1').map(textOf)).toEqual(['Trip details'])
    expect(text).toContain(`AA Anna Aalto ${shownDate(tomorrow)} 10:00–10:30`)
    expect(text).toContain('Route 10:00 From Koti, Kotikatu 1, Espoo 10:30 To Koulu, Koulutie 2, Espoo')
    expect(text).toContain('Car Taxi 12 Registration number ABC-123')
    expect(text).toContain('Driver Matti Meikäläinen')
    expect(text).toContain('Note Wheelchair')
    expect(text).not.toContain('15:00')
  })

  it('says so when the local data has no such trip', async () => {
    const screen = await mountScreen(await annasTrip(), `/trips/t9/${tomorrow}`)
    const text = await waitForText(screen, 'Trip not found.')
    expect(text).not.toContain('Anna Aalto')
  })
})

const timeZone = 'Europe/Helsinki'

/** Anna's trip starting `minutes` from now (to the minute), 30 minutes long, as the local data has it. */
function tripStartingIn(minutes: number, overrides: Partial<Trip> = {}): Trip {
  const start = Temporal.Now.zonedDateTimeISO(timeZone)
    .round({ smallestUnit: 'minute', roundingMode: 'ceil' })
    .add({ minutes })
  const iso = (time: Temporal.ZonedDateTime) => time.toString({ timeZoneName: 'never' })
  const trip = tripOn('t1', anna, start.toPlainDate().toString(), ['10:00', '10:30'], {
    status: { code: tripStatusCodes.Booked, eta: null, etd: null, ata: null, carLocation: null },
    ...overrides,
  })
  return { ...trip, startDateTime: iso(start), endDateTime: iso(start.add({ minutes: 30 })) }
}

/** The platform over Anna's trip, with an API whose trip status answers the trip with `code` (EnRoute, leaving at its start). */
async function trackedPlatform(trip: Trip, code: TripStatusCode = tripStatusCodes.EnRoute) {
  const platform = await fakePlatform({ account, passengers: [anna], places: {}, trips: { p1: [trip] } })
  const call = vi.fn(async (name: string, args: unknown, etag: string | null) => {
    if (name !== 'tripStatus') throw new Error(`Unexpected call ${name}`)
    const status = { code, eta: null, etd: trip.startDateTime, ata: null, carLocation: null }
    return Promise.resolve({ changed: true, data: { ...trip, status }, etag: etag ?? '"v1"' })
  })
  const client = { callIfChanged: call } as unknown as ApiClient
  const tracked: Platform = { ...platform, api: () => Promise.resolve(client) }
  return { platform: tracked, call }
}

describe('the trip detail screen: tracking', { timeout: 20_000 }, () => {
  it('shows the status panel for a trip starting within 30 minutes that allows ETA queries', async () => {
    const trip = tripStartingIn(10)
    const { platform, call } = await trackedPlatform(trip)
    const screen = await mountScreen(platform, `/trips/t1/${trip.date}`)
    const text = await waitForText(screen, 'The car is on its way')
    const departure = Temporal.Instant.from(trip.startDateTime).toZonedDateTimeISO(timeZone)
    const clock = departure.toPlainTime().toString({ smallestUnit: 'minute' })
    expect(text).toMatch(
      new RegExp(
        `Tracking The car is on its way Estimated departure ${clock} (10|11) minutes left Updated \\d\\d:\\d\\d Map`,
      ),
    )
    expect(call).toHaveBeenCalledWith(
      'tripStatus',
      { body: { passengerId: 'p1', tripId: 't1', date: trip.date } },
      null,
    )
    const bar = screen.main().querySelector('[role="progressbar"]')
    expect(bar?.getAttribute('aria-valuetext')).toMatch(/^(10|11) minutes left$/)
    const live = screen.main().querySelector('[aria-live="polite"]')
    expect(live?.textContent).toMatch(
      new RegExp(`^The car is on its way\\. Estimated departure ${clock}\\. (10|11) minutes left$`),
    )
  })

  it('shows the local trip’s status as the last known one when the server cannot be reached', async () => {
    const trip = tripStartingIn(5, {
      status: { code: tripStatusCodes.CarWaiting, eta: null, etd: null, ata: null, carLocation: null },
    })
    const { platform, call } = await trackedPlatform(trip)
    call.mockRejectedValue(new Error('The service cannot be reached'))
    const screen = await mountScreen(platform, `/trips/t1/${trip.date}`)
    await waitForText(screen, 'this is the last known status')
    // The time of the last pull, once the local data has given it.
    const text = await waitForText(screen, 'Updated ')
    expect(text).toMatch(
      /Tracking The car is waiting outside Updated \d\d:\d\d The service cannot be reached: this is the last known status\. Map/,
    )
    expect(text).not.toContain('minutes left')
    expect(call).toHaveBeenCalled()
  })

  /** The screen has settled on no panel: its other data shows, and no panel or announcement does. */
  function expectNoPanel(screen: Awaited<ReturnType<typeof mountScreen>>) {
    expect(elementsByTag(screen.main(), 'h2').map(textOf)).not.toContain('Tracking')
    expect(screen.main().querySelector('[role="progressbar"]')).toBeNull()
    expect(screen.main().querySelector('[aria-live="polite"]')?.textContent).toBe('')
  }

  it('shows no panel for a trip that does not allow ETA queries, though its status comes', async () => {
    const trip = tripStartingIn(-5, { allowEtaQuery: false })
    const { platform } = await trackedPlatform(trip, tripStatusCodes.Pickup)
    const screen = await mountScreen(platform, `/trips/t1/${trip.date}`)
    await waitForText(screen, 'Anna Aalto')
    // The pickup notice is raised as the answer is stored, in the step that gives the screen its status; the
    // screen has rendered that status before this wait's next look.
    await vi.waitFor(() =>
      expect(platform.notices.send).toHaveBeenCalledWith({
        type: 'notice.push',
        notice: expect.objectContaining({ key: `pickup:t1:${trip.date}` }),
      }),
    )
    expectNoPanel(screen)
  })

  it('asks for no status while the trip starts in more than 30 minutes, and from 30 minutes before it does', async () => {
    // Simulated time: the screen's timers and clock move only when the test moves them (and as real time passes).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true })
    try {
      const trip = tripStartingIn(45)
      const { platform, call } = await trackedPlatform(trip)
      const screen = await mountScreen(platform, `/trips/t1/${trip.date}`)
      await waitForText(screen, 'Cancel trip')
      const cutoff = Temporal.Instant.from(trip.startDateTime).subtract({ minutes: 30 }).epochMilliseconds
      // A minute before the cutoff, after every timer and promise due until then has run: still nothing asked.
      await vi.advanceTimersByTimeAsync(cutoff - Date.now() - 60_000)
      expect(call).not.toHaveBeenCalled()
      expectNoPanel(screen)
      // Just past the cutoff: the first poll, whose answer shows the panel.
      await vi.advanceTimersByTimeAsync(61_000)
      await waitForText(screen, 'Estimated departure')
      expect(call).toHaveBeenCalledTimes(1)
    } finally {
      vi.useRealTimers()
    }
  })

  it('raises the pickup notice when a poll shows the passenger picked up', async () => {
    const trip = tripStartingIn(-5)
    const { platform } = await trackedPlatform(trip, tripStatusCodes.Pickup)
    const screen = await mountScreen(platform, `/trips/t1/${trip.date}`)
    await waitForText(screen, 'Estimated arrival')
    expect(platform.notices.send).toHaveBeenCalledWith({
      type: 'notice.push',
      notice: expect.objectContaining({
        message: 'Passenger picked up: Anna Aalto',
        key: `pickup:t1:${trip.date}`,
      }),
    })
  })
})
