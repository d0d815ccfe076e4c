import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core'
import { findElement, type EngineDriver } from './driver'

/** Debian's Firefox ESR (`apt-get install firefox-esr`), or FIREFOX_PATH. */
export const firefoxPath = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr'

/** A call of `script` with `args`, as an expression the protocol evaluates (the page's CSP allows no eval). */
const callOf = (script: string, args: unknown[]) =>
  `(${script})(${args.map((arg) => JSON.stringify(arg) ?? 'undefined').join(', ')})`

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
      const handle = await page.evaluateHandle(callOf(findElement, [css, text]))
      const element = handle.asElement() as ElementHandle<Element> | null
      if (!element) throw new Error(`No ${css} showing "${text ?? ''}"`)
      // A click lands where the element is: one in view but under the fixed bottom navigation would click
      // the navigation instead. Centred, it is clear of it, as the WebKit driver does.
      await element.evaluate((shown) => shown.scrollIntoView({ block: 'center' }))
      await element.click()
    },
    type: (css, text) => page.type(css, text),
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

/**
 * Firefox driven over WebDriver BiDi, which it speaks itself: no geckodriver, and nothing downloaded. The
 * time zone is the tenant's, as in the Chromium suite.
 */
export async function launchFirefox(): Promise<EngineDriver> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath,
    headless: true,
    env: { ...process.env, TZ: 'Europe/Helsinki' },
    extraPrefsFirefox: { 'intl.accept_languages': 'en-US, en' },
  })
  return driverOf(await browser.newPage(), browser, () => browser.close())
}
