/**
 * An open-loop load of pollers, as browsers poll: each client sends one request every `intervalMs` on a
 * keep-alive connection of its own, the clients' send times spread evenly over the interval (a steady rate of
 * clients / interval), with the `If-None-Match` of the last ETag it was given, as the portal's API client sends
 * it (src/api/client.ts). Open loop: every send is due at a fixed time whatever earlier answers did, and latency
 * runs from that time, so a server that falls behind shows as latency, not as fewer requests (no coordinated
 * omission). A client whose last answer has not come is queued behind it on its one connection, and that wait
 * is counted too.
 */
import { Agent, request, type ClientRequest } from 'node:http'
import { performance } from 'node:perf_hooks'

/** One client's poll: what it sends every interval, besides the ETag it last got. */
export interface Poller {
  method: 'GET' | 'POST'
  path: string
  headers: Record<string, string>
  body?: string
}

/** A poller with its own connection and the ETag it last got; kept from one run to the next, as a browser is. */
export interface PollingClient {
  poller: Poller
  agent: Agent
  etag: string | null
}

export function pollingClient(poller: Poller): PollingClient {
  return { poller, agent: new Agent({ keepAlive: true, maxSockets: 1 }), etag: null }
}

export interface OpenLoopOptions {
  origin: string
  intervalMs: number
  /** Sends before the window are not counted: the first answers carry bodies and open the connections. */
  warmupMs: number
  windowMs: number
  /** How long after the last send an answer is still waited for; one that has not come then is an error. */
  graceMs: number
  /** Called when the window opens; what it returns is called when the window's last send has gone. */
  onWindow?: () => () => void
}

export interface OpenLoopResult {
  /** Sends due in the window. */
  sent: number
  p50Ms: number
  p99Ms: number
  maxMs: number
  /** Answers in the window by status ('200', '304', ...), and failures by kind ('ECONNRESET', 'unanswered'). */
  outcomes: Record<string, number>
  /** Sends in the window whose answer was neither 200 nor 304, or never came. */
  errors: number
  /** How late the generator itself sent, at the 99th percentile: above a few ms it, not the server, was behind. */
  sendLagP99Ms: number
  /** The generator's event loop utilization over the window (0 to 1): near 1 it was saturated. */
  generatorBusy: number
}

/**
 * Sends the client's poll with the ETag it last got, and keeps the ETag of a 200. `done` hears the status, or the
 * error's code, once; `settle` ends it early with another outcome (the caller then cuts the request).
 */
function poll(client: PollingClient, origin: URL, done: (outcome: string) => void) {
  const { method, path, headers, body } = client.poller
  let settled = false
  const settle = (outcome: string) => {
    if (settled) return
    settled = true
    done(outcome)
  }
  const sent = request(
    {
      agent: client.agent,
      hostname: origin.hostname,
      port: origin.port,
      method,
      path,
      headers: {
        ...headers,
        ...(client.etag ? { 'if-none-match': client.etag } : {}),
        ...(body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }),
      },
    },
    (response) => {
      const etag = response.headers.etag
      if (response.statusCode === 200 && etag) client.etag = etag
      response.on('end', () => settle(String(response.statusCode)))
      response.on('error', (error: NodeJS.ErrnoException) => settle(error.code ?? 'error'))
      response.resume()
    },
  )
  sent.on('error', (error: NodeJS.ErrnoException) => settle(error.code ?? 'error'))
  sent.end(body)
  return { request: sent, settle }
}

const primeTimeoutMs = 10_000

/**
 * Each client that has no ETag yet makes its first poll, `concurrency` at a time (closed loop): the first answer
 * is a 200 the server builds from its database, far dearer than the 304s after it, so a run measures screens
 * that are open, not a crowd opening them all at once. Resolves with the failures by outcome ('unanswered' after
 * 10 s).
 */
