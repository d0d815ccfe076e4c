import type { Clock } from '../clock'
import { backoffBaseMs, type ReplayResult } from './replay'

export interface OutboxRunnerDeps {
  /** One replay run (workers/outbox/replay.ts), with the database, the client and the Web Lock bound. */
  replay(options: { force: boolean }): Promise<ReplayResult>
  /** Online, with a token that has not been refused. */
  canRun(): boolean
  clock: Clock
  /** Some commands were acked: pull, so the screens show what the server now has. */
  onAcked(): void
  /** The head was refused with this token: wait for another one. */
  onUnauthorized(token: string | null): void
}

/**
 * When the sync worker replays: on demand (a command was queued, a pull finished, the network came back), and
 * at the head's retry time. Runs never overlap; a request during a run makes one more run after it.
 */
export class OutboxRunner {
  private running: Promise<void> | null = null
  private again = false
  private forceAgain = false
  private timer: unknown = null
  private stopped = false
  private readonly deps: OutboxRunnerDeps

  constructor(deps: OutboxRunnerDeps) {
    this.deps = deps
  }

  /** `force` sends the head even before its retry time. Resolves when the current runs are over. */
  run(force = false): Promise<void> {
    if (this.stopped || !this.deps.canRun()) return this.running ?? Promise.resolve()
    if (this.running) {
      this.again = true
      this.forceAgain ||= force
      return this.running
    }
    this.cancelTimer()
    this.running = this.loop(force).finally(() => {
      this.running = null
    })
    return this.running
  }

  stop(): void {
    this.stopped = true
    this.cancelTimer()
  }

  private async loop(force: boolean): Promise<void> {
    let forced = force
    do {
      this.again = false
      const result = await this.replayOnce(forced)
      forced = this.forceAgain
      this.forceAgain = false
      if (result.acked.length > 0) this.deps.onAcked()
      this.after(result.stop)
    } while (this.again && !this.stopped && this.deps.canRun())
  }

  private async replayOnce(force: boolean): Promise<ReplayResult> {
    try {
      return await this.deps.replay({ force })
    } catch {
      // The database failed (quota, a closing connection): nothing changed for good, so try again later.
      return { stop: { kind: 'backoff', at: this.deps.clock.now() + backoffBaseMs }, acked: [], rejected: [] }
    }
  }

  private after(stop: ReplayResult['stop']): void {
    if (stop.kind === 'unauthorized') this.deps.onUnauthorized(stop.token)
    if (stop.kind !== 'backoff' || this.stopped) return
    this.cancelTimer()
    const delay = Math.max(0, stop.at - this.deps.clock.now())
    this.timer = this.deps.clock.setTimeout(() => {
      this.timer = null
      void this.run()
    }, delay)
  }

  private cancelTimer(): void {
    if (this.timer !== null) this.deps.clock.clearTimeout(this.timer)
    this.timer = null
  }
}
