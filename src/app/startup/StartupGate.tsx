import { startTransition, useEffect, useState, type ReactNode } from 'react'
import { usePlatform } from '../platform'

/**
 * Renders `fallback` (the start-up spinner, which App passes in: src/app imports no components) until auth
 * leaves `starting`, so route guards read a settled status. Once the app has started it stays rendered, even
 * while a token is fetched again later. The switch is a transition: the first render of the router's whole
 * tree runs in slices, so it never blocks input for long.
 */
export function StartupGate(props: { children: ReactNode; fallback: ReactNode }) {
  const { auth } = usePlatform()
  const hasStarted = () => auth.view().status !== 'starting'
  const [started, setStarted] = useState(hasStarted)
  useEffect(() => {
    if (started) return
    const check = () => {
      if (hasStarted()) startTransition(() => setStarted(true))
    }
    check()
    return auth.subscribe(check)
  })
  return started ? props.children : props.fallback
}
