import type { Page } from '@playwright/test'
import { Temporal } from 'temporal-polyfill'
import type { Trip } from '../../src/contract/trip'
import { returnOf } from '../../src/domain/booking/again'
import { clockTime, shellDate, wizardDate } from '../../src/domain/dateDisplay'
import { catalog, type Catalog } from './support/catalog'
import { demoUsers, expect, test } from './support/fixtures'
import { tabTo } from './support/keyboard'
import { portalUrl, signIn } from './support/portal'
import { isFutureBooked, serverTrips } from './support/trips'
import { stepHeading } from './support/wizard'

/** The tenants' zone, where the wizard's dates and the trips' times are. */
const timeZone = 'Europe/Helsinki'

/** A booked trip from tomorrow on whose day has its return, booked too: the route to book again. */
async function tripWithReturn(page: Page): Promise<{ trip: Trip; back: Trip }> {
  const today = Temporal.Now.plainDateISO(timeZone).toString()
  // The server's trips are the contract's, which the domain's rule reads as the portal does.
  const trips = (await serverTrips(page)) as unknown as Trip[]
  for (const trip of trips) {
    const back = returnOf(trip, trips)
    if (isFutureBooked(trip, today) && back && !back.pickupTime) return { trip, back }
  }
  throw new Error('The demo has no booked trip with its return')
}

const summaryHeading = (page: Page) => stepHeading(page, 'fi', 6, 'booking.step_summary')

function wizardControls(page: Page, text: Catalog) {
  return {
    next: page.getByRole('button', { name: text('common.next'), exact: true }),
    save: page.getByRole('button', { name: text('booking.save') }),
    confirmed: page.getByText(text('booking.confirmed'), { exact: true }),
    createReturn: page.getByRole('button', { name: text('booking.create_return') }),
    dateField: page.getByRole('textbox', { name: text('booking.date_typed') }),
  }
}

// Each journey keeps to a tenant of its own among those that book (booking.spec.ts's English and Finnish ones
// book tomorrow; these book on the route's own day, where the trip booked again is the overlap warned of).
test('a ride and its return booked again from an earlier trip in at most 6 taps, warned of the trip already there', async ({
  page,
  server,
  expectAccessible,
}) => {
  test.slow()
  const tenant = 'fimlab'
  await signIn(page, server, tenant, demoUsers.guardian)
  const { trip, back } = await tripWithReturn(page)
  const text = await catalog('fi')
  const { next, save, confirmed, createReturn, dateField } = wizardControls(page, text)
  await page.goto(portalUrl(server, tenant, `/trips/${trip.id}/${trip.date}?lang=fi`))

  // Every click, fill and key press the user makes, counted as it is made.
  let taps = 0
  const tap = async (action: Promise<void>) => {
    taps += 1
    await action
  }

  await tap(page.getByRole('link', { name: text('booking_again.book_again') }).click())
  await expect(await stepHeading(page, 'fi', 2, 'booking.step_date')).toBeVisible()
  const held = page.getByText(text('booking_again.again_title'))
  await expect(held).toBeVisible()
  const departure = clockTime(trip.startDateTime, timeZone)
  await expect(
    page.getByText(new RegExp(`${departure}, paluu ${clockTime(back.startDateTime, timeZone)}`)),
  ).toBeVisible()
  await expectAccessible()
  await tap(dateField.fill(shellDate(trip.date)))
  await tap(next.click())

  await expect(await summaryHeading(page)).toBeVisible()
  // The street under the alias, and the trip already there at that time: a warning, the save still on.
  await expect(page.getByText(trip.startAddress.address, { exact: true }).first()).toBeVisible()
  const warning = page.getByText(text('booking.overlap_title', { name: trip.passenger.name }))
  await expect(warning).toBeVisible()
  await expect(page.getByRole('link', { name: new RegExp(`${departure}–`) })).toBeVisible()
  await expect(page.getByText(/Omavastuu/)).toBeVisible()
  await expectAccessible()
  await tap(save.click())
  await expect(confirmed).toBeVisible()

  await tap(createReturn.click())
  await expect(await stepHeading(page, 'fi', 9, 'booking.step_return_summary')).toBeVisible()
  await expect(page.getByText(clockTime(back.startDateTime, timeZone), { exact: true })).toBeVisible()
  await expect(page.getByText(/Omavastuu/)).toBeVisible()
  await tap(save.click())
  await expect(confirmed).toBeVisible()
  expect(taps).toBeLessThanOrEqual(6)

  // The trips of the booked day, where the rides are listed as awaiting approval until the demo approves them
  // (tests/e2e/booking.spec.ts follows one to another device).
  await page.getByRole('link', { name: text('booking.to_trips') }).click()
  await expect(page).toHaveURL(new RegExp(`/trips\\?date=${trip.date}`))
})

