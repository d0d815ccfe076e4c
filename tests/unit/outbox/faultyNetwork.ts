import type { Answer, Delivered, PropertyServer } from './propertyServer'

/**
 * What the network does to one request (a batch of commands):
 * - `ok`: delivered, answered.
 * - `dropRequest`: lost on the way; the server never sees it.
 * - `dropResponse`: processed; the answer is lost.
 * - `duplicate`: delivered twice in a row; the client gets the second (replayed) answer.
 * - `duplicateConcurrent`: a second copy arrives while the first is still processed (409 in flight for the
 *   command in the middle of it); the first finishes later.
 * - `delay`: held in the network and delivered later, after other requests (the client times out).
 * - `slow`: the server starts it at once but finishes later (the client times out meanwhile).
 * - `expireToken`: the session's token was rotated just before: 401.
 * - `killBefore` / `killAfter`: the worker dies with the request in the air, before or after the server
 *   processed it; the answer never arrives.
 * - `status503`, `status429`, `status408`: a proxy, the rate limit or a request timeout answers; the batch
 *   never ran (a command's own 5xx, which rolls back and releases its key, ends its batch: tests/unit/outbox/
 *   replay.test.ts).
 */
export const faults = [
  'ok',
  'dropRequest',
  'dropResponse',
  'duplicate',
  'duplicateConcurrent',
  'delay',
  'slow',
  'expireToken',
  'killBefore',
  'killAfter',
  'status503',
  'status429',
  'status408',
] as const
export type Fault = (typeof faults)[number]

const networkError = () => new TypeError('Failed to fetch')

function respond(answer: Answer): Response {
  return new Response(JSON.stringify(answer.body), {
    status: answer.status,
    headers: { 'Content-Type': 'application/json' },
  })
}

export class FaultyNetwork {
  /** Deliveries and completions held back, run later in order. */
  private held: (() => Promise<unknown>)[] = []
  private readonly script: Fault[]
  private readonly server: PropertyServer
  /** Called when a fault kills the worker; the harness then starts a new one. */
  onKill: () => void = () => {}
  /** Called with each request before it meets its fate, so a test can see the client's state at that moment. */
  onRequest: (request: Delivered) => Promise<void> = () => Promise.resolve()
  /** Requests the client has in the air now, and the most it ever had at once (since the last reset). */
  private active = 0
  mostActive = 0
  /** Every request the client made. */
  sent = 0

  constructor(server: PropertyServer, script: Fault[]) {
    this.server = server
    this.script = [...script]
  }

  get faultsLeft(): boolean {
    return this.script.length > 0
  }

  get holding(): boolean {
    return this.held.length > 0
  }

  /** Lets the network deliver what it held back (some of it, or all), in order. */
  async release(count = Infinity): Promise<void> {
    const ready = this.held.splice(0, count)
    for (const run of ready) await run()
  }

  /** A killed worker's requests never come back: the new one starts counting afresh. */
  resetActive(): void {
    this.active = 0
  }

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    this.sent += 1
    this.active += 1
    this.mostActive = Math.max(this.mostActive, this.active)
    try {
      return await this.deliver(input, init)
    } finally {
      this.active -= 1
    }
  }

  private async deliver(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const request = new Request(input, init)
    const delivered: Delivered = {
      authorization: request.headers.get('Authorization'),
      body: await request.text(),
    }
    await this.onRequest(delivered)
    const fault = this.script.shift() ?? 'ok'
    switch (fault) {
      case 'ok':
        return respond(await this.server.handle(delivered))
      case 'dropRequest':
        throw networkError()
      case 'dropResponse':
        await this.server.handle(delivered)
        throw networkError()
      case 'duplicate':
        await this.server.handle(delivered)
        return respond(await this.server.handle(delivered))
      case 'duplicateConcurrent': {
        const first = await this.server.begin(delivered)
        const second = await this.server.handle(delivered)
        if ('finish' in first) this.held.push(first.finish)
        return respond(second)
      }
      case 'delay':
        this.held.push(() => this.server.handle(delivered))
        throw networkError()
      case 'slow': {
        const started = await this.server.begin(delivered)
        if ('finish' in started) this.held.push(started.finish)
        throw networkError()
      }
      case 'expireToken':
        await this.server.rotateToken()
        return respond(await this.server.handle(delivered))
      case 'killBefore':
        this.onKill()
        return new Promise<never>(() => {})
      case 'killAfter':
        await this.server.handle(delivered)
        this.onKill()
        return new Promise<never>(() => {})
      case 'status503':
        return respond({ status: 503, body: { statusCode: 503, code: 'internal_error', message: 'down' } })
      case 'status429':
        return respond({ status: 429, body: { statusCode: 429, code: 'too_many_requests', message: 'slow' } })
      case 'status408':
        return new Response(null, { status: 408 })
    }
  }
}