export async function primeClients(
  clients: readonly PollingClient[],
  origin: string,
  concurrency: number,
): Promise<Record<string, number>> {
  const url = new URL(origin)
  const waiting = clients.filter((client) => client.etag === null).reverse()
  const failures: Record<string, number> = {}
  const firstPoll = (client: PollingClient) =>
    new Promise<string>((resolve) => {
      const sent = poll(client, url, resolve)
      sent.request.setTimeout(primeTimeoutMs, () => {
        sent.settle('unanswered')
        sent.request.destroy()
      })
    })
  const worker = async () => {
    for (let client = waiting.pop(); client; client = waiting.pop()) {
      const outcome = await firstPoll(client)
      if (outcome !== '200') failures[outcome] = (failures[outcome] ?? 0) + 1
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return failures
}

function percentile(sorted: Float64Array, share: number): number {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!
}

/** Runs `clients` for one warm-up and one window; every request still open at the end is cut. */
export async function runOpenLoop(
  clients: readonly PollingClient[],
  options: OpenLoopOptions,
): Promise<OpenLoopResult> {
  const origin = new URL(options.origin)
  const gap = options.intervalMs / clients.length
  // Counted in sends, not divided by the gap: a window of whole intervals is whole rounds of the clients.
  const sendsIn = (ms: number) => Math.round((ms / options.intervalMs) * clients.length)
  const total = sendsIn(options.warmupMs + options.windowMs)
  const firstMeasured = sendsIn(options.warmupMs)
  const latencies: number[] = []
  const lags: number[] = []
  const outcomes: Record<string, number> = {}
  /** The requests not yet answered, with how each ends. */
  const open = new Map<ClientRequest, (outcome: string) => void>()
  let pending = 0
  let errors = 0
  let utilizationFrom: ReturnType<typeof performance.eventLoopUtilization> | undefined
  let generatorBusy = 0
  let windowEnds: (() => void) | undefined
  let allSent: () => void
  const sendsDone = new Promise<void>((resolve) => (allSent = resolve))
  let allAnswered: (() => void) | undefined
  const start = performance.now() + 50

  function count(outcome: string) {
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1
    if (outcome !== '200' && outcome !== '304') errors++
  }

  function send(index: number) {
    const due = start + index * gap
    const measured = index >= firstMeasured
    if (measured) {
      lags.push(performance.now() - due)
      pending++
    }
    const sent = poll(clients[index % clients.length]!, origin, (outcome) => {
      open.delete(sent.request)
      if (!measured) return
      latencies.push(performance.now() - due)
      count(outcome)
      if (--pending === 0 && allAnswered) allAnswered()
    })
    open.set(sent.request, sent.settle)
  }

  // One timer for every client: each wake sends what is due, then sleeps until the next send is.
  let next = 0
  function pump() {
    const now = performance.now()
    while (next < total && start + next * gap <= now) {
      if (next === firstMeasured) {
        utilizationFrom = performance.eventLoopUtilization()
        windowEnds = options.onWindow?.()
      }
      send(next++)
    }
    if (next < total) setTimeout(pump, Math.max(0, start + next * gap - performance.now()))
    else {
      generatorBusy = utilizationFrom ? performance.eventLoopUtilization(utilizationFrom).utilization : 0
      windowEnds?.()
      allSent()
    }
  }
  setTimeout(pump, 50)
  await sendsDone

  const answered = new Promise<void>((resolve) => {
    allAnswered = resolve
    if (pending === 0) resolve()
  })
  let graceTimer: NodeJS.Timeout | undefined
  const graceOver = new Promise<void>((resolve) => (graceTimer = setTimeout(resolve, options.graceMs)))
  await Promise.race([answered, graceOver])
  clearTimeout(graceTimer)
  // What has not come by now is an error; its connection is cut, and the client's next run opens another.
  for (const [stillOpen, settle] of [...open]) {
    settle('unanswered')
    stillOpen.destroy()
  }

  const sorted = Float64Array.from(latencies).sort()
  return {
    sent: total - firstMeasured,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    maxMs: sorted.length ? sorted[sorted.length - 1]! : 0,
    outcomes,
    errors,
    sendLagP99Ms: percentile(Float64Array.from(lags).sort(), 0.99),
    generatorBusy,
  }
}

/** Closes every client's connection. */
export function closeClients(clients: Iterable<PollingClient>): void {
  for (const client of clients) client.agent.destroy()
}
