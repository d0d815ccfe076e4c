import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core'
import { findElement, type EngineDriver } from './driver'
import { startVirtualDisplay } from './virtualDisplay'

/** Debian's Firefox ESR (`apt-get install firefox-esr`), or FIREFOX_PATH. */
export const firefoxPath = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr'

/** A call of `script` with `args`, as an expression the protocol evaluates (the page's CSP allows no eval). */
const callOf = (script: string, args: unknown[]) =>
  `(${script})(${args.map((arg) => JSON.stringify(arg) ?? 'undefined').join(', ')})`

/** The element `findElement` finds, scrolled to the middle of the view. */
async function centred(page: Page, css: string, text?: string): Promise<ElementHandle<Element>> {
  const handle = await page.evaluateHandle(callOf(findElement, [css, text]))
  const element = handle.asElement() as ElementHandle<Element> | null
  if (!element) throw new Error(`No ${css} showing "${text ?? ''}"`)
  await element.evaluate((shown) => shown.scrollIntoView({ block: 'center' }))
  return element
}

function driverOf(first: Page, browser: Browser, closeAll: () => Promise<void>): EngineDriver {
  // The page acted on: the first, until a new window takes over.
  let page = first
  return {
    goto: async (url) => {
      try {
        await page.goto(url)
      } catch (error) {
        // Firefox aborts a navigation that meets one of the portal's own (its landing page replacing the URL
        // just after sign-in): the journey's is made again once.
        if (!String(error).includes('NS_BINDING_ABORTED')) throw error
        await page.goto(url)
      }
    },
    reload: async () => {
      await page.reload()
    },
    url: async () => page.url(),
    run: <T>(script: string, ...args: unknown[]) => page.evaluate(callOf(script, args)) as Promise<T>,
    click: async (css, text) => {
      // A click lands where the element is: one in view but under the fixed bottom navigation would click
      // the navigation instead. Centred, it is clear of it, as the WebKit driver does.
      await (await centred(page, css, text)).click()
    },
    type: (css, text) => page.type(css, text),
    screenshot: async (css) => (await centred(page, css)).screenshot({ encoding: 'base64' }),
    openTab: async (url) => {
      page = await page.browserContext().newPage()
      await page.goto(url)
    },
    cookies: async () => page.browserContext().cookies(),
    isolated: async () => {
      const context = await browser.createBrowserContext()
      return driverOf(await context.newPage(), browser, () => context.close())
    },
    close: closeAll,
  }
}

const withoutWayland = ({ WAYLAND_DISPLAY: _, ...rest }: NodeJS.ProcessEnv) => rest

/**
 * Firefox driven over WebDriver BiDi, which it speaks itself: no geckodriver, and nothing downloaded. The
 * time zone is the tenant's, as in the Chromium suite. Headed, on a virtual display of its own: headless, it has
 * no WebGL on Linux, and the trip's map with it (the display keeps its windows off a developer's screen too).
 */
export async function launchFirefox(): Promise<EngineDriver> {
  const screen = await startVirtualDisplay()
  try {
    const browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: firefoxPath,
      headless: false,
      // X11 on that display, not a Wayland session the developer's environment may name.
      env: {
        ...withoutWayland(process.env),
        TZ: 'Europe/Helsinki',
        DISPLAY: screen.display,
        GDK_BACKEND: 'x11',
      },
      extraPrefsFirefox: { 'intl.accept_languages': 'en-US, en' },
    })
    return driverOf(await browser.newPage(), browser, async () => {
      await browser.close()
      await screen.stop()
    })
  } catch (error) {
    await screen.stop()
    throw error
  }
}
