/**
 * How many pollers one API instance serves on PostgreSQL, polled as the portal polls: guardians with a trip
 * open, each polling `POST api/trip/status` every 10 s (the fast polling interval of
 * src/domain/tracking/pollingPlan.ts, which both the trip detail and the tracking page follow) with a session
 * and access token of their own, and one drivers' office per 10 guardians polling `GET api/track/{link}` of a
 * trip, each on a keep-alive connection of its own with the If-None-Match of its last ETag, sent open-loop
 * (tests/bench/openLoop.ts; tests/bench/pollCrowd.ts says who the guardians and offices are). The trips do not
 * change during the run (demo simulator off), so after each client's first answer every poll is a 304: the
 * cheapest answer; moving cars make polls dearer.
 *
 * The real API host runs compiled, as its own process, on a fresh PostgreSQL database (TEST_DATABASE_URL; without
 * it the section prints that it needs it and measures nothing). The number of guardians doubles from
 * `firstGuardians` until the p99 latency of a window passes 50 ms or any answer fails, then the gap is bisected
 * once. Before a step, each client it adds makes its first poll, a few at a time (openLoop.ts primeClients:
 * a 200 built from the database, far dearer than the 304s after it), so that a step measures N screens open,
 * not N opened at once; then, once the server is idle again, the step warms up for one full interval and
 * measures the next. The same ramp, from the cap down, runs against the bare node:http server
 * (tests/bench/bareServer.ts) answering the host's recorded 200 answers to every request. The load generator
 * runs in the bench process, on the same two cores as the host and PostgreSQL: each step prints the cores the
 * server, its PostgreSQL connections, the generator and everything else used, and how busy the generator's loop
 * was and how late it sent; the figure says when the step that broke had the generator or other processes
 * rather than the server as its limit. Connections are capped at what one process may hold here.
 *
 * `npx tsx tests/bench/pollCapacity.ts` runs it alone.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { fastPollingMs } from '../../src/domain/tracking/pollingPlan'
import { startServer } from '../e2e/support/server'
import { onFreshPostgres, startBareServer } from './apiThroughput'
import { cpuSpan, processTicks, type CpuShares } from './cpuShares'
import {
  closeClients,
  pollingClient,
  primeClients,
  runOpenLoop,
  type OpenLoopResult,
  type Poller,
  type PollingClient,
} from './openLoop'
import { openPollingCrowd } from './pollCrowd'
import { recordResponse, type RecordedResponse } from './recordedResponse'
import { runWhenMain, type BenchReport } from './report'

const intervalMs = fastPollingMs
const guardiansPerOffice = 10
const p99BudgetMs = 50
const firstGuardians = 2_000
/**
 * Every client holds a connection, in the bench process and in the server's: 16,000 guardians and their 1,600
 * offices stay under the 20,000 files a process may open here.
 */
const maxGuardians = 16_000
/**
 * The budget. On the main of 27 November 2026, on this 2-core machine quiet but for PostgreSQL and the generator,
 * runs held 4,000 to 8,000 guardians (8,000: p99 7.6 ms; 10,000 broke) with a tenth as many offices. The
 * server then used under half a core: what broke a step was rare stalls of 100 to 170 ms (not the server's
 * garbage collector, whose pauses stayed under 30 ms), and one such stall in a 10 s window is 1 % of its polls.
 * The floor is the lowest of those, less 25 %. Raise it as polls get cheaper: a session cache that outlives the
 * poll interval makes most polls replays.
 */
const floorGuardians = 3_000
/** First polls of the clients a step adds, sent this many at a time before it. */
const primeConcurrency = 8
const loop = { intervalMs, warmupMs: intervalMs, windowMs: intervalMs, graceMs: 3_000 }
/** The generator's event loop busier than this: it, not the server, was the limit. */
const generatorBusyLimit = 0.9
/** Other processes using more cores than this: the machine was not the bench's alone. */
const othersLimit = 0.3

