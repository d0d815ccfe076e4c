import { useSyncExternalStore } from 'react'
import { serverReachability } from './reachability'

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  const stop = serverReachability.subscribe(onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
    stop()
  }
}

/** `unreachable`: the browser has a network, but the portal's server does not answer. */
export type Connection = 'online' | 'offline' | 'unreachable'

const connection = (): Connection =>
  !navigator.onLine ? 'offline' : serverReachability.isReachable() ? 'online' : 'unreachable'

/** The browser's network and whether the server answers: a captive portal or a dead server leave the first. */
export function useConnection(): Connection {
  return useSyncExternalStore(subscribe, connection, () => 'online')
}

/** Whether the portal can reach its server: drives every action that needs the network. */
export function useOnline(): boolean {
  return useConnection() === 'online'
}
