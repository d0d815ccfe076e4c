import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test'
import { mapColors } from '../../../src/components/tracking/mapStyle'
import type { Catalog } from './catalog'
import { pixelsOf } from './mapPixels'

const isLocal = (url: URL) => url.hostname === 'localhost' || url.hostname.endsWith('.localhost')

/** No internet: every request that leaves this machine is refused, and remembered in the list returned. */
export async function withoutInternet(context: BrowserContext): Promise<string[]> {
  const outside: string[] = []
  await context.route(
    (url) => !isLocal(url),
    (route) => {
      outside.push(route.request().url())
      return route.abort('internetdisconnected')
    },
  )
  return outside
}

/**
 * Makes an English tracking screen poll now rather than at its next tick (10 s at best): tracking pauses while
 * the device is offline and polls at once when the connection returns. The shell's offline banner shows that
 * the page saw the connection go.
 */
export async function pollNow(page: Page): Promise<void> {
  const offline = page.getByText('Network connection not available')
  await page.context().setOffline(true)
  await expect(offline).toBeVisible()
  await page.context().setOffline(false)
  await expect(offline).toBeHidden()
}

/** How far a channel of a drawn pixel may stray from the symbol's colour (its rim's edges blend into white). */
const colourTolerance = 16
/**
 * Fewer pixels of a symbol's colour than this are not the symbol (the car's disc 28 px wide, a stop's 18 px
 * disc or ring) but a stray blend.
 */
const leastSymbolPixels = 100

/** Where the car is drawn on the map's canvas (drawnOnMap); null while it is not. */
export const carOnMap = (canvas: Locator) => drawnOnMap(canvas, mapColors.car)

/**
 * Where a symbol of `colour` is drawn on the map's canvas, in its pixels from the top left: the middle of the
 * pixels of that colour. Null while none is drawn.
 */
export async function drawnOnMap(canvas: Locator, colour: string): Promise<{ x: number; y: number } | null> {
  const { count, x, y } = await pixelsOf(canvas, colour, colourTolerance)
  return count < leastSymbolPixels ? null : { x, y }
}

/** The map shows the car, the pickup and the destination at once, and a legend naming each (whatever the style). */
export async function expectFramed(page: Page, _: Catalog): Promise<void> {
  const map = page.getByRole('region', { name: _('trips.map.canvas') })
  await expect(map).toBeVisible()
  for (const colour of [mapColors.car, mapColors.start, mapColors.end])
    await expect.poll(() => drawnOnMap(map, colour), { message: colour }).not.toBeNull()
  const legend = page.getByRole('list', { name: _('trips.map.legend') })
  for (const id of ['car', 'pickup', 'destination', 'route'])
    await expect(legend.getByRole('listitem').filter({ hasText: _(`trips.map.legend.${id}`) })).toBeVisible()
}
