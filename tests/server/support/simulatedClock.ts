import { Temporal } from 'temporal-polyfill'
import type { Clock } from '../../../server/time/clock'

export interface SimulatedClock extends Clock {
  /**
   * Moves time on by `duration`, running each task that falls due on the way at its own time, in order, and
   * waiting for it (and for tasks it schedules within the span) before going on.
   */
  advance(duration: Temporal.DurationLike): Promise<void>
  /** Tasks waiting to run. */
  readonly pending: number
}

interface Timer {
  at: Temporal.Instant
  order: number
  task: () => Promise<void>
}

/** A clock that stands still until a test advances it. */
export function simulatedClock(start: Temporal.Instant): SimulatedClock {
  let now = start
  let order = 0
  const timers = new Set<Timer>()
  const earliest = () =>
    [...timers].sort((a, b) => Temporal.Instant.compare(a.at, b.at) || a.order - b.order)[0]
  return {
    now: () => now,
    schedule(delay, task) {
      const timer = { at: now.add(delay), order: order++, task }
      timers.add(timer)
      return () => void timers.delete(timer)
    },
    async advance(duration) {
      const target = now.add(duration)
      for (let next = earliest(); next && Temporal.Instant.compare(next.at, target) <= 0; next = earliest()) {
        timers.delete(next)
        if (Temporal.Instant.compare(next.at, now) > 0) now = next.at
        await next.task()
      }
      now = target
    },
    get pending() {
      return timers.size
    },
  }
}
