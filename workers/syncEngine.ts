import { ApiRequestError } from '../src/api/errors'
import type { ApiClient } from '../src/api/client'
import type { PortalDb } from '../src/db/portalDb'
import type { TripMilestone } from '../src/db/tripMilestones'
import { realClock, type Clock } from './clock'
import { replayOutbox, type ReplayResult } from './outbox/replay'
import { OutboxRunner } from './outbox/runner'
import { loadOlderMessages, pullInto, type PullScope } from './pull'

/** Pull every 60 s while online and visible. */
export const pullIntervalMs = 60_000

export interface SyncStatus {
  syncing: boolean
  lastSyncedAt: string | null
  /** HTTP status of the last failed pull (0 = network), null after a success. */
  lastError: number | null
}

export interface SyncEngineDeps {
  db: PortalDb
  /** Built with `token: () => engine.currentToken()`, so each call carries the latest one. */
  api: ApiClient
  /** ISO instant, for lastSyncedAt. */
  now: () => string
  /** What each pull fetches beyond the core read models; the core only when not given. */
  scope?: PullScope
  onStatus: (status: SyncStatus) => void
  /** Pickups and drop-offs a pull newly showed. */
  onMilestones?: (milestones: TripMilestone[]) => void
  /** Backoff timers; real time unless a test moves it. */
  clock?: Clock
  random?: () => number
  /** Runs a replay while holding the database's outbox lock (a Web Lock in the worker). */
  withLock?: (run: () => Promise<ReplayResult>) => Promise<ReplayResult>
}

/**
 * When to pull and when to replay the outbox.
 * - Pull: on start, every 60 s while online and visible, when the network comes back or the page is shown
 *   again, when a token arrives
 *   after none or after a refused one, after commands are acked, and on demand after a mutation. Pulls never
 *   overlap: a request during a pull runs once more after it, so a mutation's result is never missed.
 * - Replay (workers/outbox/runner.ts): on start, after a command is queued, after each pull, when the network
 *   comes back or the page is shown again (even before the head's retry time), and at the head's retry time;
 *   while online with a token.
 *   A 401 pauses it until the auth machine sends another token, then it goes on with the same command.
 */
export class SyncEngine {
  private token: string | null = null
  /** The token a 401 refused; replay waits until another arrives. */
  private refusedToken: string | null = null
  private online = true
  private visible = true
  private running: Promise<void> | null = null
  private again = false
  private timer: ReturnType<typeof setInterval> | null = null
  private status: SyncStatus = { syncing: false, lastSyncedAt: null, lastError: null }
  private readonly deps: SyncEngineDeps
  private readonly outbox: OutboxRunner

  constructor(deps: SyncEngineDeps) {
    this.deps = deps
    const clock = deps.clock ?? realClock
    const replay = ({ force }: { force: boolean }) => {
      const run = () =>
        replayOutbox(
          {
            db: deps.db,
            api: deps.api,
            token: () => this.token,
            now: () => clock.now(),
            random: deps.random ?? Math.random,
          },
          { force },
        )
      return deps.withLock ? deps.withLock(run) : run()
    }
    this.outbox = new OutboxRunner({
      replay,
      clock,
      canRun: () => this.online && this.token !== null && this.token !== this.refusedToken,
      onAcked: () => void this.pullNow(),
      onUnauthorized: (token) => {
        this.refusedToken = token
      },
    })
  }

  currentToken(): string | null {
    return this.token
  }

  async start(token: string | null, online: boolean, visible: boolean): Promise<void> {
    this.token = token
    this.online = online
    this.visible = visible
    this.status = { ...this.status, lastSyncedAt: await this.deps.db.lastSyncedAt() }
    this.deps.onStatus(this.status)
    this.timer = setInterval(() => {
      if (this.visible) void this.pullNow()
    }, pullIntervalMs)
    // A command left `sending` by a worker that died is sent again first, with the same key.
    void this.outbox.run()
    await this.pullNow()
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer)
    this.timer = null
    this.outbox.stop()
  }

  setToken(token: string | null): void {
    const previous = this.token
    this.token = token
    if (token === null || token === previous) return
    if (previous === null || this.status.lastError === 401) void this.pullNow()
    void this.outbox.run()
  }

  setOnline(online: boolean): void {
    const cameBack = !this.online && online
    this.online = online
    if (!cameBack) return
    void this.pullNow()
    void this.outbox.run(true)
  }

  /**
   * The page was shown again: what it shows is brought up to date, and the outbox is sent now rather than at
   * its head's retry time, which timers throttled in the background may have missed (browsers without
   * Background Sync send only while the portal is open).
   */
  setVisible(visible: boolean): void {
    const shown = !this.visible && visible
    this.visible = visible
    if (!shown) return
    void this.pullNow()
    void this.outbox.run(true)
  }

  /** A command was queued (or the user asked): send now, even before the head's retry time. */
  replayNow(): Promise<void> {
    return this.outbox.run(true)
  }

  /**
   * Loads the message page before the oldest stored, as the user scrolls up. False when it cannot (offline,
   * no token, a failed call) or there is none: the thread shows what is stored.
   */
  async loadOlderMessages(): Promise<boolean> {
    if (!this.online || this.token === null) return false
    try {
      return await loadOlderMessages(this.deps.db, this.deps.api)
    } catch {
      return false
    }
  }

  /** Pulls now (or right after the running pull). Resolves when done; a failure is reported in the status. */
  pullNow(): Promise<void> {
    if (!this.online || this.token === null) return this.running ?? Promise.resolve()
    if (this.running) {
      this.again = true
      return this.running
    }
    this.running = this.loop().finally(() => {
      this.running = null
    })
    return this.running
  }

  private async loop(): Promise<void> {
    do {
      this.again = false
      await this.pullOnce()
    } while (this.again && this.online && this.token !== null)
    // An outdated pull left the status syncing for the next one, which the network or the token stopped.
    if (this.status.syncing) this.publish({ syncing: false })
  }

  private async pullOnce(): Promise<void> {
    this.publish({ syncing: true })
    try {
      const pulled = await pullInto(this.deps.db, this.deps.api, this.deps.now(), this.deps.scope)
      if (!pulled) {
        // An answer was stored while it was on its way, maybe by another replayer: ask the server again.
        this.again = true
        return
      }
      const { pull, milestones } = pulled
      this.publish({ syncing: false, lastSyncedAt: pull.syncedAt, lastError: null })
      if (milestones.length > 0) this.deps.onMilestones?.(milestones)
      void this.outbox.run()
    } catch (error) {
      // A 401 has already been reported by the API client; the auth machine decides what follows.
      const status = error instanceof ApiRequestError ? error.status : -1
      this.publish({ syncing: false, lastError: status })
    }
  }

  private publish(change: Partial<SyncStatus>): void {
    this.status = { ...this.status, ...change }
    this.deps.onStatus(this.status)
  }
}
