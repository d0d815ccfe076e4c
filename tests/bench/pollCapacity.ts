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
 * `firstGuardians` until the p99 latency of a window passes 50 ms or any answer fails, then is bisected once;
 * each step warms up for one full interval (first answers carry bodies, connections open) and measures the next.
 * The same ramp runs against the bare node:http server (tests/bench/bareServer.ts) answering the host's recorded
 * 200 answers to every request, from the host's figure up. The load generator runs in the bench process on the
 * same two cores as the host and PostgreSQL: each step prints how busy its event loop was, how late it sent and
 * how busy the machine was, and the figure says when the step that broke had the generator, or the machine's
 * cores, rather than the server as its limit. Connections are capped at what one process may hold here.
 *
 * `npx tsx tests/bench/pollCapacity.ts` runs it alone.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { fastPollingMs } from '../../src/domain/tracking/pollingPlan'
import { startServer } from '../e2e/support/server'
import { freshPostgres, startBareServer } from './apiThroughput'
import {
  closeClients,
  pollingClient,
  runOpenLoop,
  type OpenLoopResult,
  type Poller,
  type PollingClient,
} from './openLoop'
import { openPollingCrowd } from './pollCrowd'
import { recordResponse, type RecordedResponse } from './recordedResponse'
import type { BenchReport } from './report'

const intervalMs = fastPollingMs
const guardiansPerOffice = 10
const p99BudgetMs = 50
const firstGuardians = 1_000
/**
 * Every client holds a connection, in the bench process and in the server's: 16,000 guardians and their 1,600
 * offices stay under the 20,000 files a process may open here.
 */
const maxGuardians = 16_000
/**
 * The budget: on today's main one instance held 2,000 guardians (and 200 offices) on this 2-core machine shared
 * with PostgreSQL and the generator; the floor is that less 25 %. Raise it as polls get cheaper (a session
 * cache that outlives the poll interval makes most polls replays).
 */
const floorGuardians = 1_500
const loop = { intervalMs, warmupMs: intervalMs, windowMs: intervalMs, graceMs: 3_000 }
/**
 * The generator's event loop busier than this: it, not the server, was the limit. Sends later than this while
 * it was not: the machine's cores were taken (by the server and PostgreSQL under the load, or by others).
 */
const generatorBusyLimit = 0.9
const sendLagLimitMs = 10

const officesFor = (guardians: number) => Math.floor(guardians / guardiansPerOffice)
const thousands = (value: number) => Math.round(value).toLocaleString('en-US')
const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`

/** CPU time in clock ticks (100 a second): a process's own (/proc/{pid}/stat), or the whole machine's busy time. */
async function processTicks(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ')
  return Number(fields[11]) + Number(fields[12])
}

async function machineTicks(): Promise<{ busy: number; total: number }> {
  const [, ...times] = (await readFile('/proc/stat', 'utf8')).split('\n')[0]!.trim().split(/\s+/)
  const values = times.map(Number)
  const total = values.reduce((sum, value) => sum + value, 0)
  return { busy: total - values[3]! - values[4]!, total }
}

interface Step {
  guardians: number
  result: OpenLoopResult
  /** The server's process, in cores (1 = one core all the window). */
  serverCores: number
  /** Of the whole machine, 0 to 1. */
  machineBusy: number
}

const held = (step: Step) => step.result.p99Ms < p99BudgetMs && step.result.errors === 0

/** Why a step that broke may not be the server's limit; undefined when it is. */
function otherLimit(step: Step): string | undefined {
  const { generatorBusy, sendLagP99Ms } = step.result
  if (generatorBusy > generatorBusyLimit)
    return `the generator's loop was ${Math.round(generatorBusy * 100)} % busy at ${thousands(step.guardians)}`
  if (sendLagP99Ms > sendLagLimitMs) {
    return (
      `at ${thousands(step.guardians)} the machine was ${Math.round(step.machineBusy * 100)} % busy and the ` +
      `generator sent ${ms(sendLagP99Ms)} late at p99`
    )
  }
  return undefined
}

