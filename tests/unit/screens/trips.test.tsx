// @vitest-environment happy-dom
import { Temporal } from 'temporal-polyfill'
import { describe, expect, it, vi } from 'vitest'
import { queueCancel } from '../../../src/app/data/commands'
import type { StartRows } from '../../../src/db/startRead'
import { elementsByTag, textOf } from './support/text'
import { fakePlatform, mountScreen, waitForText } from './support/mount'
import { anna, dayFromToday, shownDate, tripOn, ville } from './support/data'
import { account, bookingOf } from '../db/samples'

const tomorrow = dayFromToday(1)
const later = dayFromToday(4)

async function twoPassengersTrips() {
  return fakePlatform({
    account,
    passengers: [anna, ville],
    places: {},
    trips: {
      p1: [tripOn('t1', anna, tomorrow, ['10:00', '10:30']), tripOn('t3', anna, later, ['12:00', '12:20'])],
      p2: [tripOn('t2', ville, tomorrow, ['08:15', '08:40'], { carName: 'Taxi 12' })],
    },
  })
}

/** A trip of today from `from` to `to` minutes from now (its date today even when that crosses midnight). */
function todayTrip(id: string, from: number, to: number) {
  const now = Temporal.Now.zonedDateTimeISO('Europe/Helsinki')
  const at = (minutes: number) => now.add({ minutes }).toString({ timeZoneName: 'never' })
  return {
    ...tripOn(id, anna, dayFromToday(0), ['00:00', '00:00']),
    startDateTime: at(from),
    endDateTime: at(to),
  }
}

