import { useSyncExternalStore, type ReactNode } from 'react'
import { StartupSpinner } from '../components/shell/StartupSpinner'
import { platform } from './platform'

/**
 * Renders the start-up spinner until auth leaves `starting`, so route guards read a settled status. Once the
 * app has started it stays rendered, even while a token is fetched again later.
 */
export function StartupGate(props: { children: ReactNode }) {
  const { auth } = platform()
  const started = useSyncExternalStore(auth.subscribe, () => auth.view().status !== 'starting')
  return started ? props.children : <StartupSpinner />
}
