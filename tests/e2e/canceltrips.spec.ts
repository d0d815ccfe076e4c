import type { Page } from '@playwright/test'
import { Temporal } from 'temporal-polyfill'
import { toldCancellations } from './support/cancelFeed'
import { catalog } from './support/catalog'
import { demoUsers, expect, test } from './support/fixtures'
import { installed, portalUrl, signIn } from './support/portal'
import { savedSnapshot } from './support/snapshots'
import { wizardDate } from '../../src/domain/dateDisplay'
import { bookTripSoon, serverTrips } from './support/trips'

const helsinkiDay = (days: number) => Temporal.Now.plainDateISO('Europe/Helsinki').add({ days }).toString()

/** The reason in the cancel wizard's snapshot as the portal saved it, or null. */
const savedWizardReason = async (page: Page) =>
  ((await savedSnapshot(page, 'canceltrips'))?.context?.reason as string | undefined) ?? null

test('the wizard cancels chosen trips of chosen passengers and survives a reload', async ({
  page,
  server,
  expectAccessible,
}) => {
  const tenant = 'kovanen'
  await signIn(page, server, tenant, demoUsers.guardian)
  await page.goto(portalUrl(server, tenant, '/canceltrips'))
  await expect(page.getByRole('heading', { name: 'Step 1: Choose dates' })).toBeVisible()
  await page.getByLabel('A time period').check()
  await page.getByLabel('Start date').fill(helsinkiDay(-1))
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByText(/Date cannot be before/)).toBeVisible()
  await expectAccessible()
  await page.getByLabel('Start date').fill(helsinkiDay(1))
  await page.getByLabel('End date').fill(helsinkiDay(4))
  await page.getByRole('button', { name: 'Next' }).click()

  await expect(page.getByRole('heading', { name: 'Step 2: Choose passengers' })).toBeVisible()
  const passengers = page.getByRole('checkbox')
  await expect(passengers).toHaveCount(3)
  await passengers.nth(0).check()
  await passengers.nth(1).check()
  await page.getByRole('button', { name: 'Next' }).click()

  await expect(page.getByRole('heading', { name: 'Step 3: Choose trips' })).toBeVisible()
  const trips = page.getByRole('checkbox')
  await expect.poll(() => trips.count()).toBeGreaterThanOrEqual(2)
  await trips.nth(0).check()
  await trips.nth(1).check()
  await expectAccessible()
  await page.getByRole('button', { name: 'Next' }).click()

  await expect(page.getByRole('heading', { name: 'Step 4: Cancellation reason' })).toBeVisible()
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByText('Must not be empty').first()).toBeVisible()
  await page.getByLabel('Reason for cancellation').fill('Lomamatka')
  // The wizard's state is in IndexedDB: a reload continues where the guardian was.
  await expect.poll(() => savedWizardReason(page)).toBe('Lomamatka')
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Step 4: Cancellation reason' })).toBeVisible()
  await expect(page.getByLabel('Reason for cancellation')).toHaveValue('Lomamatka')
  await page.getByRole('button', { name: 'Send' }).click()

  await expect(page.getByText('Trips cancelled', { exact: true })).toBeVisible({ timeout: 30_000 })
  // In the main area: the announcer's live region says the same.
  await expect(page.getByRole('main').getByText('All 2 trips were cancelled.')).toBeVisible()
  await expectAccessible()
  const cancelled = (await serverTrips(page)).filter((trip) => trip.cancelledAt && trip.date > helsinkiDay(0))
  expect(cancelled.length).toBeGreaterThanOrEqual(2)
})

test('with one passenger the passengers step is skipped both ways', async ({ page, server }) => {
  const tenant = 'kovanen'
  await signIn(page, server, tenant, demoUsers.single)
  await page.goto(portalUrl(server, tenant, '/canceltrips'))
  await page.getByRole('textbox', { name: 'Date', exact: true }).fill(helsinkiDay(1))
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByRole('heading', { name: /^Step 3: Choose trips$/ })).toBeVisible()
  await page.getByRole('button', { name: 'Back' }).click()
  await expect(page.getByRole('heading', { name: 'Step 1: Choose dates' })).toBeVisible()
})

test('dates are typed as day.month.year or chosen from a calendar, and shown DD.MM.YYYY', async ({
  page,
  server,
  expectAccessible,
}) => {
  await signIn(page, server, 'kovanen', demoUsers.guardian)
  await page.goto(portalUrl(server, 'kovanen', '/canceltrips'))
  const date = page.getByRole('textbox', { name: 'Date', exact: true })
  await date.fill('31.4.2030')
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByText('Check date format')).toBeVisible()

  await page.getByRole('button', { name: 'Choose from a calendar' }).click()
  await expect(page.getByRole('grid')).toBeVisible()
  await expectAccessible()
  // The calendar opens on today: the next day is one arrow away.
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('Enter')
  const tomorrow = Temporal.PlainDate.from(helsinkiDay(1))
  const shown = `${String(tomorrow.day).padStart(2, '0')}.${String(tomorrow.month).padStart(2, '0')}.${tomorrow.year}`
  await expect(date).toHaveValue(shown)
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByRole('heading', { name: 'Step 2: Choose passengers' })).toBeVisible()
})