describe('the trips screen', { timeout: 20_000 }, () => {
  it('opens on the first day with trips and lists that day’s trips by start time', async () => {
    const screen = await mountScreen(await twoPassengersTrips(), '/trips')
    await waitForText(screen, 'Anna Aalto')
    expect(elementsByTag(screen.main(), 'h1').map(textOf)).toEqual([`Trips ${shownDate(tomorrow)}`])
    const items = elementsByTag(screen.main(), 'li').map(textOf)
    expect(items).toEqual([
      'VV 08:15 Ville Virtanen Car: Taxi 12 From: Koti, Kotikatu 1, Espoo To: Koulu, Koulutie 2, Espoo',
      'AA 10:00 Anna Aalto Waiting for car From: Koti, Kotikatu 1, Espoo To: Koulu, Koulutie 2, Espoo',
    ])
    expect(screen.text()).not.toContain('12:00')
  })

  it('shows the day the address asks for', async () => {
    const screen = await mountScreen(await twoPassengersTrips(), `/trips?date=${later}`)
    await waitForText(screen, 'Anna Aalto')
    expect(elementsByTag(screen.main(), 'li').map(textOf)).toEqual([
      expect.stringMatching(/^AA 12:00 Anna Aalto Waiting for car/),
    ])
  })

  it('overlays a cancellation waiting in the outbox on its trip', async () => {
    const platform = await twoPassengersTrips()
    await queueCancel(platform.sessions, 'wizard', {
      trips: [{ id: 't1', date: tomorrow }],
      reason: 'Sick',
      passengerIds: ['p1'],
    })
    const screen = await mountScreen(platform, '/trips')
    await waitForText(screen, 'Cancellation pending')
    const [ville, anna] = elementsByTag(screen.main(), 'li').map(textOf)
    expect(anna).toMatch(/^AA 10:00 Anna Aalto Cancellation pending/)
    expect(ville).not.toContain('Cancellation pending')
  })

  it('paints a remembered user’s trips from the rows read at start, before the session opens', async () => {
    const platform = await twoPassengersTrips()
    const session = platform.sessions.getState().session!
    const { db } = session
    // The rows as stored, which the start's plain IndexedDB read gives (tests/unit/db/startRead.test.ts).
    const start: StartRows = {
      userId: account.id,
      synced: true,
      sending: false,
      account: (await db.account.get('me')) ?? null,
      passengers: await db.passengers.toArray(),
      trips: await db.trips.toArray(),
      bookings: await db.bookings.toArray(),
      outbox: await db.outbox.toArray(),
      meta: await db.meta.toArray(),
      messageCount: 0,
      markedMessages: [],
    }
    platform.sessions.setSession(null)
    platform.sessions.setStart(start)
    const screen = await mountScreen(platform, '/trips')
    await waitForText(screen, 'Anna Aalto')
    expect(elementsByTag(screen.main(), 'li').map(textOf)).toEqual([
      expect.stringMatching(/^VV 08:15 Ville Virtanen/),
      expect.stringMatching(/^AA 10:00 Anna Aalto/),
    ])
    // Once the session opens its live queries answer: a trip a pull removed meanwhile leaves the list.
    await db.trips.delete(['t2', tomorrow])
    platform.sessions.setSession(session)
    await vi.waitFor(() => expect(screen.text()).not.toContain('Ville Virtanen'))
    expect(screen.text()).toContain('Anna Aalto')
  })

  it('marks now today between the trips that ended and the trip under way', async () => {
    const platform = await fakePlatform({
      account,
      passengers: [anna],
      places: {},
      trips: { p1: [todayTrip('ended', -120, -90), todayTrip('going', -10, 20), todayTrip('later', 60, 90)] },
    })
    const screen = await mountScreen(platform, '/trips')
    await waitForText(screen, 'Now')
    const items = elementsByTag(screen.main(), 'li').map(textOf)
    expect(items).toHaveLength(4)
    expect(items[1]).toMatch(/^Now \d{1,2}[:.]\d{2} ?: a trip is under way\.$/)
    expect(items.filter((_, index) => index !== 1)).toEqual([
      expect.stringMatching(/^AA /),
      expect.stringMatching(/^AA /),
      expect.stringMatching(/^AA /),
    ])
  })

  it('has no now on another day', async () => {
    const screen = await mountScreen(await twoPassengersTrips(), '/trips')
    await waitForText(screen, 'Anna Aalto')
    expect(screen.text()).not.toContain('Now')
  })

  it('lists the day’s bookings not yet trips apart, marked awaiting or refused, and says the day has no trips', async () => {
    const onlyBookings = dayFromToday(2)
    const at = (date: string, time: string) =>
      Temporal.PlainDateTime.from(`${date}T${time}`)
        .toZonedDateTime('Europe/Helsinki')
        .toString({ timeZoneName: 'never' })
    const platform = await fakePlatform({
      account,
      passengers: [anna, ville],
      places: {},
      trips: { p1: [tripOn('t1', anna, tomorrow, ['10:00', '10:30'])] },
      bookings: {
        p1: [bookingOf('b1', at(onlyBookings, '07:45'))],
        p2: [
          { ...bookingOf('b2', at(onlyBookings, '09:00')), approval: 'refused', refusalReason: 'Ei autoja' },
        ],
      },
    })
    const screen = await mountScreen(platform, '/trips')
    await waitForText(screen, 'Anna Aalto')
    expect(screen.text()).not.toContain('Bookings made in the portal')
    // The next day, which has only the bookings, is one the day navigation offers.
    const next = screen.main().querySelector(`a[href*="date=${onlyBookings}"]`)
    expect(next).not.toBeNull()
    await screen.unmount()
    const day = await mountScreen(platform, `/trips?date=${onlyBookings}`)
    await waitForText(day, 'Bookings made in the portal')
    expect(elementsByTag(day.main(), 'li').map(textOf)).toEqual([
      "Awaiting the transport service's approval Anna Aalto 07:45–08:10: Koti → Koulutie 2, Espoo",
      'Refused by the transport service Reason: Ei autoja Ville Virtanen 09:00–09:25: Koti → Koulutie 2, Espoo',
    ])
    expect(day.text()).toContain('No trips')
  })
})
