import { expect as baseExpect, type Locator, type Page } from '@playwright/test'

/** The most Tab presses a journey may need to reach a control: past that, the order has lost it. */
export const mostTabs = 40

/**
 * Presses Tab until `target` has the focus, and checks the focus is visible there (a ring of its own: WCAG
 * 2.4.7, 2.4.11). Fails when Tab never reaches it, as when it is out of the order or focus is trapped.
 */
export async function tabTo(page: Page, target: Locator): Promise<void> {
  const handle = await target.elementHandle()
  if (!handle) throw new Error('No such control')
  for (let presses = 0; presses < mostTabs; presses++) {
    await page.keyboard.press('Tab')
    if (await handle.evaluate((element) => element === document.activeElement)) {
      const ring = await handle.evaluate((element) => {
        const style = getComputedStyle(element)
        return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2
      })
      baseExpect(ring, 'the focused control shows a focus ring').toBe(true)
      return
    }
  }
  throw new Error(`Tab did not reach the control in ${mostTabs} presses`)
}