test('Book again and a recent route by keyboard alone; a resumed draft says what it holds', async ({
  page,
  server,
  expectAccessible,
}) => {
  test.slow()
  const tenant = 'fcg'
  await signIn(page, server, tenant, demoUsers.guardian)
  const { trip } = await tripWithReturn(page)
  const text = await catalog('fi')
  const { dateField } = wizardControls(page, text)
  const held = page.getByText(text('booking_again.again_title'))

  // Book again from a trip's detail.
  await page.goto(portalUrl(server, tenant, `/trips/${trip.id}/${trip.date}?lang=fi`))
  await tabTo(page, page.getByRole('link', { name: text('booking_again.book_again') }))
  await page.keyboard.press('Enter')
  await expect(await stepHeading(page, 'fi', 2, 'booking.step_date')).toBeVisible()
  await expect(held).toBeVisible()
  // Its address is taken once: the wizard stays as it is on a reload.
  await expect(page).toHaveURL(/\/booking$/)

  // Back to the wizard's start (three passengers: step 1), where the recent routes are.
  await tabTo(page, page.getByRole('button', { name: text('common.back'), exact: true }))
  await page.keyboard.press('Enter')
  await expect(await stepHeading(page, 'fi', 1, 'booking.step_passenger')).toBeVisible()
  const recent = page.getByRole('region', { name: text('booking_again.recent_title') })
  await expect(recent).toBeVisible()
  await expectAccessible()
  const route = recent.getByRole('button').first()
  await expect(route).toBeEnabled()
  await tabTo(page, route)
  await page.keyboard.press('Enter')
  await expect(await stepHeading(page, 'fi', 2, 'booking.step_date')).toBeVisible()
  await expect(held).toBeVisible()
  await tabTo(page, dateField)
  await page.keyboard.press('ControlOrMeta+A')
  const day = Temporal.PlainDate.from(trip.date).add({ days: 1 })
  await page.keyboard.type(shellDate(day))
  // Enter in a field moves on as Next does: the date is all the route asked.
  await page.keyboard.press('Enter')
  await expect(await summaryHeading(page)).toBeVisible()
  await expectAccessible()

  // Back a step, and the page opened again: the draft resumes at step 5 and says what it holds.
  await tabTo(page, page.getByRole('button', { name: text('common.back'), exact: true }))
  await page.keyboard.press('Enter')
  await expect(await stepHeading(page, 'fi', 5, 'booking.step_additional_info')).toBeVisible()
  await page.reload()
  await expect(await stepHeading(page, 'fi', 5, 'booking.step_additional_info')).toBeVisible()
  const resumed = page.getByText(text('booking_again.resumed_title'), { exact: true }).locator('..')
  await expect(resumed).toContainText(text('booking.summary_passenger'))
  await expect(resumed).toContainText(wizardDate(day))
  await expect(resumed).toContainText('→')
  await expectAccessible()
  await tabTo(page, resumed.getByRole('button', { name: text('booking.reset') }))
  await page.keyboard.press('Enter')
  await expect(await stepHeading(page, 'fi', 1, 'booking.step_passenger')).toBeVisible()
  await expect(page.getByText(text('booking_again.resumed_title'))).toHaveCount(0)
})
