import { pathToFileURL } from 'node:url'

/** What one section of `npm run bench` gives back: lines to print, and the budgets it found broken. */
export interface BenchReport {
  lines: string[]
  failures: string[]
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

/** A figure against its budget, as one printed line; a broken budget is also recorded in `failures`. */
export function against(
  report: BenchReport,
  label: string,
  value: string,
  budget: string,
  withinBudget: boolean,
): void {
  report.lines.push(
    `  ${value.padStart(9)}  ${label}, budget ${budget}: ${withinBudget ? 'OK' : 'OVER BUDGET'}`,
  )
  if (!withinBudget) report.failures.push(`${label}: ${value} (budget ${budget})`)
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/**
 * Runs a section by itself when its file is the script node was started with (`npx tsx tests/bench/x.ts`):
 * its lines, and a non-zero exit when a budget is broken.
 */
export async function runWhenMain(moduleUrl: string, section: () => Promise<BenchReport>): Promise<void> {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? '').href) return
  const { lines, failures } = await section()
  console.log(lines.join('\n'))
  if (failures.length > 0) {
    console.error(`\nBudgets broken:\n  ${failures.join('\n  ')}`)
    process.exit(1)
  }
}
