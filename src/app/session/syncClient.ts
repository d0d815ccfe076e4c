import { proxy, releaseProxy, wrap, type Remote } from 'comlink'
import type { ApiClient, CallArgs } from '../../api/client'
import { unrelayed } from '../../api/relayed'
import type { EndpointName } from '../../contract/endpoints'
import type { TripMilestone } from '../../db/tripMilestones'
import type { SyncStatus } from '../../../workers/syncEngine'
import type { SyncConfig, SyncWorkerApi } from '../../../workers/sync.worker'
import { whenIdle } from '../browser/idle'
import { serverReachability } from '../browser/reachability'
import { spawnSyncWorker, takeWarmWorker } from './syncWorker'

export type { SyncStatus } from '../../../workers/syncEngine'

export interface SyncHandle {
  setToken(token: string | null): void
  /** Pull now, e.g. after a mutation; resolves when the pull has committed or failed. */
  pullNow(): Promise<void>
  /** Replay the outbox now, e.g. after queueing a command. */
  replayNow(): void
  /** Load the message page before the oldest stored; false when it could not (offline) or there is none. */
  loadOlderMessages(): Promise<boolean>
  /**
   * A call of the contract made by the worker, with the session's token: as the page's own client's, failing
   * with ApiRequestError, but the client and the schemas stay in the worker, which has them loaded anyway.
   */
  call: ApiClient['call']
  stop(): void
}

export interface SyncClientOptions extends Omit<SyncConfig, 'online' | 'visible'> {
  onUnauthorized(token: string | null): void
  onStatus(status: SyncStatus): void
  onMilestones(milestones: TripMilestone[]): void
}

/**
 * Longest wait for an idle moment before the worker starts anyway. The first signed-in paint reads IndexedDB
 * and needs no worker, whose bundle (Dexie, zod, ky) would compete with it for the network and the CPU.
 */
const startTimeoutMs = 1_000

/**
 * When the worker starts: `now`, or `idle` once the page is idle after its first paint. `when` may still be
 * deciding (e.g. whether anything is stored yet to paint from).
 */
export type SyncStart = 'now' | 'idle'

/**
 * Starts the sync worker for one user and forwards the page's network and visibility to it. Calls made before
 * it runs wait for it; the token it starts with is the latest one given.
 */
export function startSyncWorker(options: SyncClientOptions, when: Promise<SyncStart>): SyncHandle {
  const { onUnauthorized, onStatus, onMilestones, ...initial } = options
  let config = initial
  let started: { worker: Worker; remote: Remote<SyncWorkerApi> } | null = null
  let markReady: (remote: Remote<SyncWorkerApi>) => void = () => {}
  const ready = new Promise<Remote<SyncWorkerApi>>((resolve) => (markReady = resolve))
  const online = () => void started?.remote.setOnline(navigator.onLine)
  const visibility = () => void started?.remote.setVisible(document.visibilityState === 'visible')
  // The server answers again after a spell out of reach with the network up: what waits goes now.
  const reached = () => {
    if (!started || !serverReachability.isReachable()) return
    void started.remote.pullNow()
    void started.remote.replayNow()
  }
  let stopReached = () => {}

  let stopped = false
  let cancelStart = () => {}
  const start = async () => {
    const warm = await takeWarmWorker(config.userId)
    if (stopped) return warm?.worker.terminate()
    const worker = warm?.worker ?? spawnSyncWorker()
    const remote = warm?.remote ?? wrap<SyncWorkerApi>(worker)
    started = { worker, remote }
    window.addEventListener('online', online)
    window.addEventListener('offline', online)
    document.addEventListener('visibilitychange', visibility)
    stopReached = serverReachability.subscribe(reached)
    // Whether the server answers the worker's pulls and replays is the page's to show (online.ts).
    const callbacks = { onUnauthorized, onStatus, onMilestones, onAnswer: serverReachability.report }
    if (warm) {
      // Configured when it was started: it takes what changed since, and reports to this session.
      warm.attach(callbacks)
      void remote.setToken(config.token)
      online()
      visibility()
    } else {
      void remote.configure(
        { ...config, online: navigator.onLine, visible: document.visibilityState === 'visible' },
        proxy(callbacks),
      )
    }
    markReady(remote)
  }
  void when.then((at) => {
    if (at === 'now') void start()
    else cancelStart = whenIdle(() => void start(), startTimeoutMs)
  })

  return {
    setToken: (token) => {
      config = { ...config, token }
      void started?.remote.setToken(token)
    },
    pullNow: () => ready.then((remote) => remote.pullNow()),
    replayNow: () => void ready.then((remote) => remote.replayNow()),
    loadOlderMessages: () => ready.then((remote) => remote.loadOlderMessages()),
    call: (async (name: EndpointName, args?: CallArgs<EndpointName>) =>
      unrelayed(await (await ready).call(name, args))) as ApiClient['call'],
    stop: () => {
      stopped = true
      cancelStart()
      if (!started) return
      window.removeEventListener('online', online)
      window.removeEventListener('offline', online)
      document.removeEventListener('visibilitychange', visibility)
      stopReached()
      started.remote[releaseProxy]()
      started.worker.terminate()
    },
  }
}
