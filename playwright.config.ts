import { defineConfig } from '@playwright/test'
import { chromiumLaunchOptions } from './tests/e2e/support/chromium'

/**
 * End-to-end tests drive Debian's Chromium (Playwright cannot download browsers here) against the built portal
 * and a real API host with a fresh in-memory database per worker (see tests/e2e/support/fixtures.ts).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // A stray test.only would silently run one test in CI.
  forbidOnly: !!process.env.CI,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: 0,
  // The journeys walk whole flows with axe at each step; the longest take 45-60 s on a quiet 2-core machine and
  // up to 72 s in a fresh-clone CI run whose two workers kept both cores busy (run queue 7-11). A hang still
  // fails, in 150 s.
  timeout: 150_000,
  // In that run a page that shows in 2 s alone took over 10 s: four different journeys failed once each that
  // way, none in another run. 20 s is headroom for that load; a screen that never comes still fails.
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    browserName: 'chromium',
    locale: 'en-US',
    timezoneId: 'Europe/Helsinki',
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
})
