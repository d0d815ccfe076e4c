import { chromium, type BrowserContext } from '@playwright/test'
import { chromiumLaunchOptions } from '../e2e/support/chromium'
import { startServer } from '../e2e/support/server'
import {
  gzipSizes,
  scriptsBefore,
  sequentialRounds,
  watchInitiators,
  type ScriptFetch,
} from './firstTripScripts'
import { floorCopyOf, floorPath } from './offlineFloor'
import { against, kb, median, type BenchReport } from './report'
import { demoGuardian, signIn } from './signIn'

const budgetMs = 600
const slowestRunBudgetMs = 800
/** JavaScript the start may need before the first trip shows, and the rounds of fetches it may take. */
const firstTripScriptBudgetKb = 120
const maxScriptRounds = 2
const runs = 5
const cpuSlowdown = 4
const tenant = 'demo'

declare global {
  interface Window {
    /** Set by the bench's init script: ms from navigation start until the first trip of the list is in the page. */
    __firstTripAt?: number
    /** The trips linked at that moment, in page order, so the floor can be checked to show the same ones. */
    __firstTrips?: string[]
  }
}

/** Runs in every page before its own scripts: notes when links to trips first appear, and which. */
function watchForFirstTrip(): void {
  const tripLink = /\/trips\/[^/]+\/\d{4}-\d{2}-\d{2}$/
  const observer = new MutationObserver(() => {
    const trips = [...document.querySelectorAll('a[href]')]
      .map((link) => (link as HTMLAnchorElement).pathname)
      .filter((path) => tripLink.test(path))
    if (trips.length === 0) return
    window.__firstTripAt = performance.now()
    window.__firstTrips = trips
    observer.disconnect()
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

interface ColdStart {
  ms: number
  trips: string[]
  /** The scripts fetched before the first trip showed, and how many rounds of fetches one after another. */
  scripts: ScriptFetch[]
  rounds: number
}

/** One cold start: a new tab, offline, the CPU slowed down; navigation start to the first trip on screen. */
async function coldStart(context: BrowserContext, url: string): Promise<ColdStart> {
  const page = await context.newPage()
  try {
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown })
    const initiators = await watchInitiators(cdp)
    await page.goto(url, { waitUntil: 'commit' })
    // Polled on a timer, not on every animation frame: the measured page should not run the bench's code each
    // frame (the time itself comes from the init script's observer).
    await page.waitForFunction(() => window.__firstTripAt !== undefined, undefined, {
      timeout: 30_000,
      polling: 100,
    })
    const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null)
    if (!controlled) throw new Error('The page was not controlled by the service worker')
    const { ms, trips } = await page.evaluate(() => ({
      ms: window.__firstTripAt!,
      trips: window.__firstTrips!,
    }))
    const scripts = await page.evaluate(scriptsBefore, ms)
    const rounds = sequentialRounds(
      scripts.map((script) => script.path),
      initiators,
    )
    return { ms, trips, scripts, rounds }
  } finally {
    await page.close()
  }
}

const runsLine = (label: string, starts: ColdStart[]) =>
  `  ${label}: ${starts.map(({ ms }) => `${Math.round(ms)} ms`).join(', ')}`

/**
 * Offline cold start of an installed portal: /trips shown from the device, median of five runs, beside the
 * floor on the same machine in the same run: a static page of the same trips from the same IndexedDB with no
 * framework, served by the same service worker (tests/bench/offlineFloor.ts). The budgets are absolute; the
 * ratio is printed.
 */
export async function benchOfflineStart(distDir: string): Promise<BenchReport> {
  const copy = await floorCopyOf(distDir)
  try {
    const server = await startServer({ STATIC_DIR: copy.dir })
    try {
      return await measure(server.tenantOrigin(tenant), copy.dir)
    } finally {
      await server.stop()
    }
  } finally {
    await copy.remove()
  }
}

/** Installs the portal, then alternates the portal's and the floor's runs offline, so noise hits both. */
async function measure(origin: string, distDir: string): Promise<BenchReport> {
  const report: BenchReport = { lines: [], failures: [] }
  const tripsUrl = `${origin}/trips?lang=en`
  const browser = await chromium.launch(chromiumLaunchOptions)
  try {
    const context = await browser.newContext()
    await context.addInitScript(watchForFirstTrip)
    await install(context, tripsUrl)
    await context.setOffline(true)
    const app: ColdStart[] = []
    const floor: ColdStart[] = []
    for (let run = 0; run < runs; run++) {
      app.push(await coldStart(context, tripsUrl))
      floor.push(await coldStart(context, `${origin}${floorPath}`))
    }
    const appMedian = median(app.map(({ ms }) => ms))
    const floorMedian = median(floor.map(({ ms }) => ms))
    const slowest = Math.max(...app.map(({ ms }) => ms))
    // The floor must show what the portal shows, in its order, or the ratio compares different work.
    const shown = app[0]!.trips
    if (![...app, ...floor].every(({ trips }) => trips.join() === shown.join())) {
      report.failures.push(`the floor did not show the ${shown.length} trips /trips shows, in its order`)
    }
    report.lines.push(
      `\nOffline cold start of /trips (new tab, service worker in control, ${cpuSlowdown}x CPU slowdown), to the first trip,`,
      `beside the floor (${floorPath}: the same ${shown.length} trips from the same IndexedDB, no framework, same worker):`,
      runsLine('runs', app),
      runsLine('floor runs', floor),
    )
    const ratio = (appMedian / floorMedian).toFixed(1)
    against(
      report,
      `median of ${runs} (floor ${Math.round(floorMedian)} ms, ${ratio}x)`,
      `${Math.round(appMedian)} ms`,
      `${budgetMs} ms`,
      appMedian <= budgetMs,
    )
    against(
      report,
      'slowest run',
      `${Math.round(slowest)} ms`,
      `${slowestRunBudgetMs} ms`,
      slowest <= slowestRunBudgetMs,
    )
    // The run that fetched the most before its first trip (the runs' code paths are the same; their timing
    // may let a late chunk in before the paint).
    const scripts = app.map((start) => start.scripts).sort((a, b) => b.length - a.length)[0]!
    const sizes = await gzipSizes(distDir, scripts)
    const bytes = sizes.reduce((sum, size) => sum + size.bytes, 0)
    report.lines.push('  the scripts fetched before the first trip, gzip:')
    for (const size of sizes) report.lines.push(`  ${kb(size.bytes).padStart(9)}  ${size.path}`)
    const rounds = Math.max(...app.map((start) => start.rounds))
    against(
      report,
      `JavaScript before the first trip, gzip (${scripts.length} scripts)`,
      `${(bytes / 1024).toFixed(1)} KB`,
      `${firstTripScriptBudgetKb} KB`,
      bytes <= firstTripScriptBudgetKb * 1024,
    )
    against(
      report,
      'scripts fetched one after another before it',
      `${rounds} rounds`,
      `${maxScriptRounds} rounds`,
      rounds <= maxScriptRounds,
    )
  } finally {
    await browser.close()
  }
  return report
}
