import type { ReactNode } from 'react'
import { useSelector } from '@xstate/react'
import { StartupSpinner } from '../components/shell/StartupSpinner'
import { authStatus } from '../../machines/auth.machine'
import { platform } from './platform'

/**
 * Renders the start-up spinner until auth leaves `starting`, so route guards read a settled status. Once the
 * app has started it stays rendered, even while a token is fetched again later.
 */
export function StartupGate(props: { children: ReactNode }) {
  const { auth } = platform()
  const started = useSelector(auth, (snapshot) => authStatus(snapshot) !== 'starting')
  return started ? props.children : <StartupSpinner />
}
