import { chromium, type Browser, type BrowserContext, type CDPSession } from '@playwright/test'
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
import { scriptTimeBefore, traceCategories } from './scriptTime'
import { demoGuardian, signIn } from './signIn'
import { usableMark, watchStart } from './startWatch'

/** The first trip painted, at most this many times the floor's (median against median). */
const visibleRatioBudget = 1.3
/** The first trip usable, at most this many times the floor's. */
const usableRatioBudget = 1.8
/** A tripwire on this kind of machine (2 cores) beside the ratios: the usable median of either launch. */
const usableTripwireMs = 1200
/** JavaScript the start may need before the first trip is usable, and the rounds of fetches it may take. */
const usableScriptBudgetKb = 125
const maxScriptRounds = 2
const runs = 5
const cpuSlowdown = 4
const tenant = 'demo'

/**
 * Signs in (in English, which the device then keeps), lets the service worker install and take control, the
 * first pull fill IndexedDB, and the trips screen store its start snapshot, as a user's last visit would.
 */
async function install(context: BrowserContext, tripsUrl: string): Promise<void> {
  const origin = new URL(tripsUrl).origin
  await signIn(context, origin, demoGuardian)
  const page = await context.newPage()
  await page.goto(`${tripsUrl}?lang=en`)
  await page.waitForFunction(() => window.__tripUsableAt !== undefined)
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  // The demo's simulator moves trips on now and then, and a change throws the snapshot away until the screen
  // stores the next: the visit is repeated until the snapshot is still there once the portal is left.
  const stored = async () => (await (await caches.open('start-snapshot')).keys()).length > 0
  for (let visit = 0; ; visit++) {
    if (visit === 10) throw new Error('No start snapshot stayed stored after ten visits of /trips')
    await page.goto(tripsUrl)
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
    await page.waitForFunction(stored)
    // A page of the origin outside the portal: no sync runs there to change the trips.
    await page.goto(`${origin}/api/auth/access_token`)
    if (await page.evaluate(stored)) break
  }
  await page.close()
}

/** How the installed portal is launched: its service worker still running, or stopped (a launch after a while). */
type Launch = 'running' | 'stopped'

/** Stops every service worker of the browser and waits until the page's target reports them stopped. */
async function stopServiceWorkers(cdp: CDPSession): Promise<void> {
  const status = new Map<string, string>()
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const version of versions) status.set(version.versionId, version.runningStatus)
  })
  await cdp.send('ServiceWorker.enable')
  await cdp.send('ServiceWorker.stopAllWorkers')
  for (let tries = 0; [...status.values()].some((running) => running !== 'stopped'); tries++) {
    if (tries > 100) throw new Error('The service worker did not stop')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  await cdp.send('ServiceWorker.disable')
}

interface ColdStart {
  visibleMs: number
  usableMs: number
  trips: string[]
  /** The scripts fetched before the first trip was usable, and how many rounds of fetches one after another. */
  scripts: ScriptFetch[]
  rounds: number
}

/** One cold start: a new tab, offline, the CPU slowed down; navigation start to the first trip painted and usable. */
async function coldStart(
  browser: Browser,
  context: BrowserContext,
  url: string,
  launch: Launch,
  trace?: (ms: number) => void,
): Promise<ColdStart> {
  const page = await context.newPage()
  try {
    const cdp = await context.newCDPSession(page)
    if (launch === 'stopped') await stopServiceWorkers(cdp)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown })
    const initiators = await watchInitiators(cdp)
    if (trace) await browser.startTracing(page, { categories: traceCategories })
    await page.goto(url, { waitUntil: 'commit' })
    // Polled on a timer, not on every animation frame: the measured page should not run the bench's code each
    // frame (the times themselves come from the init script).
    await page.waitForFunction(
      () => window.__tripVisibleAt !== undefined && window.__tripUsableAt !== undefined,
      undefined,
      { timeout: 30_000, polling: 100 },
    )
    if (trace) trace(scriptTimeBefore(await browser.stopTracing(), usableMark))
    const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null)
    if (!controlled) throw new Error('The page was not controlled by the service worker')
    const { visibleMs, ready, trips } = await page.evaluate(() => ({
      visibleMs: window.__tripVisibleAt!,
      ready: window.__tripUsableAt!,
      trips: window.__usableTrips!,
    }))
    // What cannot be seen cannot be used: a commit before the paint is usable when it is painted.
    const usableMs = Math.max(visibleMs, ready)
    const scripts = await page.evaluate(scriptsBefore, usableMs)
    const rounds = sequentialRounds(
      scripts.map((script) => script.path),
      initiators,
    )
    return { visibleMs, usableMs, trips, scripts, rounds }
  } finally {
    await page.close()
  }
}

const runsLine = (label: string, starts: ColdStart[], key: 'visibleMs' | 'usableMs') =>
  `  ${label}: ${starts.map((start) => `${Math.round(start[key])} ms`).join(', ')}`

