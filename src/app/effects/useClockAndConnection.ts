import { useEffect } from 'react'
import { Temporal } from 'temporal-polyfill'
import { useOnline } from '../data/data'

/** The events a wizard's machine takes for the clock and the connection. */
export type ClockAndConnectionEvent =
  { type: 'clock.tick'; now: string } | { type: 'network.change'; online: boolean }

/**
 * Feeds a wizard's machine the time every `tickMs` and the connection whenever it changes, so its rules about
 * both (times that pass, saving that needs the network) stay in the machine.
 */
export function useClockAndConnection(
  actor: { send(event: ClockAndConnectionEvent): void } | undefined,
  tickMs: number,
): void {
  useEffect(() => {
    if (!actor) return
    const timer = setInterval(
      () => actor.send({ type: 'clock.tick', now: Temporal.Now.instant().toString() }),
      tickMs,
    )
    return () => clearInterval(timer)
  }, [actor, tickMs])

  const online = useOnline()
  useEffect(() => actor?.send({ type: 'network.change', online }), [actor, online])
}
