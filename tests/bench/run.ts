/**
 * `npm run bench`: builds the portal, starts the real API host over it, and runs each section in order against
 * its budgets. Every section returns a BenchReport (tests/bench/report.ts); the bench prints their lines and
 * exits non-zero when any budget is broken. `--no-build` reuses dist/; `--only=name,name` runs some sections.
 */
import { execSync } from 'node:child_process'
import { startServer, type RunningServer } from '../e2e/support/server'
import { benchApiThroughput } from './apiThroughput'
import { benchBundles } from './bundles'
import { benchLighthouse } from './lighthouse'
import { benchOfflineStart } from './offlineStart'
import { benchOperatorLoad } from './operatorLoad'
import { benchPollCapacity } from './pollCapacity'
import { benchMailSender } from './mailSender'
import { benchPushSender } from './pushSender'
import { benchReplayQueue } from './replayQueue'
import { benchServerStart } from './serverStart'
import { benchWebhookSender } from './webhookSender'
import type { BenchReport } from './report'
import { benchSchoolDay } from './schoolDay'

const distDir = 'dist'

const sections: Record<string, (server: RunningServer) => Promise<BenchReport>> = {
  bundles: (server) => benchBundles(server, distDir),
  // Its own host over a copy of the build with the floor page beside the portal (tests/bench/offlineFloor.ts).
  offlineStart: () => benchOfflineStart(distDir),
  lighthouse: (server) => benchLighthouse(server),
  // Starts its own hosts (PGlite, and PostgreSQL when TEST_DATABASE_URL is set) and a bare baseline.
  apiThroughput: () => benchApiThroughput(),
  // Its own host on a fresh PostgreSQL database (TEST_DATABASE_URL; else not measured) and the bare baseline.
  pollCapacity: () => benchPollCapacity(),
  // Its own host on a fresh PostgreSQL database (TEST_DATABASE_URL; else not measured) and its own Chromium.
  replayQueue: () => benchReplayQueue(),
  // Starts the compiled server again and again on databases of its own, and measures it idle.
  serverStart: () => benchServerStart(),
  // Its own databases (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), no server: rows and bytes of a day.
  schoolDay: () => benchSchoolDay(),
  // Its own database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set) and a local push service stand-in.
  pushSender: () => benchPushSender(),
  // Its own database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set) and a local SMTP relay (smtpPeer.ts).
  mailSender: () => benchMailSender(),
  // Its own database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set) and a local webhook receiver stand-in.
  webhookSender: () => benchWebhookSender(),
  // Its own host on a fresh PostgreSQL database (TEST_DATABASE_URL; else not measured), and a second for the floor.
  operatorLoad: () => benchOperatorLoad(),
}

async function main(): Promise<void> {
  const only = process.argv
    .find((arg) => arg.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',')
  if (!process.argv.includes('--no-build')) execSync('npm run build', { stdio: 'inherit' })
  const server = await startServer()
  const failures: string[] = []
  try {
    for (const [name, section] of Object.entries(sections)) {
      if (only && !only.includes(name)) continue
      const report = await section(server)
      for (const line of report.lines) console.log(line)
      failures.push(...report.failures)
    }
  } finally {
    await server.stop()
  }
  if (failures.length > 0) {
    console.error(
      `\n${failures.length} budget(s) broken:\n${failures.map((failure) => `  - ${failure}`).join('\n')}`,
    )
    process.exit(1)
  }
  console.log('\nEvery budget holds.')
}

await main()
