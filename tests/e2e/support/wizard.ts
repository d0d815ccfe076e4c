import type { Page } from '@playwright/test'
import { catalog } from './catalog'
import { expect } from './fixtures'
import type { Locale } from './portal'

/** The booking wizard's step heading, 'Step N: title', in the page's language. */
export async function stepHeading(page: Page, locale: Locale, step: number, titleId: string) {
  const text = await catalog(locale)
  const heading = text('booking.step_heading', { step, title: text(titleId) })
  return page.getByRole('heading', { level: 2, name: heading })
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
