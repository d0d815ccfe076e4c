import { expect, type BrowserContext, type Page } from '@playwright/test'
import type { Catalog } from './catalog'

/**
 * The server stops answering while the network stays up (a captive portal, a dead server, a tunnel): every
 * request to it is refused, the page's, the sync worker's and the service worker's. The function returned
 * undoes it.
 */
export async function serverUnreachable(context: BrowserContext): Promise<() => Promise<void>> {
  const refuse = (route: { abort(code: string): Promise<void> }) => route.abort('connectionrefused')
  await context.route('**/api/**', refuse)
  await context.route('**/health', refuse)
  return async () => {
    await context.unroute('**/api/**', refuse)
    await context.unroute('**/health', refuse)
  }
}

/**
 * The connection drops and returns, as on a train: the portal polls a followed trip, pulls and probes the
 * server at once when it returns, rather than at their next tick.
 */
export async function connectionBlip(page: Page, _: Catalog): Promise<void> {
  // Exact: the cancel wizard's result starts with the same words in Finnish.
  const offline = page.getByText(_('network.offline'), { exact: true })
  await page.context().setOffline(true)
  await expect(offline).toBeVisible()
  await page.context().setOffline(false)
  await expect(offline).toBeHidden()
}
