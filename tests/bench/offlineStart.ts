import { chromium, type BrowserContext } from '@playwright/test'
import { chromiumLaunchOptions } from '../e2e/support/chromium'
import type { RunningServer } from '../e2e/support/server'
import { against, median, type BenchReport } from './report'
import { demoGuardian, signIn } from './signIn'

const budgetMs = 1000
const runs = 5
const cpuSlowdown = 4
const tenant = 'demo'

declare global {
  interface Window {
    /** Set by the bench's init script: ms from navigation start until the first trip of the list is in the page. */
    __firstTripAt?: number
  }
}

/** Runs in every page before its own scripts: notes when a link to a trip first appears. */
function watchForFirstTrip(): void {
  const tripLink = /\/trips\/[^/]+\/\d{4}-\d{2}-\d{2}$/
  const observer = new MutationObserver(() => {
    for (const link of document.querySelectorAll('a[href]')) {
      if (tripLink.test((link as HTMLAnchorElement).pathname)) {
        window.__firstTripAt = performance.now()
        observer.disconnect()
        return
      }
    }
  })
  observer.observe(document, { childList: true, subtree: true })
}

/** Signs in, lets the service worker install and take control, and the first pull fill IndexedDB. */
async function install(context: BrowserContext, tripsUrl: string): Promise<void> {
  await signIn(context, new URL(tripsUrl).origin, demoGuardian)
  const page = await context.newPage()
  await page.goto(tripsUrl)
  await page.waitForFunction(() => window.__firstTripAt !== undefined)
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.reload()
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  await page.close()
}

/** One cold start: a new tab, offline, the CPU slowed down; navigation start to the first trip on screen. */
async function coldStart(context: BrowserContext, tripsUrl: string): Promise<number> {
  const page = await context.newPage()
  try {
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown })
    await page.goto(tripsUrl, { waitUntil: 'commit' })
    // Polled on a timer, not on every animation frame: the measured page should not run the bench's code each
    // frame (the time itself comes from the init script's observer).
    await page.waitForFunction(() => window.__firstTripAt !== undefined, undefined, {
      timeout: 30_000,
      polling: 100,
    })
    const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null)
    if (!controlled) throw new Error('The page was not controlled by the service worker')
    return (await page.evaluate(() => window.__firstTripAt))!
  } finally {
    await page.close()
  }
}

/** Offline cold start of an installed portal: /trips shown from the device, median of five runs. */
export async function benchOfflineStart(server: RunningServer): Promise<BenchReport> {
  const report: BenchReport = { lines: [], failures: [] }
  const tripsUrl = `${server.tenantOrigin(tenant)}/trips?lang=en`
  const browser = await chromium.launch(chromiumLaunchOptions)
  try {
    const context = await browser.newContext()
    await context.addInitScript(watchForFirstTrip)
    await install(context, tripsUrl)
    await context.setOffline(true)
    const times: number[] = []
    for (let run = 0; run < runs; run++) times.push(await coldStart(context, tripsUrl))
    report.lines.push(
      `\nOffline cold start of /trips (new tab, service worker in control, ${cpuSlowdown}x CPU slowdown), to the first trip:`,
    )
    report.lines.push(`  runs: ${times.map((ms) => `${Math.round(ms)} ms`).join(', ')}`)
    against(
      report,
      `median of ${runs}`,
      `${Math.round(median(times))} ms`,
      `${budgetMs} ms`,
      median(times) <= budgetMs,
    )
  } finally {
    await browser.close()
  }
  return report
}
