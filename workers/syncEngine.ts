import { ApiRequestError } from '../src/api/errors'
import type { ApiClient } from '../src/api/client'
import type { PortalDb } from '../src/db/portalDb'
import { pullInto } from './pull'

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
  /** Built with `token: () => engine.token`, so each call carries the latest one. */
  api: ApiClient
  /** ISO instant, for lastSyncedAt. */
  now: () => string
  onStatus: (status: SyncStatus) => void
}

/**
 * When to pull: on start, every 60 s while online and visible, when the network comes back, when a token
 * arrives after none, and on demand after a mutation. Pulls never overlap: a request during a pull runs
 * once more after it, so a mutation's result is never missed.
 */
export class SyncEngine {
  private token: string | null = null
  private online = true
  private visible = true
  private running: Promise<void> | null = null
  private again = false
  private timer: ReturnType<typeof setInterval> | null = null
  private status: SyncStatus = { syncing: false, lastSyncedAt: null, lastError: null }
  private readonly deps: SyncEngineDeps

  constructor(deps: SyncEngineDeps) {
    this.deps = deps
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
    await this.pullNow()
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer)
    this.timer = null
  }

  setToken(token: string | null): void {
    const arrived = this.token === null && token !== null
    this.token = token
    if (arrived) void this.pullNow()
  }

  setOnline(online: boolean): void {
    const cameBack = !this.online && online
    this.online = online
    if (cameBack) void this.pullNow()
  }

  setVisible(visible: boolean): void {
    this.visible = visible
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
  }

  private async pullOnce(): Promise<void> {
    this.publish({ syncing: true })
    try {
      const pull = await pullInto(this.deps.db, this.deps.api, this.deps.now())
      this.publish({ syncing: false, lastSyncedAt: pull.syncedAt, lastError: null })
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