const officesFor = (guardians: number) => Math.floor(guardians / guardiansPerOffice)
const thousands = (value: number) => Math.round(value).toLocaleString('en-US')
const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`

/**
 * Waits (at most 20 s) until the server uses less than a tenth of a core: what it still owes a step that broke
 * (requests it had read before their connections were cut) must not be counted against the next.
 */
async function settled(pid: number): Promise<void> {
  const deadline = performance.now() + 20_000
  while (performance.now() < deadline) {
    const before = await processTicks(pid)
    await new Promise((resolve) => setTimeout(resolve, 500))
    if ((await processTicks(pid)) - before <= 5) return
  }
}

/** The process ids of the API host's PostgreSQL connections (its pool's and its notification listener's). */
async function hostConnections(databaseUrl: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and application_name like 'portal%'",
    )
    return rows.map((row) => row.pid)
  } finally {
    await client.end()
  }
}

interface Step {
  guardians: number
  result: OpenLoopResult
  /** The cores the server, its database connections and the generator used in the window, and others. */
  cpu: CpuShares
  /** New clients' first polls that did not answer 200, by outcome. */
  firstPollFailures: Record<string, number>
}

const held = (step: Step) => step.result.p99Ms < p99BudgetMs && step.result.errors === 0

/** Why a step that broke may not be the server's limit; undefined when it is. */
function otherLimit(step: Step): string | undefined {
  const at = thousands(step.guardians)
  if (step.result.generatorBusy > generatorBusyLimit)
    return `the generator's loop was ${Math.round(step.result.generatorBusy * 100)} % busy at ${at}`
  if (step.cpu.others > othersLimit)
    return `other processes used ${step.cpu.others.toFixed(1)} of the ${step.cpu.cores} cores at ${at}`
  return undefined
}

function describe(step: Step): string {
  const { result, cpu } = step
  const outcomes = Object.entries(result.outcomes)
    .map(([outcome, count]) => `${outcome} x ${thousands(count)}`)
    .join(', ')
  const failedFirst = Object.entries(step.firstPollFailures)
    .map(([outcome, count]) => `; first polls ${outcome} x ${thousands(count)}`)
    .join('')
  const cores = Object.entries({ ...cpu.groups, others: cpu.others })
    .map(([name, used]) => `${name} ${used.toFixed(2)}`)
    .join(', ')
  return (
    `    ${thousands(step.guardians).padStart(6)} + ${thousands(officesFor(step.guardians)).padStart(5)} ` +
    `(${thousands((result.sent * 1000) / loop.windowMs)}/s): p50 ${ms(result.p50Ms)}, p99 ${ms(result.p99Ms)}, ` +
    `max ${ms(result.maxMs)}; ${outcomes}${failedFirst}; cores of ${cpu.cores}: ${cores}; generator loop ` +
    `${Math.round(result.generatorBusy * 100)} % busy, sends ${ms(result.sendLagP99Ms)} late at p99: ` +
    `${held(step) ? 'held' : 'BROKE'}`
  )
}

/** Bisections of the gap between the last step that held and the first that broke: one, for time. */
const bisections = 1

/**
 * Guardians double from `first` until a step breaks, then the gap is bisected (to a hundred). Returns the
 * largest step that held (undefined when none did), the step that broke (undefined when the cap held), and all.
 */
async function ramp(first: number, measure: (guardians: number) => Promise<Step>) {
  const steps: Step[] = []
  let best: Step | undefined
  let broke: Step | undefined
  for (let guardians = first; ; guardians = Math.min(guardians * 2, maxGuardians)) {
    const step = await measure(guardians)
    steps.push(step)
    if (!held(step)) {
      broke = step
      break
    }
    best = step
    if (guardians >= maxGuardians) break
  }
  for (let round = 0; broke && round < bisections; round++) {
    const middle = Math.round(((best?.guardians ?? 0) + broke.guardians) / 200) * 100
    if (middle <= (best?.guardians ?? 0) || middle >= broke.guardians) break
    const step = await measure(middle)
    steps.push(step)
    if (held(step)) best = step
    else broke = step
  }
  return { best, broke, steps }
}

/**
 * One instance's ramp. `pollers` of a larger step begin with those of a smaller one: each keeps its client, its
 * connection and ETag, from step to step, as an open browser does. `processes` names the server's processes
 * (its database connections too), read when the window opens.
 */
function rampAgainst(
  origin: string,
  serverPid: number,
  pollers: (guardians: number) => Promise<Poller[]>,
  processes: () => Promise<Record<string, number[]>>,
) {
  const clients: PollingClient[] = []
  return {
    measure: async (guardians: number): Promise<Step> => {
      const stepPollers = await pollers(guardians)
      for (const poller of stepPollers.slice(clients.length)) clients.push(pollingClient(poller))
      const stepClients = clients.slice(0, stepPollers.length)
      const firstPollFailures = await primeClients(stepClients, origin, primeConcurrency)
      await settled(serverPid)
      let cpu: Promise<CpuShares> | undefined
      const onWindow = () => {
        const span = processes().then((groups) => cpuSpan({ ...groups, generator: [process.pid] }))
        return () => {
          cpu = span.then((end) => end())
        }
      }
      const result = await runOpenLoop(stepClients, { origin, ...loop, onWindow })
      return { guardians, result, cpu: await cpu!, firstPollFailures }
    },
    close: () => closeClients(clients),
  }
}

