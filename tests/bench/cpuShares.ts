/**
 * Who used the machine's cores over a span of a bench: named groups of processes (the server, its database
 * connections, the load generator) and everyone else, from /proc (Linux). On a shared machine "everyone else"
 * says whether a figure was measured in peace.
 */
import { readFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'

/** Clock ticks a second in /proc (USER_HZ, 100 on Linux). */
const ticksPerSecond = 100

/** A process's CPU time (user + system) in clock ticks; 0 once it has gone. */
export async function processTicks(pid: number): Promise<number> {
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ')
    return Number(fields[11]) + Number(fields[12])
  } catch {
    return 0
  }
}

/** The whole machine's busy and total clock ticks, over all its cores. */
async function machineTicks(): Promise<{ busy: number; total: number }> {
  const [, ...times] = (await readFile('/proc/stat', 'utf8')).split('\n')[0]!.trim().split(/\s+/)
  const values = times.map(Number)
  const total = values.reduce((sum, value) => sum + value, 0)
  // idle and iowait are the fourth and fifth.
  return { busy: total - values[3]! - values[4]!, total }
}

export interface CpuShares {
  /** Cores each group used on average (1 = one core all the span). */
  groups: Record<string, number>
  /** Cores every other process used. */
  others: number
  cores: number
}

/** Starts a span over `groups` (name: process ids); the function it gives ends it. */
export async function cpuSpan(groups: Record<string, readonly number[]>): Promise<() => Promise<CpuShares>> {
  const read = async () => ({
    at: performance.now(),
    machine: await machineTicks(),
    groups: await Promise.all(Object.values(groups).map(async (pids) => Promise.all(pids.map(processTicks)))),
  })
  const from = await read()
  return async () => {
    const to = await read()
    const seconds = (to.at - from.at) / 1000
    const cores = availableParallelism()
    const names = Object.keys(groups)
    const used = names.map(
      (_, group) =>
        to.groups[group]!.reduce(
          // A process gone by the end is left out rather than counted negative.
          (sum, ticks, index) => sum + (ticks > 0 ? ticks - from.groups[group]![index]! : 0),
          0,
        ) /
        ticksPerSecond /
        seconds,
    )
    const machineBusy =
      ((to.machine.busy - from.machine.busy) / (to.machine.total - from.machine.total)) * cores
    const ours = used.reduce((sum, value) => sum + value, 0)
    return {
      groups: Object.fromEntries(names.map((name, group) => [name, used[group]!])),
      others: Math.max(0, machineBusy - ours),
      cores,
    }
  }
}
