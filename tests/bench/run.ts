/**
 * `npm run bench`: builds the portal, starts the real API host over it, and runs each section in order against
 * its budgets. Every section returns a BenchReport (tests/bench/report.ts); the bench prints their lines and
 * exits non-zero when any budget is broken.
 */
import { execSync } from 'node:child_process'
import { startServer } from '../e2e/support/server'
import { benchBundles } from './bundles'
import type { BenchReport } from './report'

const distDir = 'dist'

async function main(): Promise<void> {
  if (!process.argv.includes('--no-build')) execSync('npm run build', { stdio: 'inherit' })
  const server = await startServer()
  const sections: (() => Promise<BenchReport>)[] = [() => benchBundles(server, distDir)]
  const failures: string[] = []
  try {
    for (const section of sections) {
      const report = await section()
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
