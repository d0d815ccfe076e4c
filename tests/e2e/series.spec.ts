import { Temporal } from 'temporal-polyfill'
import type { Place } from '../../src/contract/passenger'
import type { SeriesBookingResponse } from '../../src/contract/series'
import { bookingDestination } from '../../src/domain/booking/payload'
import type { LocatedPlace } from '../../src/domain/booking/places'
import { watchCommands } from './support/commands'
import { demoUsers, expect, test } from './support/fixtures'
import { accessToken, apiGet, apiSend, installed, portalUrl, signIn } from './support/portal'
import { grantViaPointPermission, operatorCall, serverTrips } from './support/trips'

const timeZone = 'Europe/Helsinki'
/** Finnish short weekday names, Monday first, as the series mark says them. */
const finnishDays = ['ma', 'ti', 'ke', 'to', 'pe', 'la', 'su']

test('a standing order shows its mark and dates, and "this and the following" cancelled offline lands once, leaving the first date (fi)', async ({
  page,
  context,
  server,
  expectAccessible,
}) => {
  const tenant = 'tatkela'
  await signIn(page, server, tenant, demoUsers.single)
  const [permission] = await grantViaPointPermission(page, server, tenant, 'Päivätoiminta')
  const token = await accessToken(page)
  const [passenger] = (await apiGet(page, '/api/passenger', token)).body as { id: string; name: string }[]
  const places = (await apiGet(page, `/api/passenger/${passenger!.id}/places`, token)).body as Place[]
  const stop = (place: Place | undefined) => bookingDestination(place as LocatedPlace, '', null)

  // Two weekdays two days apart for two weeks, from the day after tomorrow at 8.00: every ride within the
  // two weeks the portal shows, whatever day the test runs.
  const first = Temporal.Now.plainDateISO(timeZone).add({ days: 2 })
  const dates = [0, 2, 7, 9].map((days) => first.add({ days }))
  const weekdays = [dates[0]!.dayOfWeek, dates[1]!.dayOfWeek].sort((a, b) => a - b)
  const booked = await apiSend(page, '/api/booking/series', token, 'POST', {
    booking: {
      transportationPermissionId: permission!.id,
      passengers: [{ id: passenger!.id, name: passenger!.name, phone: null, email: null, passengerCount: 1 }],
      departureDateTime: first
        .toZonedDateTime({ timeZone, plainTime: '08:00' })
        .toString({ timeZoneName: 'never' }),
      arrivalDateTime: null,
      type: 'departure',
      destinations: [stop(places.at(0)), stop(places.at(-1))],
      additionalInformation: '',
      attributes: '',
      withAttendant: false,
    },
    weekdays,
    until: dates.at(-1)!.toString(),
    dates: dates.map(String),
    fitOnly: false,
  })
  expect(booked.status).toBe(200)
  const { seriesId, booked: rides } = booked.body as SeriesBookingResponse
  // The demo approves each ride by itself, as the operator would.
  await expect
    .poll(
      async () =>
        (await serverTrips(page)).filter((trip) => rides.some((ride) => ride.tripId === trip.id)).length,
    )
    .toBe(rides.length)

  await installed(page)
  const sent: string[] = []
  await watchCommands(context, (commands) => sent.push(...commands.map((command) => command.call)))
  const second = rides[1]!
  await page.goto(portalUrl(server, tenant, `/trips/${second.tripId}/${second.date}?lang=fi`))
  const until = `${String(dates[3]!.day).padStart(2, '0')}.${String(dates[3]!.month).padStart(2, '0')}.${dates[3]!.year}`
  const mark = `Joka ${weekdays.map((day) => finnishDays[day - 1]).join(', ')} ${until} asti`
  await expect(page.getByText(mark)).toBeVisible()
  // The series' dates this device has, each a link to its trip, this one marked.
  await page.getByText('Sarjan päivät').click()
  const dateLinks = page.getByRole('region', { name: 'Toistuva matka' }).getByRole('link')
  await expect(dateLinks).toHaveCount(rides.length)
  await expect(dateLinks.nth(1)).toHaveAttribute('aria-current', 'page')
  await expectAccessible()

  await context.setOffline(true)
  await page.getByRole('button', { name: 'Peruuta matka' }).click()
  const dialog = page.getByRole('dialog', { name: 'Peruuta matka' })
  await expect(dialog.getByRole('radio', { name: 'Tämä matka' })).toBeChecked()
  await dialog.getByRole('radio', { name: 'Tämä ja sarjan seuraavat matkat' }).check()
  await expectAccessible()
  await dialog.getByRole('textbox').fill('Muutto')
  await dialog.getByRole('button', { name: 'Peruuta matka' }).click()
  await expect(dialog).toBeHidden()
  await page.goto(portalUrl(server, tenant, `/trips?date=${rides[3]!.date}&lang=fi`))
  // The last date, only this device's, shows pending too, beside its series mark.
  await expect(page.getByText('Peruutus odottaa lähetystä').first()).toBeVisible()
  await expect(page.getByText(mark).first()).toBeVisible()
  await expectAccessible()
  expect(sent).toEqual([])

  await context.setOffline(false)
  await expect
    .poll(async () => {
      const series = (await operatorCall(
        server,
        tenant,
        'GET',
        `/series/${seriesId}`,
        null,
        'No series',
      )) as {
        trips: { cancelled: boolean }[]
      }
      return series.trips.map((ride) => ride.cancelled)
    })
    .toEqual([false, true, true, true])
  await expect(page.getByText(/muutos(ta)? odottaa lähetystä/)).toBeHidden()
  expect(sent.filter((call) => call === 'cancelTrips')).toHaveLength(1)
  await page.goto(portalUrl(server, tenant, `/trips/${rides[0]!.tripId}/${rides[0]!.date}?lang=fi`))
  await expect(page.getByRole('button', { name: 'Peruuta matka' })).toBeVisible()
})
