import { gzipSync } from 'node:zlib'
import { chromium, type Browser, type BrowserContext, type Response } from '@playwright/test'
import { chromiumLaunchOptions } from '../e2e/support/chromium'
import type { RunningServer } from '../e2e/support/server'
import { containsMapLibre, readManifest, routeChunks } from './bundleSizes'
import { against, kb, type BenchReport } from './report'
import { demoGuardian, signIn } from './signIn'

const firstVisitBudget = 120 * 1024
const screenBudget = 200 * 1024
/** Routes that show a map may load MapLibre and are exempt from the screen budget; no other screen may. */
const mapRoutes = ['src/routes/_auth/trips.$id.$date.tsx', 'src/routes/track.$link.tsx']

/**
 * Where each screen without a map is opened, on a tenant that has it. A route file missing here fails the bench,
 * so a new screen gets a budget.
 */
const screens: Record<string, { tenant: string; path: string; signedIn: boolean }> = {
  'src/routes/index.tsx': { tenant: 'demo', path: '/', signedIn: false },
  'src/routes/accessibility-report.tsx': { tenant: 'demo', path: '/accessibility-report', signedIn: false },
  'src/routes/accessibility-report-keusote.tsx': {
    tenant: 'kulkukeskus',
    path: '/accessibility-report-keusote',
    signedIn: false,
  },
  'src/routes/privacy.tsx': { tenant: 'demo', path: '/privacy', signedIn: false },
  'src/routes/privacy-keusote.tsx': { tenant: 'kulkukeskus', path: '/privacy-keusote', signedIn: false },
  'src/routes/logged-out.tsx': { tenant: 'demo', path: '/logged-out', signedIn: false },
  'src/routes/logout.tsx': { tenant: 'demo', path: '/logout', signedIn: false },
  'src/routes/invitation.$code.tsx': { tenant: 'demo', path: '/invitation/bench', signedIn: false },
  'src/routes/register-travel-card.tsx': { tenant: 'lapha', path: '/register-travel-card', signedIn: false },
  'src/routes/_auth/booking.tsx': { tenant: 'kulkukeskus', path: '/booking', signedIn: true },
  'src/routes/_auth/canceltrips.tsx': { tenant: 'kulkukeskus', path: '/canceltrips', signedIn: true },
  'src/routes/_auth/messages.tsx': { tenant: 'kulkukeskus', path: '/messages', signedIn: true },
  'src/routes/_auth/notifications.tsx': { tenant: 'kulkukeskus', path: '/notifications', signedIn: true },
  'src/routes/_auth/passengers.tsx': { tenant: 'kulkukeskus', path: '/passengers', signedIn: true },
  'src/routes/_auth/password.tsx': { tenant: 'kulkukeskus', path: '/password', signedIn: true },
  'src/routes/_auth/personal-info.tsx': { tenant: 'kulkukeskus', path: '/personal-info', signedIn: true },
  'src/routes/_auth/trips.index.tsx': { tenant: 'kulkukeskus', path: '/trips', signedIn: true },
  'src/routes/_auth/transportationPermissions.index.tsx': {
    tenant: 'kulkukeskus',
    path: '/transportationPermissions',
    signedIn: true,
  },
  'src/routes/_auth/transportationPermissions.$passengerId.$id.tsx': {
    tenant: 'kulkukeskus',
    path: '/transportationPermissions/bench/bench',
    signedIn: true,
  },
}

interface Script {
  url: string
  gzipBytes: number
}

/** How long a signed-in screen may take to start its sync worker after the network rests (it waits for idle). */
const workerStartTimeoutMs = 10_000

/**
 * Every script a page load fetches until the network rests, the page's and its workers', with its gzip size.
 * A signed-in screen starts its sync worker once the page is idle, which may be after the network rested, and
 * the worker loads its service's chunks only then: the load then waits for the worker and for the network to
 * rest again, so that its scripts are counted whenever they come. A script is the page's when it is a chunk of
 * the page's build (its manifest); the worker's entry and the chunks of the worker's build are the workers'.
 */
async function scriptsOf(
  context: BrowserContext,
  url: string,
  startsWorker: boolean,
  pageFiles: Set<string>,
): Promise<Loaded> {
  const page = await context.newPage()
  try {
    const scripts: Promise<Script>[] = []
    let inFlight = 0
    let lastActivity = performance.now()
    const started = () => {
      inFlight += 1
      lastActivity = performance.now()
    }
    const ended = () => {
      inFlight -= 1
      lastActivity = performance.now()
    }
    const collect = (response: Response) => {
      const path = new URL(response.url()).pathname
      if (!path.endsWith('.js') || !response.ok()) return
      scripts.push(response.body().then((body) => ({ url: path, gzipBytes: gzipSync(body).length })))
    }
    context.on('request', started)
    context.on('requestfinished', ended)
    context.on('requestfailed', ended)
    context.on('response', collect)
    try {
      await page.goto(url, { waitUntil: 'networkidle' })
      if (startsWorker) {
        if (page.workers().length === 0) await page.waitForEvent('worker', { timeout: workerStartTimeoutMs })
        // Network idle as Playwright means it: nothing in flight for 500 ms.
        const deadline = performance.now() + workerStartTimeoutMs
        while (inFlight > 0 || performance.now() - lastActivity < 500) {
          if (performance.now() > deadline) throw new Error(`${url}: the worker's network never rested`)
          await page.waitForTimeout(50)
        }
      }
    } finally {
      context.off('request', started)
      context.off('requestfinished', ended)
      context.off('requestfailed', ended)
      context.off('response', collect)
    }
    // A file counts once: the sync worker's files, prefetched by the Link header, answer the worker from the
    // HTTP cache (immutable), which Playwright reports as a second response.
    const all = [...new Map((await Promise.all(scripts)).map((script) => [script.url, script])).values()]
    const isWorker = (script: Script) => !pageFiles.has(script.url)
    return { page: all.filter((script) => !isWorker(script)), workers: all.filter(isWorker) }
  } finally {
    await page.close()
  }
}

