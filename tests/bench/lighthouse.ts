import { mkdir, writeFile } from 'node:fs/promises'
import { chromium } from '@playwright/test'
import { launch } from 'chrome-launcher'
import lighthouse, { type Flags, type Result } from 'lighthouse'
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js'
import { chromiumLaunchOptions } from '../e2e/support/chromium'
import type { RunningServer } from '../e2e/support/server'
import { median, type BenchReport } from './report'
import { demoGuardian, signIn } from './signIn'

const tenant = 'demo'
/**
 * Runs per page. Lighthouse's own guidance on variability: run several times. The performance budget holds the
 * median of the runs' scores and the lowest; the other categories and the metrics are read from Lighthouse's
 * median run (the one closest to the median FCP and TTI).
 */
const runsPerPage = 5
/**
 * Every run is a new visitor's: besides what Lighthouse clears by default (service workers, caches), the
 * portal's IndexedDB and localStorage (a remembered user, their trips) from the run before.
 */
const clearStorageTypes: Flags['clearStorageTypes'] = [
  'file_systems',
  'shader_cache',
  'service_workers',
  'cache_storage',
  'indexeddb',
  'local_storage',
]
/** Runs whose recording failed that may be tried again, per page. */
const maxRetries = 2
/** Where the full Lighthouse reports are kept for a closer look (git ignores it). */
const reportDir = 'test-results/bench'

interface Target {
  name: string
  path: string
  signedIn: boolean
  /** The median of the runs' performance scores, and the median run's other scores. */
  budgets: Record<Category, number>
  /** The lowest performance score any run may have. */
  lowestRun: number
}

/** Total Blocking Time of the median run, on every page. */
const tbtBudgetMs = 150

type Category = 'performance' | 'accessibility' | 'best-practices'

const targets: Target[] = [
  {
    name: 'home',
    path: '/?lang=en',
    signedIn: false,
    budgets: { performance: 0.98, accessibility: 1, 'best-practices': 1 },
    lowestRun: 0.95,
  },
  {
    name: 'signed-in /trips',
    path: '/trips?lang=en',
    signedIn: true,
    budgets: { performance: 0.95, accessibility: 1, 'best-practices': 1 },
    lowestRun: 0.9,
  },
]

/** The session cookie of a signed-in demo user, as a Cookie header Lighthouse sends with every request. */
async function sessionCookie(origin: string): Promise<string> {
  const browser = await chromium.launch(chromiumLaunchOptions)
  try {
    const context = await browser.newContext()
    await signIn(context, origin, demoGuardian)
    const cookies = await context.cookies(origin)
    const session = cookies.find((cookie) => cookie.name.startsWith('portal_session_'))
    if (!session) throw new Error('Signing in gave no session cookie')
    return `${session.name}=${session.value}`
  } finally {
    await browser.close()
  }
}

const ms = (value: number | undefined) => (value === undefined ? '?' : `${Math.round(value)} ms`)

/**
 * Lighthouse 12 with its default mobile settings (simulated throttling) against the built portal on the real
 * server, in Debian's Chromium: the scores against their budgets, and LCP, TBT and CLS.
 */
export async function benchLighthouse(server: RunningServer): Promise<BenchReport> {
  const report: BenchReport = { lines: ['\nLighthouse (mobile, simulated throttling):'], failures: [] }
  const origin = server.tenantOrigin(tenant)
  const cookie = await sessionCookie(origin)
  const chrome = await launch({
    chromePath: chromiumLaunchOptions.executablePath,
    chromeFlags: chromiumLaunchOptions.args,
    logLevel: 'silent',
  })
  try {
    for (const target of targets) {
      const runs: Result[] = []
      let failed: Result | null = null
      // A run whose recording failed (Lighthouse's own runtime error, e.g. NO_NAVSTART) is tried again; one
      // that fails every attempt fails the bench.
      for (let attempt = 0; runs.length < runsPerPage && attempt < runsPerPage + maxRetries; attempt++) {
        const result = await lighthouse(`${origin}${target.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: Object.keys(target.budgets),
          clearStorageTypes,
          ...(target.signedIn ? { extraHeaders: { Cookie: cookie } } : {}),
        })
        if (!result) throw new Error(`Lighthouse gave no result for ${target.path}`)
        if (result.lhr.runtimeError) failed = result.lhr
        else runs.push(result.lhr)
      }
      if (runs.length < runsPerPage) {
        const error = failed?.runtimeError
        report.failures.push(`Lighthouse on ${target.name}: ${error?.code ?? 'no result'}`)
        report.lines.push(`  ${target.name}: Lighthouse failed, ${error?.message ?? 'no result'}`)
        continue
      }
      const lhr: Result = computeMedianRun(runs)
      const { categories, audits } = lhr
      const file = `${reportDir}/lighthouse-${target.name.replace(/\W+/g, '-')}.json`
      await mkdir(reportDir, { recursive: true })
      await writeFile(file, JSON.stringify(lhr))
      const performances = runs.map((run) => run.categories.performance?.score ?? 0)
      const scores = Object.entries(target.budgets).map(([category, budget]) => {
        const score = category === 'performance' ? median(performances) : (categories[category]?.score ?? 0)
        if (score < budget)
          report.failures.push(`Lighthouse ${category} on ${target.name}: ${score} (budget ${budget})`)
        return `${category} ${score.toFixed(2)}${score < budget ? ` (BELOW ${budget})` : ''}`
      })
      const lowest = Math.min(...performances)
      if (lowest < target.lowestRun)
        report.failures.push(
          `Lighthouse performance, lowest run on ${target.name}: ${lowest} (budget ${target.lowestRun})`,
        )
      report.lines.push(
        `  ${target.name}, ${runsPerPage} runs (performance, lowest at least ${target.lowestRun}${lowest < target.lowestRun ? ': BELOW' : ''}; the host's benchmarkIndex beside each):`,
        `    ${runs.map((run) => `${(run.categories.performance?.score ?? 0).toFixed(2)} (${Math.round(run.environment.benchmarkIndex)})`).join(', ')}`,
        `    median: ${scores.join(', ')}`,
      )
      const tbt = audits['total-blocking-time']?.numericValue ?? 0
      if (tbt >= tbtBudgetMs)
        report.failures.push(`Lighthouse TBT on ${target.name}: ${ms(tbt)} (budget under ${tbtBudgetMs} ms)`)
      report.lines.push(
        `    LCP ${ms(audits['largest-contentful-paint']?.numericValue)}, TBT ${ms(tbt)}${tbt >= tbtBudgetMs ? ` (OVER ${tbtBudgetMs} ms)` : ''}, CLS ${(audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)}`,
      )
      const failing = Object.values(audits)
        .filter(
          (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative',
        )
        .map((audit) => audit.id)
      if (failing.length > 0) report.lines.push(`    audits to look at (${file}): ${failing.join(', ')}`)
    }
  } finally {
    chrome.kill()
  }
  return report
}