const steps = {
  fi: { heading: /Vaihe 1/, next: 'Seuraava' },
  sv: { heading: /Steg 1/, next: 'Nästa' },
} as const

for (const [locale, texts] of Object.entries(steps)) {
  test(`the wizard passes axe in ${locale}`, async ({ page, server, expectAccessible }) => {
    await signIn(page, server, 'kovanen', demoUsers.guardian)
    await page.goto(portalUrl(server, 'kovanen', `/canceltrips?lang=${locale}`))
    await expect(page.getByRole('heading', { name: texts.heading })).toBeVisible()
    await expectAccessible()
    await page.getByRole('textbox').first().fill(helsinkiDay(2))
    await page.getByRole('button', { name: texts.next }).click()
    await expect(page.getByRole('checkbox').first()).toBeVisible()
    await expectAccessible()
  })
}

test('one tap on a reason is enough, and the operator is told its code and words (fi)', async ({
  page,
  server,
  expectAccessible,
}) => {
  const tenant = 'kovanen'
  const text = await catalog('fi')
  await signIn(page, server, tenant, demoUsers.single)
  await page.goto(portalUrl(server, tenant, '/canceltrips?lang=fi'))
  // A week on, past the other journeys' days: one passenger, so the passengers step is skipped.
  await page.getByLabel(text('canceltrips.time_period')).check()
  await page.getByLabel(text('canceltrips.start_date')).fill(helsinkiDay(5))
  await page.getByLabel(text('canceltrips.end_date')).fill(helsinkiDay(9))
  const next = page.getByRole('button', { name: text('common.next'), exact: true })
  await next.click()
  const before = new Set((await serverTrips(page)).filter((trip) => trip.cancelledAt).map((trip) => trip.id))
  await page.getByRole('checkbox').first().check()
  await next.click()

  const sick = page.getByRole('radio', { name: text('trips.cancel_reason_code.sick') })
  await expect(sick).toBeVisible()
  await expect(page.getByRole('group', { name: text('trips.cancel_reason_codes') })).toBeVisible()
  // 'Other' asks for the words; a code that says it needs none.
  await page.getByRole('radio', { name: text('trips.cancel_reason_code.other') }).check()
  await page.getByRole('button', { name: text('canceltrips.send') }).click()
  await expect(page.getByText(text('error.must_not_be_empty')).first()).toBeVisible()
  await expectAccessible()
  await sick.check()
  await expect(page.getByLabel(text('trips.cancel_reason_optional'))).toBeVisible()
  await page.getByRole('button', { name: text('canceltrips.send') }).click()
  await expect(page.getByText(text('canceltrips.success_title'), { exact: true })).toBeVisible({
    timeout: 30_000,
  })
  await expectAccessible()
  const cancelled = (await serverTrips(page)).filter((trip) => trip.cancelledAt && !before.has(trip.id))
  expect(cancelled).toHaveLength(1)
  const told = await toldCancellations(server, tenant, [cancelled[0]!.id])
  expect(told.get(cancelled[0]!.id)).toEqual({
    reasonCode: 'sick',
    reason: text('trips.cancel_reason_code.sick'),
  })
})

test('the wizard finds a trip past the two weeks on the server, says so while offline, and cancels it (fi)', async ({
  page,
  context,
  server,
  expectAccessible,
}) => {
  const tenant = 'kovanen'
  const text = await catalog('fi')
  await signIn(page, server, tenant, demoUsers.single)
  const [passenger] = (await serverTrips(page)).map((trip) => trip.passenger.id)
  // Three weeks on: a ride the device never has, as a series' later rides are.
  const far = await bookTripSoon(server, tenant, passenger!, 21 * 24 * 60)
  const day = Temporal.PlainDate.from(far.date)
  await page.goto(portalUrl(server, tenant, '/canceltrips?lang=fi'))
  // The service worker has the steps' code: they load offline too.
  await installed(page)
  await page.getByLabel(text('canceltrips.time_period')).check()
  await page.getByLabel(text('canceltrips.start_date')).fill(day.subtract({ days: 1 }).toString())
  await page.getByLabel(text('canceltrips.end_date')).fill(day.add({ days: 1 }).toString())
  await context.setOffline(true)
  await page.getByRole('button', { name: text('common.next'), exact: true }).click()
  const from = wizardDate(day.subtract({ days: 1 }))
  await expect(page.getByRole('main').getByText(text('canceltrips.distant_offline', { from }))).toBeVisible()
  await expectAccessible()

  await context.setOffline(false)
  const found = page.getByRole('checkbox', { name: /Uimahalli/ })
  await expect(found).toBeVisible()
  await found.check()
  await page.getByRole('button', { name: text('common.next'), exact: true }).click()
  await page.getByRole('radio', { name: text('trips.cancel_reason_code.otherTransport') }).check()
  await page.getByRole('button', { name: text('canceltrips.send') }).click()
  await expect(page.getByText(text('canceltrips.success_title'), { exact: true })).toBeVisible({
    timeout: 30_000,
  })
  const told = await toldCancellations(server, tenant, [far.id])
  expect(told.get(far.id)?.reasonCode).toBe('otherTransport')
})
