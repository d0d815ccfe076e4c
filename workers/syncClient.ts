import { proxy, releaseProxy, wrap } from 'comlink'
import type { TripMilestone } from '../src/db/tripMilestones'
import type { SyncStatus } from './syncEngine'
import type { SyncConfig, SyncWorkerApi } from './sync.worker'

export type { SyncStatus } from './syncEngine'

export interface SyncHandle {
  setToken(token: string | null): void
  /** Pull now, e.g. after a mutation; resolves when the pull has committed or failed. */
  pullNow(): Promise<void>
  /** Replay the outbox now, e.g. after queueing a command. */
  replayNow(): void
  stop(): void
}

export interface SyncClientOptions extends Omit<SyncConfig, 'online' | 'visible'> {
  onUnauthorized(token: string | null): void
  onStatus(status: SyncStatus): void
  onMilestones(milestones: TripMilestone[]): void
}

/** Starts the sync worker for one user and forwards the page's network and visibility to it. */
export function startSyncWorker(options: SyncClientOptions): SyncHandle {
  const worker = new Worker(new URL('./sync.worker.ts', import.meta.url), { type: 'module', name: 'sync' })
  const remote = wrap<SyncWorkerApi>(worker)
  const { onUnauthorized, onStatus, onMilestones, ...config } = options
  const online = () => void remote.setOnline(navigator.onLine)
  const visibility = () => void remote.setVisible(document.visibilityState === 'visible')
  window.addEventListener('online', online)
  window.addEventListener('offline', online)
  document.addEventListener('visibilitychange', visibility)
  void remote.configure(
    { ...config, online: navigator.onLine, visible: document.visibilityState === 'visible' },
    proxy({ onUnauthorized, onStatus, onMilestones }),
  )
  return {
    setToken: (token) => void remote.setToken(token),
    pullNow: () => remote.pullNow(),
    replayNow: () => void remote.replayNow(),
    stop: () => {
      window.removeEventListener('online', online)
      window.removeEventListener('offline', online)
      document.removeEventListener('visibilitychange', visibility)
      remote[releaseProxy]()
      worker.terminate()
    },
  }
}
