import type { Page } from '@playwright/test'
import { Temporal } from 'temporal-polyfill'
import { catalog } from './support/catalog'
import { demoUsers, expect, test } from './support/fixtures'
import { portalUrl, signIn, type Locale } from './support/portal'
import { serverTrips } from './support/trips'

/** Tomorrow in Helsinki as the date helper reads it (day.month.year), and as the contract writes it. */
function tomorrow() {
  const date = Temporal.Now.plainDateISO('Europe/Helsinki').add({ days: 1 })
  return { typed: `${date.day}.${date.month}.${date.year}`, iso: date.toString() }
}

/** The wizard's step heading, 'Step N: title', in the page's language. */
async function stepHeading(page: Page, locale: Locale, step: number, titleId: string) {
  const text = await catalog(locale)
  const heading = text('booking.step_heading', { step, title: text(titleId) })
  return page.getByRole('heading', { level: 2, name: heading })
}

/** Chooses the n-th option (from 0) an address combobox offers, by keyboard. */
async function chooseAddress(page: Page, name: string | RegExp, index: number) {
  const box = page.getByRole('combobox', { name })
  await box.click()
  await box.press('ArrowDown')
  for (let moved = 0; moved < index; moved += 1) await box.press('ArrowDown')
  await box.press('Enter')
}

test('a guardian books a trip with a via point and its return trip; both show on the trips after approval', async ({
  page,
  server,
  expectAccessible,
}) => {
  const tenant = 'fimlab'
  await signIn(page, server, tenant, demoUsers.guardian)
  await page.goto(portalUrl(server, tenant, '/booking'))
  const next = page.getByRole('button', { name: 'Next', exact: true })

  await expect(await stepHeading(page, 'en', 1, 'booking.step_passenger')).toBeVisible()
  const passengers = page.getByRole('radio')
  await expect(passengers).toHaveCount(3)
  await expect(passengers.first()).toBeChecked()
  await expect(page.getByRole('button', { name: 'Back', exact: true })).toHaveCount(0)
  await expectAccessible()
  await next.click()

  await expect(await stepHeading(page, 'en', 2, 'booking.step_date')).toBeVisible()
  const day = tomorrow()
  await page.getByRole('textbox', { name: 'Or type the date' }).fill(day.typed)
  await expectAccessible()
  await next.click()

  await expect(await stepHeading(page, 'en', 3, 'booking.step_quota')).toBeVisible()
  await page.getByRole('radio', { name: /Asiointi välipysähdyksin/ }).check()
  await expectAccessible()
  await next.click()

  await expect(await stepHeading(page, 'en', 4, 'booking.step_trip')).toBeVisible()
  await page.getByRole('textbox', { name: 'Time' }).fill('10:00')
  await chooseAddress(page, 'From', 0)
  await chooseAddress(page, 'To', 1)
  await page.getByRole('button', { name: 'Add via point' }).click()
  await chooseAddress(page, 'Via point 1 address', 2)
  await expectAccessible()
  await expect(next).toBeEnabled()
  await next.click()

  await expect(await stepHeading(page, 'en', 5, 'booking.step_additional_info')).toBeVisible()
  await expectAccessible()
  await next.click()

  await expect(await stepHeading(page, 'en', 6, 'booking.step_summary')).toBeVisible()
  await expect(page.getByText(/Deductible/)).toBeVisible()
  await expectAccessible()
  const before = (await serverTrips(page)).filter((trip) => trip.date === day.iso).length
  await page.getByRole('button', { name: 'Book the trip' }).click()
  await expect(page.getByText('Confirmed')).toBeVisible()
  await expectAccessible()

  await page.getByRole('button', { name: 'Create return booking' }).click()
  await expect(await stepHeading(page, 'en', 7, 'booking.step_return_trip')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Back', exact: true })).toHaveCount(0)
  await page.getByRole('textbox', { name: 'Time' }).fill('14:00')
  await next.click()
  await expect(await stepHeading(page, 'en', 8, 'booking.step_return_additional_info')).toBeVisible()
  await next.click()
  await expect(await stepHeading(page, 'en', 9, 'booking.step_return_summary')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Create return booking' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Book the trip' }).click()
  await expect(page.getByText('Confirmed')).toBeVisible()

  // The demo approves bookings by itself after a few seconds; then both are the passenger's trips.
  await expect
    .poll(async () => (await serverTrips(page)).filter((trip) => trip.date === day.iso).length, {
      timeout: 20_000,
    })
    .toBe(before + 2)
  await page.getByRole('link', { name: 'Go to trips' }).click()
  await expect(page).toHaveURL(/\/trips/)
  await page.goto(portalUrl(server, tenant, `/trips?date=${day.iso}`))
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(before + 2)
})