interface Loaded {
  /** The main thread's scripts: the budget is theirs. */
  page: Script[]
  /** Worker scripts: parsed and run off the main thread, printed beside the budget. */
  workers: Script[]
}

const total = (scripts: Script[]) => scripts.reduce((sum, script) => sum + script.gzipBytes, 0)

async function measureScreens(
  browser: Browser,
  server: RunningServer,
  report: BenchReport,
  pageFiles: Set<string>,
): Promise<Script[]> {
  // Service workers are blocked so that the precache download is not counted as the page's own load.
  const anonymous = await browser.newContext({ serviceWorkers: 'block' })
  const signedIn = new Map<string, BrowserContext>()
  const contextFor = async (tenant: string) => {
    let context = signedIn.get(tenant)
    if (!context) {
      context = await browser.newContext({ serviceWorkers: 'block' })
      await signIn(context, server.tenantOrigin(tenant), demoGuardian)
      signedIn.set(tenant, context)
    }
    return context
  }
  let firstVisit: Script[] = []
  report.lines.push(
    '\nEvery screen without a map, first visit with its chunks, main-thread JavaScript gzip (workers beside it):',
  )
  for (const [route, screen] of Object.entries(screens)) {
    const context = screen.signedIn ? await contextFor(screen.tenant) : anonymous
    const url = `${server.tenantOrigin(screen.tenant)}${screen.path}${screen.path.includes('?') ? '&' : '?'}lang=en`
    const loaded = await scriptsOf(context, url, screen.signedIn, pageFiles)
    if (route === 'src/routes/index.tsx') firstVisit = loaded.page
    const within = total(loaded.page) <= screenBudget
    against(report, route, kb(total(loaded.page)), kb(screenBudget), within)
    // A screen over its budget lists what it loaded, largest first, to say where to cut.
    if (!within)
      for (const script of [...loaded.page].sort((a, b) => b.gzipBytes - a.gzipBytes))
        report.lines.push(`  ${kb(script.gzipBytes).padStart(11)}  ${script.url}`)
    if (loaded.workers.length > 0)
      report.lines.push(
        `  ${`+ ${kb(total(loaded.workers))}`.padStart(11)}  ${loaded.workers.map((worker) => worker.url).join(', ')} (worker, off the main thread), ${kb(total(loaded.page) + total(loaded.workers))} in all`,
      )
  }
  return firstVisit
}

/** Bundle sizes: the first visit to `/` and every screen without a map, in real Chromium; MapLibre's place. */
export async function benchBundles(server: RunningServer, distDir: string): Promise<BenchReport> {
  const report: BenchReport = { lines: [], failures: [] }
  const manifest = readManifest(distDir)
  const routes = routeChunks(manifest, distDir)
  for (const route of routes) {
    if (!mapRoutes.includes(route.route) && !screens[route.route])
      report.failures.push(`${route.route}: no screen to measure in tests/bench/bundles.ts`)
  }

  const browser = await chromium.launch(chromiumLaunchOptions)
  let firstVisit: Script[]
  try {
    const pageFiles = new Set(Object.values(manifest).map((chunk) => `/${chunk.file}`))
    firstVisit = await measureScreens(browser, server, report, pageFiles)
  } finally {
    await browser.close()
  }

  report.lines.push('\nFirst visit to / (anonymous, demo tenant), JavaScript gzip:')
  for (const script of [...firstVisit].sort((a, b) => b.gzipBytes - a.gzipBytes))
    report.lines.push(`  ${kb(script.gzipBytes).padStart(9)}  ${script.url}`)
  against(
    report,
    'first visit to /',
    kb(total(firstVisit)),
    kb(firstVisitBudget),
    total(firstVisit) <= firstVisitBudget,
  )

  report.lines.push('\nChunks each route adds to the entry, gzip:')
  for (const route of routes) {
    const mapLibre = route.files.some((file) => containsMapLibre(distDir, file))
    const allowed = mapRoutes.includes(route.route)
    const verdict = mapLibre && !allowed ? '  MAPLIBRE NOT ALLOWED HERE' : mapLibre ? '  (map)' : ''
    if (mapLibre && !allowed) report.failures.push(`${route.route} loads MapLibre`)
    report.lines.push(`  ${kb(route.gzipBytes).padStart(9)}  ${route.route}${verdict}`)
  }
  const firstVisitMapLibre = firstVisit.some((script) =>
    containsMapLibre(distDir, script.url.replace(/^\//, '')),
  )
  if (firstVisitMapLibre) report.failures.push('the first visit loads MapLibre')
  report.lines.push(`\nMapLibre on the first visit: ${firstVisitMapLibre ? 'YES (not allowed)' : 'no'}`)
  return report
}
