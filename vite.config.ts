/// <reference types="vitest/config" />
import { lingui } from '@lingui/vite-plugin'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { defineConfig } from 'vite'
import { basemap } from './vite.basemap'
import { catalogParts } from './vite.catalogParts'
import { linguiMacro } from './vite.linguiMacro'
import { nativeTemporal } from './vite.nativeTemporal'
import { startPreloads } from './vite.startPreloads'

/** The release error reports name: RELEASE when set, else the package version and the commit when git knows it. */
function release(): string {
  if (process.env.RELEASE) return process.env.RELEASE
  const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    })
    return `${version}+${commit.toString().trim()}`
  } catch {
    return version
  }
}

export default defineConfig({
  plugins: [
    nativeTemporal(),
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      quoteStyle: 'single',
      semicolons: false,
    }),
    linguiMacro(),
    react(),
    lingui({ failOnMissing: true, failOnCompileError: true }),
    catalogParts(),
    tailwindcss(),
    basemap(),
    startPreloads(),
  ],
  define: { __PORTAL_RELEASE__: JSON.stringify(release()) },
  worker: { format: 'es', plugins: () => [nativeTemporal(), linguiMacro()] },
  build: {
    target: 'es2022',
    manifest: true,
    sourcemap: true,
    // Every tenant's logo inlined as a data URL would put all of them in the entry chunk; one small file each
    // loads only the tenant's own (and the service worker precaches them).
    assetsInlineLimit: (file) => (file.endsWith('.svg') ? false : undefined),
    rolldownOptions: {
      output: {
        // What the first page statically needs is one chunk, not ten the entry preloads (each one more request
        // and more module bookkeeping on every start); screens' shared code is split as usual. The Temporal
        // polyfill, which only a browser without Temporal loads, is one chunk named for what it is.
        codeSplitting: {
          groups: [
            { name: 'start', tags: ['$initial'] },
            { name: 'temporal-polyfill', test: /node_modules[\\/]temporal-polyfill[\\/]/ },
            // The native Temporal's two lines travel with the date formats, which nearly every user of them
            // loads anyway, rather than as a chunk of their own.
            {
              name: 'dateDisplay',
              test: /src[\\/](app[\\/]startup[\\/]nativeTemporal|domain[\\/]dateDisplay)\.ts$/,
            },
            // The outbox's helpers and the catalogue they read: every screen that queues or shows a command
            // needs both; and the data hooks with the views they answer with, which every signed-in screen
            // reads. Only these modules (their imports, such as the contract's codes, stay shared).
            {
              name: 'commands',
              test: /src[\\/](commands[\\/](catalogue|cancel|review|definition|tripView|outboxCommand)|app[\\/](data[\\/](commands|data|live)|browser[\\/]backgroundSync)|db[\\/](views|messageStore))\.ts$/,
              includeDependenciesRecursively: false,
            },
            // Every signed-in screen loads the signed-in shell, and the menus it shares with a screen or two
            // were chunks of their own: two more requests on every signed-in start, each costing the start's
            // main thread (bench: offlineStart).
            {
              name: 'signedInShell',
              test: /src[\\/]components[\\/](shell[\\/](signedInShell|AccountMenu|BottomNav|LogoutConfirm|PushRefresh|SyncStatus|menuItems)|ui[\\/]DropdownMenu)\.tsx?$/,
              includeDependenciesRecursively: false,
            },
            // The parts of a trip's card that the trips list, a trip's page, the tracking page and the
            // messages share: one chunk, not five requests on the trips screen's start.
            {
              name: 'tripParts',
              test: /src[\\/](components[\\/](trips[\\/](TripSummary|SeriesMark|TripChip|tripFormat)|ui[\\/]Chip)|domain[\\/](trips[\\/]chip|series[\\/]seriesWords)|app[\\/]browser[\\/]useNow)\.tsx?$/,
              includeDependenciesRecursively: false,
            },
            // A form's primitives with the data actions and the wait for auth that come with them: the forms of
            // booking, cancelling, messages and the account screens use them all together, one request.
            {
              name: 'formParts',
              test: /src[\\/](components[\\/](ui[\\/](Field|Fieldset)|forms[\\/]formErrorMessages)|app[\\/](data[\\/]actions|session[\\/]authSettled))\.tsx?$/,
              includeDependenciesRecursively: false,
            },
            // What booking's screen and its steps share with the passengers' and permissions' screens: the
            // tenant's feature switch, the no-passengers notice and booking's times.
            {
              name: 'bookingParts',
              test: /src[\\/](components[\\/](TenantFeature|passengers[\\/]NoPassengers)|domain[\\/]booking[\\/]time)\.tsx?$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Two files at a time on two cores, not Vitest's one: 79 s against 131 s.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/server/support/pgliteTemplates.ts', 'tests/server/support/workerDatabases.ts'],
          // Vitest's default on two cores is one file at a time; the files wait on their databases and
          // servers often enough that two at a time take three quarters of the time (605 s against 800 s).
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'engines',
          include: ['tests/engines/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 150_000,
        },
      },
    ],
  },
})
