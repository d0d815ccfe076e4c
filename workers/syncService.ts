/// <reference lib="webworker" />
import { Temporal } from 'temporal-polyfill'
import { createApiClient, type ApiClient, type CallArgs } from '../src/api/client'
import { createErrorReporter } from '../src/api/errorReporting'
import { ApiRequestError } from '../src/api/errors'
import { relayed, type Relayed } from '../src/api/relayed'
import type { EndpointName } from '../src/contract/endpoints'
import { databaseName, outboxLockName } from '../src/db/names'
import { openPortalDb } from '../src/db/portalDb'
import type { TripMilestone } from '../src/db/tripMilestones'
import { waitForOutboxLock } from './outbox/lock'
import type { PullScope } from './pull'
import { SyncEngine, type SyncStatus } from './syncEngine'

/**
 * The sync worker's service (workers/sync.worker.ts loads it once Temporal is there): pulls the read models into
 * the user's Dexie database and replays the outbox, off the main thread. The main thread
 * (src/app/session/syncClient.ts) configures it once and pushes token, visibility and network changes, and asks for a
 * replay whenever it queues a command.
 */

export interface SyncConfig {
  origin: string
  tenantId: string
  userId: string
  /** What pulls fetch beyond the core, by the tenant's features. */
  scope: PullScope
  token: string | null
  online: boolean
  visible: boolean
}

/** Called back on the main thread through comlink proxies. */
export interface SyncCallbacks {
  /** `token` is the one the refused request carried. */
  onUnauthorized(token: string | null): void
  onStatus(status: SyncStatus): void
  onMilestones(milestones: TripMilestone[]): void
  /** Whether the server answered the worker's calls, told when that changes (src/app/browser/reachability.ts). */
  onAnswer(answered: boolean): void
}

let engine: SyncEngine | null = null
/** The configured user's API client, which also makes the page's calls (`call`). */
let client: ApiClient | null = null

export const syncService = {
  async configure(config: SyncConfig, callbacks: SyncCallbacks): Promise<void> {
    engine?.stop()
    const db = openPortalDb(config.tenantId, config.userId)
    // Pulls and replays fail here, off the page: report them from here (the worker knows no page path).
    const errors = createErrorReporter({
      origin: config.origin,
      tenantId: config.tenantId,
      release: __PORTAL_RELEASE__,
      page: () => '/',
    })
    let lastAnswered = true
    const api = createApiClient({
      origin: config.origin,
      tenantId: config.tenantId,
      token: () => current.currentToken(),
      onUnauthorized: (token) => void callbacks.onUnauthorized(token),
      onFailure: (failure) => void errors.report({ kind: 'api', ...failure }),
      onAnswer: (answered) => {
        if (answered === lastAnswered) return
        lastAnswered = answered
        void callbacks.onAnswer(answered)
      },
    })
    client = api
    const lock = outboxLockName(databaseName(config.tenantId, config.userId))
    const current = new SyncEngine({
      db,
      api,
      now: () => Temporal.Now.instant().toString(),
      scope: config.scope,
      onStatus: (status) => void callbacks.onStatus(status),
      onMilestones: (milestones) => void callbacks.onMilestones(milestones),
      // The service worker takes the same lock, so a tab's worker and background sync never replay at once.
      withLock: waitForOutboxLock(lock),
    })
    engine = current
    await current.start(config.token, config.online, config.visible)
  },
  setToken(token: string | null): void {
    engine?.setToken(token)
  },
  setOnline(online: boolean): void {
    engine?.setOnline(online)
  },
  setVisible(visible: boolean): void {
    engine?.setVisible(visible)
  },
  async pullNow(): Promise<void> {
    await engine?.pullNow()
  },
  async loadOlderMessages(): Promise<boolean> {
    return (await engine?.loadOlderMessages()) ?? false
  },
  async replayNow(): Promise<void> {
    await engine?.replayNow()
  },
  /**
   * One call of the contract for the page, with this worker's client and token: a signed-in screen that calls
   * the API directly then loads neither the client nor the contract's schemas on the main thread.
   */
  call(name: EndpointName, args: CallArgs<EndpointName> | undefined): Promise<Relayed<unknown>> {
    const configured = client
    return relayed(() => {
      if (!configured) throw new ApiRequestError(0, null)
      return (configured.call as (name: EndpointName, args?: CallArgs<EndpointName>) => Promise<unknown>)(
        name,
        args,
      )
    })
  },
  stop(): void {
    engine?.stop()
    engine = null
    client = null
  },
}
