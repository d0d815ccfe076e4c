import type { Locator, Page } from '@playwright/test'
import { Temporal } from 'temporal-polyfill'
import { shellDate } from '../../../src/domain/dateDisplay'
import { catalog } from './catalog'
import { expect } from './fixtures'
import type { Locale } from './portal'
import { savedSnapshot } from './snapshots'

/** The booking wizard's step heading, 'Step N: title', in the page's language. */
export async function stepHeading(page: Page, locale: Locale, step: number, titleId: string) {
  const text = await catalog(locale)
  const heading = text('booking.step_heading', { step, title: text(titleId) })
  return page.getByRole('heading', { level: 2, name: heading })
}

/**
 * Two steps on with `button` (Next or Back), by way of step `step`: one at a time, since a second click before
 * the step has changed may land on the step it leaves, and be lost.
 */
export async function twoSteps(
  page: Page,
  locale: Locale,
  button: Locator,
  step: number,
  titleId: string,
): Promise<void> {
  await button.click()
  await expect(await stepHeading(page, locale, step, titleId)).toBeVisible()
  await button.click()
}

/** Chooses the n-th option (from 0) an address combobox offers, by keyboard, once the saved places are in. */
export async function chooseAddress(page: Page, name: string | RegExp, index: number): Promise<void> {
  const box = page.getByRole('combobox', { name })
  await box.click()
  await box.press('ArrowDown')
  await expect(page.getByRole('listbox', { name }).getByRole('option').nth(index)).toBeVisible()
  for (let moved = 0; moved < index; moved += 1) await box.press('ArrowDown')
  await box.press('Enter')
  await expect(box).not.toHaveValue('')
}

/**
 * From the booking wizard's first step (a guardian's, in `locale`): the second passenger, tomorrow, the
 * permission for errands, then the trip's start address, and waits until the wizard's snapshot holds it (it is
 * written to IndexedDB after each change): a half-made booking worth keeping.
 */
export async function halfMadeBooking(page: Page, locale: Locale): Promise<void> {
  const text = await catalog(locale)
  const next = page.getByRole('button', { name: text('common.next'), exact: true })
  await expect(await stepHeading(page, locale, 1, 'booking.step_passenger')).toBeVisible()
  await page.getByRole('radio').nth(1).check()
  await next.click()
  const tomorrow = Temporal.Now.plainDateISO('Europe/Helsinki').add({ days: 1 })
  await page.getByRole('textbox', { name: text('booking.date_typed') }).fill(shellDate(tomorrow))
  await next.click()
  await page.getByRole('radio', { name: /Asiointimatkat/ }).check()
  await next.click()
  await expect(await stepHeading(page, locale, 4, 'booking.step_trip')).toBeVisible()
  await chooseAddress(page, text('booking.trip.from'), 0)
  await expect
    .poll(
      async () =>
        ((await savedSnapshot(page, 'booking'))?.context?.order as { fromAddress?: unknown })?.fromAddress,
    )
    .toBeTruthy()
}