/** Each guardian's poll, with an office's after every 10th guardian, so the offices are spread over the interval. */
function mix(guardians: readonly Poller[], offices: readonly Poller[], count: number): Poller[] {
  const mixed: Poller[] = []
  for (let index = 0; index < count; index++) {
    mixed.push(guardians[index]!)
    if (index % guardiansPerOffice === guardiansPerOffice - 1) {
      mixed.push(offices[Math.floor(index / guardiansPerOffice)]!)
    }
  }
  return mixed
}

/** What a ramp held, in words: the largest step, or that none held, and what cut the ramp short. */
function capacity(outcome: Awaited<ReturnType<typeof ramp>>, what: (guardians: number) => string): string {
  const { best, broke } = outcome
  const held = best
    ? `${what(best.guardians)} (p99 ${ms(best.result.p99Ms)})`
    : `not even ${what(broke!.guardians)} (p99 ${ms(broke!.result.p99Ms)})`
  if (!broke) return `${held}, the most connections this machine allows: the server may hold more`
  const other = otherLimit(broke)
  return other ? `${held}; ${other}` : held
}

async function measureOn(databaseUrl: string, report: BenchReport): Promise<void> {
  // Every office polls from one address here: its per-address limit is lifted. The simulator would move the
  // trips on.
  const server = await startServer({
    STATIC_DIR: 'none',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    TRACK_RATE_LIMIT_PER_MINUTE: String(1_000_000_000),
    DEMO_SIMULATOR: 'off',
  })
  const crowd = await openPollingCrowd(databaseUrl)
  const folder = await mkdtemp(join(tmpdir(), 'bench-poll-'))
  const lines = report.lines
  try {
    const origin = `http://127.0.0.1:${server.port}`
    const pollers = async (guardians: number) => {
      await crowd.grow(guardians, officesFor(guardians))
      return mix(crowd.guardians, crowd.offices, guardians)
    }
    await crowd.grow(1, 1)
    const responses: Record<string, RecordedResponse> = {}
    for (const poller of [crowd.guardians[0]!, crowd.offices[0]!]) {
      const { method, path, headers, body } = poller
      const answer = await recordResponse(await fetch(`${origin}${path}`, { method, headers, body }))
      if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status}`)
      responses[path] = answer
    }

    lines.push(
      `Poll capacity on PostgreSQL: guardians + offices polling every ${intervalMs / 1000} s, open loop, ` +
        `p99 of a ${loop.windowMs / 1000} s window after ${loop.warmupMs / 1000} s:`,
      '  API host (compiled, own process):',
    )
    const api = rampAgainst(origin, server.pid, pollers, async () => ({
      server: [server.pid],
      postgres: await hostConnections(databaseUrl),
    }))
    const apiRamp = await ramp(firstGuardians, async (guardians) => {
      const step = await api.measure(guardians)
      lines.push(describe(step))
      return step
    })
    api.close()
    await server.stop()

    const bare = await startBareServer(responses, folder)
    try {
      lines.push('  bare node:http server, the recorded answers:')
      // It answers by path: every office (the GETs) asks for the one recorded link.
      const officePath = crowd.offices[0]!.path
      const bareLoad = rampAgainst(
        bare.origin,
        bare.pid,
        async (guardians) =>
          (await pollers(guardians)).map((poller) =>
            poller.method === 'GET' ? { ...poller, path: officePath } : poller,
          ),
        async () => ({ server: [bare.pid] }),
      )
      // At the cap first: the bare server has held it on this machine, so one step usually says all.
      const bareRamp = await ramp(maxGuardians, async (guardians) => {
        const step = await bareLoad.measure(guardians)
        lines.push(describe(step))
        return step
      })
      bareLoad.close()
      const apiHeld = apiRamp.best?.guardians ?? 0
      const crowdOf = (guardians: number) =>
        `${thousands(guardians)} guardians + ${thousands(officesFor(guardians))} offices`
      lines.push(
        `pollCapacity (PostgreSQL), polling every ${intervalMs / 1000} s, held p99 < ${p99BudgetMs} ms: ` +
          `${capacity(apiRamp, crowdOf)}; bare server: ${capacity(bareRamp, thousands)}; ` +
          `budget >= ${thousands(floorGuardians)} guardians: ${apiHeld >= floorGuardians ? 'OK' : 'OVER BUDGET'}`,
      )
      if (apiHeld < floorGuardians) {
        report.failures.push(
          `pollCapacity: ${thousands(apiHeld)} guardians held p99 < ${p99BudgetMs} ms (budget ${thousands(floorGuardians)})`,
        )
      }
    } finally {
      await bare.stop()
    }
  } finally {
    await server.stop()
    await crowd.close()
    await rm(folder, { recursive: true, force: true })
  }
}

export const benchPollCapacity = () => onFreshPostgres('pollCapacity', measureOn)

await runWhenMain(import.meta.url, benchPollCapacity)
