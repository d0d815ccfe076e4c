import { Temporal } from 'temporal-polyfill'
import { clockTime, shellDate, wizardDate } from '../../src/domain/dateDisplay'
import { toldCancellations } from './support/cancelFeed'
import { catalog } from './support/catalog'
import { watchCommands } from './support/commands'
import { demoUsers, expect, test } from './support/fixtures'
import { tabTo } from './support/keyboard'
import { installed, portalUrl, signIn } from './support/portal'
import { grantViaPointPermission, operatorCall, serverTrips, type ApiTrip } from './support/trips'
import { chooseAddress, stepHeading, twoSteps } from './support/wizard'

const timeZone = 'Europe/Helsinki'
/** Finnish short weekday names, Monday first, as the series mark says them. */
const finnishDays = ['ma', 'ti', 'ke', 'to', 'pe', 'la', 'su']

/** The next Tuesday or Thursday from the day after tomorrow: a morning ride then is never in the past. */
function firstTuesdayOrThursday(): Temporal.PlainDate {
  let date = Temporal.Now.plainDateISO(timeZone).add({ days: 2 })
  while (date.dayOfWeek !== 2 && date.dayOfWeek !== 4) date = date.add({ days: 1 })
  return date
}

test('a ride every Tuesday and Thursday for three weeks with its return the next day, booked in the wizard without a holiday, shows its mark, and "this and the following" with its counted return series, cancelled offline by keyboard alone with a one-tap reason, lands once, leaving the first date (fi)', async ({
  page,
  context,
  server,
  expectAccessible,
}) => {
  // Two summaries with their dates, two bookings approved, then the offline cancel.
  test.slow()
  const tenant = 'tatkela'
  const text = await catalog('fi')
  await signIn(page, server, tenant, demoUsers.single)
  const permission = 'Päivätoiminta'
  await grantViaPointPermission(page, server, tenant, permission)

  // Tuesdays and Thursdays from the first for three weeks: six dates. The third is a holiday here: a window of
  // three weeks from any day rarely holds a real one, so the server's real answer gets one more.
  const first = firstTuesdayOrThursday()
  const dates: Temporal.PlainDate[] = []
  for (let date = first; dates.length < 6; date = date.add({ days: 1 }))
    if (date.dayOfWeek === 2 || date.dayOfWeek === 4) dates.push(date)
  const holiday = { date: dates[2]!.toString(), name: 'Testipyhä' }
  await page.route('**/api/holidays?*', async (route) => {
    // To the server's own address: the tenant's host name is one only the browser resolves (X-Tenant names it).
    const url = new URL(route.request().url())
    url.host = new URL(server.origin).host
    const response = await route.fetch({ url: url.toString() })
    await route.fulfill({ response, json: [...((await response.json()) as unknown[]), holiday] })
  })
  const booked = dates.filter((date) => date.toString() !== holiday.date)

  await page.goto(portalUrl(server, tenant, '/booking?lang=fi'))
  const next = page.getByRole('button', { name: text('common.next'), exact: true })
  // The passengers journey may have given this user a second passenger: then the wizard starts at step 1 with
  // the first one chosen.
  const passengerStep = await stepHeading(page, 'fi', 1, 'booking.step_passenger')
  const dateStep = await stepHeading(page, 'fi', 2, 'booking.step_date')
  await expect(passengerStep.or(dateStep)).toBeVisible()
  if (await passengerStep.isVisible()) await next.click()
  await expect(dateStep).toBeVisible()
  await page.getByRole('textbox', { name: text('booking.date_typed') }).fill(shellDate(first))
  await next.click()
  await page.getByRole('radio', { name: new RegExp(permission) }).check()
  await next.click()
  await page.getByRole('textbox', { name: text('booking.trip.time'), exact: true }).fill('08:00')
  await chooseAddress(page, text('booking.trip.from'), 0)
  await chooseAddress(page, text('booking.trip.to'), 1)
  await twoSteps(page, 'fi', next, 5, 'booking.step_additional_info')

  await expect(await stepHeading(page, 'fi', 6, 'booking.step_summary')).toBeVisible()
  await page.getByRole('switch', { name: text('booking_repeat.toggle') }).check()
  // The first ride's weekday is chosen; the other one is added.
  const other = first.dayOfWeek === 2 ? 'torstai' : 'tiistai'
  await expect(
    page.getByRole('checkbox', { name: first.dayOfWeek === 2 ? 'tiistai' : 'torstai' }),
  ).toBeChecked()
  await page.getByRole('checkbox', { name: other }).check()
  await page.getByRole('textbox', { name: /^Toista asti/ }).fill(shellDate(dates.at(-1)!))
  const list = page.getByRole('list', { name: text('booking_repeat.dates') })
  await expect(list.getByRole('listitem')).toHaveCount(dates.length)
  await expect(list.getByRole('listitem').nth(2)).toContainText(
    text('booking_repeat.date_holiday', { holiday: holiday.name }),
  )
  await expectAccessible()
  const save = page.getByRole('button', { name: text('booking_repeat.save', { rides: booked.length }) })
  // A date left out by keyboard, and put back.
  const day = `${finnishDays[dates[3]!.dayOfWeek - 1]} ${wizardDate(dates[3]!)}`
  await page.getByRole('button', { name: text('booking_repeat.remove', { day }) }).focus()
  await page.keyboard.press('Enter')
  await expect(list.getByRole('listitem').nth(3)).toContainText(text('booking_repeat.date_removed'))
  await expect(
    page.getByRole('button', { name: text('booking_repeat.save', { rides: booked.length - 1 }) }),
  ).toBeVisible()
  await page.getByRole('button', { name: text('booking_repeat.restore', { day }) }).press('Enter')
  await expect(save).toBeVisible()
  await save.click()
  await expect(page.getByText(text('booking_repeat.saved', { rides: booked.length }))).toBeVisible()

  // The return, earlier than the outbound's time, is on the next day: it repeats on the day after each of the
  // outbound's dates, and the summary lists those days.
  await page.getByRole('button', { name: text('booking.create_return') }).click()
  await page.getByRole('textbox', { name: text('booking.trip.time'), exact: true }).fill('07:00')
  await twoSteps(page, 'fi', next, 8, 'booking.step_return_additional_info')
  await expect(await stepHeading(page, 'fi', 9, 'booking.step_return_summary')).toBeVisible()
  await expect(page.getByRole('switch', { name: text('booking_repeat.toggle') })).toBeChecked()
  await expect(page.getByText(text('booking_repeat.return_next_days'))).toBeVisible()
  const returns = booked.map((date) => date.add({ days: 1 }))
  await expect(list.getByRole('listitem')).toHaveCount(returns.length)
  await expect(list.getByRole('listitem').first()).toContainText(
    `${finnishDays[returns[0]!.dayOfWeek - 1]} ${wizardDate(returns[0]!)}`,
  )
  await expectAccessible()
  await save.click()
  await expect(page.getByText(text('booking_repeat.saved', { rides: booked.length }))).toBeVisible()

  // The demo approves each ride by itself, as the operator would; the two weeks ahead show those in them.
  type SeriesTrip = ApiTrip & { series: { id: string } | null }
  const seriesTrips = async () => (await serverTrips(page)).filter((trip) => (trip as SeriesTrip).series)
  const window = Temporal.Now.plainDateISO(timeZone).add({ weeks: 2 })
  const shown = [...booked, ...returns].filter((date) => Temporal.PlainDate.compare(date, window) <= 0)
  await expect.poll(async () => (await seriesTrips()).length).toBe(shown.length)
  const ridesAt = async (time: string) =>
    (await seriesTrips()).filter((trip) => clockTime(trip.startDateTime, timeZone) === time) as SeriesTrip[]
  const rides = await ridesAt('08:00')
  const returnRides = await ridesAt('07:00')
  const seriesId = rides[0]!.series!.id
  const returnSeriesId = returnRides[0]!.series!.id
  const days = [first.dayOfWeek, first.dayOfWeek === 2 ? 4 : 2].sort((a, b) => a - b)
  const until = dates.at(-1)!

  await installed(page)
  const sent: string[] = []
  await watchCommands(context, (commands) => sent.push(...commands.map((command) => command.call)))
  const second = rides[1]!
  // The dialog counts the return series from the trips on the device: its rides, approved after the outbound's,
  // must have come with a pull first, as they have once the trips list shows one.
  const laterReturn = returnRides.find((ride) => ride.date > second.date)!
  await page.goto(portalUrl(server, tenant, `/trips?date=${laterReturn.date}&lang=fi`))
  await expect(page.locator(`main a[href="/trips/${laterReturn.id}/${laterReturn.date}"]`)).toBeVisible()
  await page.goto(portalUrl(server, tenant, `/trips/${second.id}/${second.date}?lang=fi`))
  const mark = `Joka ${days.map((day) => finnishDays[day - 1]).join(', ')} ${wizardDate(until)} asti`
  await expect(page.getByText(mark)).toBeVisible()
  // The series' dates this device has, each a link to its trip, this one marked.
  await page.getByText('Sarjan päivät').click()
  const dateLinks = page.getByRole('region', { name: 'Toistuva matka' }).getByRole('link')
  await expect(dateLinks).toHaveCount(rides.length)
  await expect(dateLinks.nth(1)).toHaveAttribute('aria-current', 'page')
  await expectAccessible()

  // The dialog by keyboard alone: its scope, the return series and a reason are the guardian's newest controls.
  await context.setOffline(true)
  await tabTo(page, page.getByRole('button', { name: 'Peruuta matka' }))
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Peruuta matka' })
  const thisOne = dialog.getByRole('radio', { name: 'Tämä matka' })
  await expect(thisOne).toBeChecked()
  // It counts the rides this device has from this one on, and says the series goes on after them; its return
  // series (the rides back, from the day after) is offered with its own count.
  const following = dialog.getByRole('radio', { name: 'Tämä ja sarjan seuraavat matkat' })
  const rideCount = rides.length - 1
  const lastShown = rides.at(-1)!.date
  // The rides counted, and the series' end when it is past the last of them; a return's end is a day on.
  const counted = (count: number, last: string, end = until) =>
    [
      text('trips.cancel_scope_count', { count }),
      ...(Temporal.PlainDate.compare(end, last) > 0
        ? [text('trips.cancel_scope_until', { date: wizardDate(end) })]
        : []),
    ].join(' ')
  await expect(following).toHaveAccessibleName(
    `Tämä ja sarjan seuraavat matkat ${counted(rideCount, lastShown)}`,
  )
  const back = dialog.getByRole('checkbox', { name: /Myös sarjan paluumatkat/ })
  await expect(back).toBeHidden()
  await tabTo(page, thisOne)
  await page.keyboard.press('ArrowDown')
  await expect(following).toBeChecked()
  const returnsFrom = returnRides.filter((ride) => ride.date > second.date)
  await expect(back).toHaveAccessibleName(
    `Myös sarjan paluumatkat ${counted(returnsFrom.length, returnsFrom.at(-1)!.date, until.add({ days: 1 }))}`,
  )
  await tabTo(page, back)
  await page.keyboard.press('Space')
  await expect(back).toBeChecked()
  // One tap says why: no text needed. Tab enters the reasons at the first; arrows move to the code.
  const dayOff = dialog.getByRole('radio', { name: 'Loma tai vapaapäivä' })
  await tabTo(page, dialog.getByRole('radio', { name: 'Sairas' }))
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await expect(dayOff).toBeChecked()
  await expectAccessible()
  await tabTo(page, dialog.getByRole('button', { name: 'Peruuta matka' }))
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await page.goto(portalUrl(server, tenant, `/trips?date=${rides.at(-1)!.date}&lang=fi`))
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
    .toEqual(booked.map((_, index) => index > 0))
  // The return series from the day after this ride on, in the same command, the first return left booked.
  const returnSeries = (await operatorCall(
    server,
    tenant,
    'GET',
    `/series/${returnSeriesId}`,
    null,
    'No series',
  )) as {
    trips: { cancelled: boolean }[]
  }
  expect(returnSeries.trips.map((ride) => ride.cancelled)).toEqual(booked.map((_, index) => index > 0))
  await expect(page.getByText(/muutos(ta)? odottaa lähetystä/)).toBeHidden()
  expect(sent.filter((call) => call === 'cancelTrips')).toHaveLength(1)
  // The operator is told the code and the reason's words, for the ride and for its return alike.
  const told = await toldCancellations(server, tenant, [second.id, returnsFrom[0]!.id])
  expect([...told.values()]).toEqual([
    { reasonCode: 'holiday', reason: 'Loma tai vapaapäivä' },
    { reasonCode: 'holiday', reason: 'Loma tai vapaapäivä' },
  ])
  await page.goto(portalUrl(server, tenant, `/trips/${rides[0]!.id}/${rides[0]!.date}?lang=fi`))
  await expect(page.getByRole('button', { name: 'Peruuta matka' })).toBeVisible()
})