/**
 * Offline cold start of an installed portal: /trips shown from the device, median of five runs, beside the
 * floor on the same machine in the same run: a static page of the same trips from the same IndexedDB with no
 * framework, served by the same service worker (tests/bench/offlineFloor.ts). Two launches: the service worker
 * running, and stopped before each run. The budgets are ratios to the floor, with an absolute tripwire.
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
  // The installed app's launch: its start_url, the URL the start snapshot is painted into.
  const tripsUrl = `${origin}/trips`
  const floorUrl = `${origin}${floorPath}`
  const browser = await chromium.launch(chromiumLaunchOptions)
  try {
    // One context: the floor is served by the portal's service worker and reads its database.
    const context = await browser.newContext()
    await context.addInitScript(watchStart, { mark: usableMark, floorPath })
    await install(context, tripsUrl)
    await context.setOffline(true)
    for (const launch of ['running', 'stopped'] as const) {
      const apps: ColdStart[] = []
      const floors: ColdStart[] = []
      for (let run = 0; run < runs; run++) {
        apps.push(await coldStart(browser, context, tripsUrl, launch))
        floors.push(await coldStart(browser, context, floorUrl, launch))
      }
      report.lines.push(
        `\nOffline cold start of /trips, service worker ${launch} (new tab, ${cpuSlowdown}x CPU slowdown on the page),`,
        `beside the floor (${floorPath}: the same trips from the same IndexedDB, no framework, same worker):`,
      )
      compare(report, launch, apps, floors)
      if (launch === 'running') await scripts(report, distDir, apps, browser, { context, tripsUrl, floorUrl })
    }
  } finally {
    await browser.close()
  }
  return report
}

/** The ratios and the tripwire of one launch, and a check that the floor showed the portal's trips. */
function compare(report: BenchReport, launch: Launch, apps: ColdStart[], floors: ColdStart[]): void {
  const shown = apps[0]!.trips
  if (![...apps, ...floors].every(({ trips }) => trips.join() === shown.join())) {
    report.failures.push(`the floor did not show the ${shown.length} trips /trips shows, in its order`)
  }
  for (const [what, key, budget] of [
    ['painted', 'visibleMs', visibleRatioBudget],
    ['usable', 'usableMs', usableRatioBudget],
  ] as const) {
    report.lines.push(runsLine(`first trip ${what}`, apps, key), runsLine('  floor', floors, key))
    const appMedian = median(apps.map((start) => start[key]))
    const floorMedian = median(floors.map((start) => start[key]))
    const ratio = appMedian / floorMedian
    against(
      report,
      `first trip ${what} (worker ${launch}), median ${Math.round(appMedian)} ms against the floor's ${Math.round(floorMedian)} ms`,
      `${ratio.toFixed(2)}x`,
      `${budget}x`,
      ratio <= budget,
    )
    if (key === 'usableMs')
      against(
        report,
        `first trip usable (worker ${launch}), median, the tripwire on this kind of machine`,
        `${Math.round(appMedian)} ms`,
        `${usableTripwireMs} ms`,
        appMedian <= usableTripwireMs,
      )
  }
}

/** The JavaScript before the first trip was usable, its rounds, and the main thread's script time, traced. */
async function scripts(
  report: BenchReport,
  distDir: string,
  apps: ColdStart[],
  browser: Browser,
  traced: { context: BrowserContext; tripsUrl: string; floorUrl: string },
): Promise<void> {
  // The run that fetched the most before its first trip was usable (the runs' code paths are the same; their
  // timing may let a late chunk in first).
  const fetched = apps.map((start) => start.scripts).sort((a, b) => b.length - a.length)[0]!
  const sizes = await gzipSizes(distDir, fetched)
  const bytes = sizes.reduce((sum, size) => sum + size.bytes, 0)
  report.lines.push('  the scripts fetched before the first trip was usable, gzip:')
  for (const size of sizes) report.lines.push(`  ${kb(size.bytes).padStart(9)}  ${size.path}`)
  against(
    report,
    `JavaScript before the first trip is usable, gzip (${fetched.length} scripts)`,
    `${(bytes / 1024).toFixed(1)} KB`,
    `${usableScriptBudgetKb} KB`,
    bytes <= usableScriptBudgetKb * 1024,
  )
  const rounds = Math.max(...apps.map((start) => start.rounds))
  against(
    report,
    'scripts fetched one after another before it',
    `${rounds} rounds`,
    `${maxScriptRounds} rounds`,
    rounds <= maxScriptRounds,
  )
  let appScript = 0
  let floorScript = 0
  await coldStart(browser, traced.context, traced.tripsUrl, 'running', (ms) => (appScript = ms))
  await coldStart(browser, traced.context, traced.floorUrl, 'running', (ms) => (floorScript = ms))
  report.lines.push(
    `  ${`${Math.round(appScript)} ms`.padStart(9)}  script on the main thread before the first trip is usable (one traced run), the floor's ${Math.round(floorScript)} ms`,
  )
}
