/**
 * `npm run bench`: bundle sizes against their budgets. Builds the portal, measures the JavaScript a first visit
 * to `/` loads in real Chromium, and the chunks each route adds. Exits non-zero when a budget is broken.
 */
import { execSync } from 'node:child_process'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { chromiumLaunchOptions } from '../e2e/support/chromium'
import { startServer } from '../e2e/support/server'
import { containsMapLibre, readManifest, routeChunks } from './bundleSizes'

const distDir = 'dist'
const firstVisitBudget = 170 * 1024
/** Routes that show a map may load MapLibre; no other screen may. */
const mapRoutes = ['src/routes/_auth/trips.$id.$date.tsx', 'src/routes/track.$link.tsx']

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

async function firstVisitJs(origin: string): Promise<{ url: string; gzipBytes: number }[]> {
  const browser = await chromium.launch(chromiumLaunchOptions)
  try {
    // Service workers are blocked so that the precache download is not counted as the page's own load.
    const context = await browser.newContext({ serviceWorkers: 'block' })
    const page = await context.newPage()
    const scripts: Promise<{ url: string; gzipBytes: number }>[] = []
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return
      scripts.push(
        response
          .body()
          .then((body) => ({ url: new URL(response.url()).pathname, gzipBytes: gzipSync(body).length })),
      )
    })
    await page.goto(`${origin}/?lang=en`, { waitUntil: 'networkidle' })
    return await Promise.all(scripts)
  } finally {
    await browser.close()
  }
}

async function main(): Promise<void> {
  execSync('npm run build', { stdio: 'inherit' })
  const server = await startServer()
  let failed = false
  try {
    const scripts = await firstVisitJs(server.tenantOrigin('demo'))
    const total = scripts.reduce((sum, script) => sum + script.gzipBytes, 0)
    console.log('\nFirst visit to / (anonymous, demo tenant), JavaScript gzip:')
    for (const script of scripts.sort((a, b) => b.gzipBytes - a.gzipBytes))
      console.log(`  ${kb(script.gzipBytes).padStart(9)}  ${script.url}`)
    const withinBudget = total <= firstVisitBudget
    failed ||= !withinBudget
    console.log(
      `  ${kb(total).padStart(9)}  total, budget ${kb(firstVisitBudget)}: ${withinBudget ? 'OK' : 'OVER BUDGET'}`,
    )

    const manifest = readManifest(distDir)
    console.log('\nChunks each route adds to the entry, gzip:')
    for (const route of routeChunks(manifest, distDir)) {
      const mapLibre = route.files.some((file) => containsMapLibre(distDir, file))
      const allowed = mapRoutes.includes(route.route)
      const verdict = mapLibre && !allowed ? '  MAPLIBRE NOT ALLOWED HERE' : mapLibre ? '  (map)' : ''
      failed ||= mapLibre && !allowed
      console.log(`  ${kb(route.gzipBytes).padStart(9)}  ${route.route}${verdict}`)
    }
    const firstVisitMapLibre = scripts.some((script) =>
      containsMapLibre(distDir, script.url.replace(/^\//, '')),
    )
    failed ||= firstVisitMapLibre
    console.log(`\nMapLibre on the first visit: ${firstVisitMapLibre ? 'YES (not allowed)' : 'no'}`)
  } finally {
    await server.stop()
  }
  if (failed) {
    console.error('\nA budget is broken.')
    process.exit(1)
  }
}

await main()
