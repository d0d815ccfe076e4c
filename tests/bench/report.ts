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
