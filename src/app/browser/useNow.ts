import { useEffect, useState } from 'react'
import { Temporal } from 'temporal-polyfill'

/** The time, renewed every `tickMs`, for what a screen shows relative to it (countdowns, ages). */
export function useNow(tickMs: number): Temporal.Instant {
  const [now, setNow] = useState(() => Temporal.Now.instant())
  useEffect(() => {
    const timer = setInterval(() => setNow(Temporal.Now.instant()), tickMs)
    return () => clearInterval(timer)
  }, [tickMs])
  return now
}
