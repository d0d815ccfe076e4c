/// <reference lib="webworker" />
import { expose } from 'comlink'
import { Temporal } from 'temporal-polyfill'
import { createApiClient } from '../src/api/client'
import { openPortalDb } from '../src/db/portalDb'
import { SyncEngine, type SyncStatus } from './syncEngine'

/**
 * The sync worker: pulls the read models into the user's Dexie database off the main thread. The main thread
 * (workers/syncClient.ts) configures it once and pushes token, visibility and network changes.
 */

export interface SyncConfig {
  origin: string
  tenantId: string
  userId: string
  token: string | null
  online: boolean
  visible: boolean
}

/** Called back on the main thread through comlink proxies. */
export interface SyncCallbacks {
  onUnauthorized(): void
  onStatus(status: SyncStatus): void
}

let engine: SyncEngine | null = null

const service = {
  async configure(config: SyncConfig, callbacks: SyncCallbacks): Promise<void> {
    engine?.stop()
    const db = openPortalDb(config.tenantId, config.userId)
    const api = createApiClient({
      origin: config.origin,
      tenantId: config.tenantId,
      token: () => current.currentToken(),
      onUnauthorized: () => void callbacks.onUnauthorized(),
    })
    const current = new SyncEngine({
      db,
      api,
      now: () => Temporal.Now.instant().toString(),
      onStatus: (status) => void callbacks.onStatus(status),
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
  stop(): void {
    engine?.stop()
    engine = null
  },
}

export type SyncWorkerApi = typeof service

expose(service)
