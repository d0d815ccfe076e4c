import { useEffect, useReducer } from 'react'
import { Temporal } from 'temporal-polyfill'

/** The longest a browser timer waits (2^31 - 1 ms, some 24 days); a later instant is waited for in steps. */
const longestTimerMs = 2 ** 31 - 1

/**
 * Whether `instant` has passed (null: never), turning true at that instant while the component is mounted: one
 * timer to it, not a tick every second.
 */
export function usePassed(instant: string | null): boolean {
  const [wakes, wake] = useReducer((count: number) => count + 1, 0)
  const now = Temporal.Now.instant()
  const passed = instant !== null && Temporal.Instant.compare(now, Temporal.Instant.from(instant)) >= 0
  useEffect(() => {
    if (instant === null || passed) return
    const waitMs = Math.ceil(Temporal.Now.instant().until(instant).total('milliseconds'))
    const timer = setTimeout(wake, Math.min(waitMs, longestTimerMs))
    return () => clearTimeout(timer)
  }, [instant, passed, wakes])
  return passed
}
