import axe from 'axe-core'

/**
 * What a journey needs of a browser, over whichever protocol drives it: Firefox over WebDriver BiDi
 * (puppeteer-core), WebKitGTK over classic WebDriver. Controls are found by CSS and, where several match, by
 * the text they show, as a user finds them.
 */
export interface EngineDriver {
  goto(url: string): Promise<void>
  reload(): Promise<void>
  url(): Promise<string>
  /** Runs `script` (a function's source, called with `args`) in the page; its JSON-able result. */
  run<T>(script: string, ...args: unknown[]): Promise<T>
  /** Clicks the first element matching `css` whose text holds `text` (any, without). */
  click(css: string, text?: string): Promise<void>
  /** Types into the first element matching `css`. */
  type(css: string, text: string): Promise<void>
  /** A PNG, as base64, of what shows of the first shown element matching `css`, scrolled into view. */
  screenshot(css: string): Promise<string>
  /**
   * Opens `url` in a new window of the same browser (its storage, its service worker), on which the driver acts
   * from then on; the window before stays open, as a portal opened again from the home screen leaves it.
   */
  openTab(url: string): Promise<void>
  /** The session's cookies for the current page. */
  cookies(): Promise<{ name: string; value: string }[]>
  /** A browser of the same engine sharing nothing with this one (another profile), for an anonymous visitor. */
  isolated(): Promise<EngineDriver>
  close(): Promise<void>
}

const pollMs = 100

/**
 * What the page's IndexedDB and service worker do, for a journey that timed out: each database of the origin,
 * whether it opens and whether a read in it completes, within 2 s each; then the service worker's states and
 * how many requests each cache holds (a worker stuck installing, its precache's count still rising or not). A
 * screen left at Loading is most often a database that no longer answers (docs/architecture.md, the WebKit
 * fault), and this tells it from a slow server.
 */
const storageState = `async () => {
  const within = (promise) => Promise.race([promise, new Promise((resolve) => setTimeout(() => resolve('no answer'), 2000))])
  const worker = await within(navigator.serviceWorker.getRegistration().then((registration) => registration
    ? ['installing', 'waiting', 'active'].map((key) => key + ' ' + (registration[key]?.state ?? '-')).join(', ')
    : 'not registered'))
  const cached = await within(caches.keys().then((names) => Promise.all(names.map((name) =>
    caches.open(name).then((cache) => cache.keys()).then((keys) => name + ' ' + keys.length)))))
  const workerState = '; service worker: ' + worker + ', controller ' + (navigator.serviceWorker.controller ? 'yes' : 'no') +
    '; caches: ' + (Array.isArray(cached) ? cached.join(', ') || 'none' : cached)
  const listed = await within(indexedDB.databases())
  if (!Array.isArray(listed)) return 'indexedDB.databases(): ' + listed + workerState
  const states = await Promise.all(listed.map(async ({ name }) => {
    const db = await within(new Promise((resolve) => {
      const request = indexedDB.open(name)
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => resolve('open failed: ' + request.error)
      request.onblocked = () => resolve('open blocked')
    }))
    if (typeof db === 'string') return name + ': ' + db
    const stores = [...db.objectStoreNames]
    const read = stores.length === 0 ? 'no stores' : await within(new Promise((resolve) => {
      const transaction = db.transaction(stores, 'readonly')
      transaction.objectStore(stores[0]).count()
      transaction.oncomplete = () => resolve('reads')
      transaction.onabort = () => resolve('read aborted: ' + transaction.error)
    }))
    db.close()
    return name + ': opens, ' + read
  }))
  return (states.join('; ') || 'no databases') + workerState
}`

/** Polls `check` in the page until it returns true, or fails after `timeoutMs` naming `what`. */
export async function waitUntil(
  driver: EngineDriver,
  what: string,
  check: string,
  args: unknown[] = [],
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = performance.now() + timeoutMs
  for (;;) {
    const met = await driver.run<boolean>(check, ...args).catch(() => false)
    if (met) return
    if (performance.now() > deadline) {
      const shown = await driver.run<string>('() => document.body.innerText').catch(() => '(no page)')
      const storage = await driver.run<string>(storageState).catch((error) => String(error))
      throw new Error(
        `Timed out waiting for ${what} at ${await driver.url()}, the page showing:\n${shown}\nIndexedDB: ${storage}`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs))
  }
}

/** Waits until the page's rendered text holds `text` (or, with `shown: false`, no longer does). */
export function waitForText(
  driver: EngineDriver,
  text: string,
  shown = true,
  timeoutMs?: number,
): Promise<void> {
  return waitUntil(
    driver,
    `${shown ? '' : 'no '}"${text}"`,
    '(wanted, present) => document.body.innerText.includes(wanted) === present',
    [text, shown],
    timeoutMs,
  )
}

/** Waits until an element matches `css` (and, given, shows `text`) and is shown (`findElement`). */
export function waitForElement(driver: EngineDriver, css: string, text = ''): Promise<void> {
  return waitUntil(driver, `${css} ${text}`, `(css, text) => (${findElement})(css, text) !== null`, [
    css,
    text,
  ])
}

/**
 * The page's script that finds the element `click` and `type` act on: of those matching, one that is shown
 * (a closed drawer's copy of a link is not), as a user finds it.
 */
export const findElement =
  '(css, text) => [...document.querySelectorAll(css)].find((element) => element.textContent.includes(text ?? "") && element.getClientRects().length > 0 && getComputedStyle(element).visibility !== "hidden") ?? null'

/** The rules the Chromium suite's axe checks hold every screen to (tests/e2e/support/fixtures.ts). */
const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

/**
 * What axe finds on the page as it is now, in this engine: `id: help (targets)` for each violation. axe is put
 * into the page through the protocol, which the page's CSP does not govern, once per document.
 */
export function axeViolations(driver: EngineDriver): Promise<string[]> {
  return driver.run<string[]>(
    `async (tags) => {
      if (!('axe' in window)) { ${axe.source} }
      const results = await window.axe.run(document, { runOnly: { type: 'tag', values: tags } })
      return results.violations.map((violation) =>
        violation.id + ': ' + violation.help + ' (' + violation.nodes.map((node) => node.target.join(' ')).join(', ') + ')')
    }`,
    axeTags,
  )
}