test('with one passenger the wizard starts at the date, with no way back', async ({
  page,
  server,
  expectAccessible,
}) => {
  await signIn(page, server, 'fcg', demoUsers.single)
  await page.goto(portalUrl(server, 'fcg', '/booking?lang=fi'))
  const text = await catalog('fi')
  await expect(await stepHeading(page, 'fi', 2, 'booking.step_date')).toBeVisible()
  await expect(page.getByRole('button', { name: text('common.back'), exact: true })).toHaveCount(0)
  await expectAccessible()
})

test('a half-made booking survives a reload', async ({ page, server }) => {
  const tenant = 'kulkukeskus'
  await signIn(page, server, tenant, demoUsers.guardian)
  await page.goto(portalUrl(server, tenant, '/booking?lang=sv'))
  const text = await catalog('sv')
  const next = page.getByRole('button', { name: text('common.next'), exact: true })
  await expect(await stepHeading(page, 'sv', 1, 'booking.step_passenger')).toBeVisible()
  await page.getByRole('radio').nth(1).check()
  await next.click()
  await page.getByRole('textbox', { name: text('booking.date_typed') }).fill(tomorrow().typed)
  await next.click()
  await page.getByRole('radio', { name: /Asiointimatkat/ }).check()
  await next.click()
  await expect(await stepHeading(page, 'sv', 4, 'booking.step_trip')).toBeVisible()
  await chooseAddress(page, text('booking.trip.from'), 0)

  await page.reload()
  await expect(await stepHeading(page, 'sv', 4, 'booking.step_trip')).toBeVisible()
  await expect(page.getByRole('combobox', { name: text('booking.trip.from') })).not.toHaveValue('')
  await page.getByRole('button', { name: text('common.back'), exact: true }).click()
  await expect(page.getByRole('radio', { name: /Asiointimatkat/ })).toBeChecked()
})

test('a booking saved offline keeps the wizard and is made when saved again online', async ({
  page,
  context,
  server,
}) => {
  const tenant = 'fixutaxi'
  await signIn(page, server, tenant, demoUsers.guardian)
  await page.goto(portalUrl(server, tenant, '/booking'))
  const next = page.getByRole('button', { name: 'Next', exact: true })
  await expect(await stepHeading(page, 'en', 1, 'booking.step_passenger')).toBeVisible()
  await next.click()
  await page.getByRole('textbox', { name: 'Or type the date' }).fill(tomorrow().typed)
  await next.click()
  await page.getByRole('radio', { name: /Asiointimatkat/ }).check()
  await next.click()
  await page.getByRole('textbox', { name: 'Time' }).fill('11:30')
  await chooseAddress(page, 'From', 0)
  await chooseAddress(page, 'To', 1)
  await next.click()
  await next.click()
  await expect(await stepHeading(page, 'en', 6, 'booking.step_summary')).toBeVisible()

  await context.setOffline(true)
  await page.getByRole('button', { name: 'Book the trip' }).click()
  await expect(page.getByText('Not saved: no connection')).toBeVisible()
  await expect(await stepHeading(page, 'en', 6, 'booking.step_summary')).toBeVisible()

  await context.setOffline(false)
  await page.getByRole('button', { name: 'Book the trip' }).click()
  await expect(page.getByText('Confirmed')).toBeVisible()
})