function describe(step: Step): string {
  const { result } = step
  const outcomes = Object.entries(result.outcomes)
    .map(([outcome, count]) => `${outcome} x ${thousands(count)}`)
    .join(', ')
  return (
    `    ${thousands(step.guardians).padStart(6)} + ${thousands(officesFor(step.guardians)).padStart(5)} ` +
    `(${thousands((result.sent * 1000) / loop.windowMs)}/s): p50 ${ms(result.p50Ms)}, p99 ${ms(result.p99Ms)}, ` +
    `max ${ms(result.maxMs)}; ${outcomes}; server ${Math.round(step.serverCores * 100)} % of a core, machine ` +
    `${Math.round(step.machineBusy * 100)} % busy; generator ${Math.round(result.generatorBusy * 100)} % busy, ` +
    `sends late ${ms(result.sendLagP99Ms)} at p99 ${held(step) ? 'held' : 'BROKE'}`
  )
}

/**
 * Guardians double from `first` until a step breaks, then the gap is bisected once (to a hundred). Returns the
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
  const middle = broke && Math.round(((best?.guardians ?? 0) + broke.guardians) / 200) * 100
  if (broke && middle && middle > (best?.guardians ?? 0) && middle < broke.guardians) {
    const step = await measure(middle)
    steps.push(step)
    if (held(step)) best = step
    else broke = step
  }
  return { best, broke, steps }
}

/**
 * One instance's ramp. `pollers` of a larger step begin with those of a smaller one: each keeps its client, its
 * connection and ETag, from step to step, as an open browser does.
 */
function rampAgainst(origin: string, pid: number, pollers: (guardians: number) => Promise<Poller[]>) {
  const clients: PollingClient[] = []
  return {
    measure: async (guardians: number): Promise<Step> => {
      const stepPollers = await pollers(guardians)
      for (const poller of stepPollers.slice(clients.length)) clients.push(pollingClient(poller))
      const stepClients = clients.slice(0, stepPollers.length)
      let serverCores = 0
      let machineBusy = 0
      let windowCpu: Promise<void> = Promise.resolve()
      const onWindow = () => {
        const from = Promise.all([processTicks(pid), machineTicks(), performance.now()])
        return () => {
          const to = Promise.all([processTicks(pid), machineTicks(), performance.now()])
          windowCpu = Promise.all([from, to]).then(([[server, machine, start], [server2, machine2, end]]) => {
            serverCores = (server2 - server) / 100 / ((end - start) / 1000)
            machineBusy = (machine2.busy - machine.busy) / (machine2.total - machine.total)
          })
        }
      }
      const result = await runOpenLoop(stepClients, { origin, ...loop, onWindow })
      await windowCpu
      return { guardians, result, serverCores, machineBusy }
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
    const api = rampAgainst(origin, server.pid, pollers)
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
      const bareLoad = rampAgainst(bare.origin, bare.pid, async (guardians) =>
        (await pollers(guardians)).map((poller) =>
          poller.method === 'GET' ? { ...poller, path: officePath } : poller,
        ),
      )
      const bareRamp = await ramp(
        Math.max(firstGuardians, apiRamp.best?.guardians ?? 0),
        async (guardians) => {
          const step = await bareLoad.measure(guardians)
          lines.push(describe(step))
          return step
        },
      )
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

export async function benchPollCapacity(): Promise<BenchReport> {
  const report: BenchReport = { lines: [], failures: [] }
  const postgresUrl = process.env.TEST_DATABASE_URL
  if (!postgresUrl) {
    report.lines.push('pollCapacity: not measured, it needs PostgreSQL (set TEST_DATABASE_URL)')
    return report
  }
  const database = await freshPostgres(postgresUrl)
  try {
    await measureOn(database.url, report)
  } finally {
    await database.drop()
  }
  return report
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { lines, failures } = await benchPollCapacity()
  console.log(lines.join('\n'))
  if (failures.length > 0) {
    console.error(`\nBudget broken:\n  ${failures.join('\n  ')}`)
    process.exit(1)
  }
}
