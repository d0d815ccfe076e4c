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
    const text = await waitForText(screen, 'Estimated departure')
    const departure = Temporal.Instant.from(trip.startDateTime).toZonedDateTimeISO(timeZone)
    const clock = departure.toPlainTime().toString({ smallestUnit: 'minute' })
    expect(text).toMatch(new RegExp(`Tracking Estimated departure ${clock} (10|11) minutes left`))
    expect(call).toHaveBeenCalledWith(
      'tripStatus',
      { body: { passengerId: 'p1', tripId: 't1', date: trip.date } },
      null,
    )
    const bar = screen.main().querySelector('[role="progressbar"]')
    expect(bar?.getAttribute('aria-valuetext')).toMatch(/^(10|11) minutes left$/)
    const live = screen.main().querySelector('[aria-live="polite"]')
    expect(live?.textContent).toMatch(new RegExp(`^Estimated departure ${clock}\\. (10|11) minutes left$`))
  })

  /** The screen has settled on no panel: its other data shows, and no panel or announcement does. */
  function expectNoPanel(screen: Awaited<ReturnType<typeof mountScreen>>) {
    expect(elementsByTag(screen.main(), 'h2').map(textOf)).not.toContain('Tracking')
    expect(screen.main().querySelector('[role="progressbar"]')).toBeNull()
    expect(screen.main().querySelector('[aria-live="polite"]')?.textContent).toBe('')
  }

  it('shows no panel for a trip that does not allow ETA queries, though its status comes', async () => {
    const trip = tripStartingIn(10, { allowEtaQuery: false })
    const { platform, call } = await trackedPlatform(trip)
    const screen = await mountScreen(platform, `/trips/t1/${trip.date}`)
    await waitForText(screen, 'Cancel trip')
    await vi.waitFor(() => expect(call.mock.settledResults[0]?.type).toBe('fulfilled'))
    // One more turn for React to render what the answer changed.
    await new Promise((resolve) => setTimeout(resolve, 0))
    expectNoPanel(screen)
  })

  it('shows no panel and asks for no status for a trip starting in more than 30 minutes', async () => {
    const trip = tripStartingIn(45)
    const { platform, call } = await trackedPlatform(trip)
    const screen = await mountScreen(platform, `/trips/t1/${trip.date}`)
    await waitForText(screen, 'Cancel trip')
    expect(call).not.toHaveBeenCalled()
    expectNoPanel(screen)
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
