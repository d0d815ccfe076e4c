/// <reference lib="webworker" />
import { expose } from 'comlink'
import type { CallArgs } from '../src/api/client'
import type { EndpointName } from '../src/contract/endpoints'
import type { SyncCallbacks, SyncConfig, syncService } from './syncService'

export type { SyncCallbacks, SyncConfig } from './syncService'

/**
 * The sync worker's entry. Its build reads Temporal from the browser (vite.nativeTemporal.ts, as the page's
 * does), so a browser with Temporal of its own loads no polyfill: the service's code loads only once Temporal
 * is there. Calls are taken at once and carried out in order, each after the ones before it.
 */

type Service = typeof syncService

let loaded: Promise<Service> | null = null
function service(): Promise<Service> {
  loaded ??= ('Temporal' in globalThis ? Promise.resolve() : import('temporal-polyfill/global'))
    .then(() => import('./syncService'))
    .then((module) => module.syncService)
  return loaded
}

// The page starts this thread when it will call at once (src/app/session/syncWorker.ts): the service's code loads now,
// not once the first call arrives.
void service()

const api = {
  configure: async (config: SyncConfig, callbacks: SyncCallbacks) =>
    (await service()).configure(config, callbacks),
  setToken: async (token: string | null) => (await service()).setToken(token),
  setOnline: async (online: boolean) => (await service()).setOnline(online),
  setVisible: async (visible: boolean) => (await service()).setVisible(visible),
  pullNow: async () => (await service()).pullNow(),
  replayNow: async () => (await service()).replayNow(),
  loadOlderMessages: async () => (await service()).loadOlderMessages(),
  call: async (name: EndpointName, args: CallArgs<EndpointName> | undefined) =>
    (await service()).call(name, args),
  stop: async () => (await service()).stop(),
}

export type SyncWorkerApi = typeof api

expose(api)
