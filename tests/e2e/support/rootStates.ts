import type { Page } from '@playwright/test'

/**
 * Notes every state of the page's root from the document's start, until the screen is there: the start
 * snapshot (with its inert and busy marks), the screen (a trip link React rendered), the spinner, or empty.
 */
export async function watchRoot(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const states: string[] = []
    Object.assign(window, { rootStates: states })
    const observer = new MutationObserver(() => {
      const root = document.getElementById('root')
      if (!root) return
      const snapshot = root.querySelector('[data-start-snapshot]')
      const state = snapshot
        ? `snapshot inert=${snapshot.hasAttribute('inert')} busy=${snapshot.getAttribute('aria-busy')}`
        : root.querySelector('a[href*="/trips/"]')
          ? 'screen'
          : root.querySelector('svg.animate-portal-spin')
            ? 'spinner'
            : 'empty'
      if (states.at(-1) !== state) states.push(state)
      if (state === 'screen') observer.disconnect()
    })
    observer.observe(document, { childList: true, subtree: true, attributes: true })
  })
}

/** The states `watchRoot` noted so far. */
export function rootStates(page: Page): Promise<string[] | undefined> {
  return page.evaluate(() => (window as { rootStates?: string[] }).rootStates)
}
