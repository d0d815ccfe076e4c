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
  // The journeys walk whole flows with axe at each step; the longest take 45-60 s on a quiet 2-core machine, so
  // 60 s failed them whenever the machine was busy. A hang still fails in 90 s.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    browserName: 'chromium',
    locale: 'en-US',
    timezoneId: 'Europe/Helsinki',
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
})
