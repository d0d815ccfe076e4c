import { Temporal } from 'temporal-polyfill'

/**
 * Time as the demo simulator sees it: the current instant and a way to run work later. Injected, so that tests
 * drive the simulator on a simulated clock (tests/server/support/simulatedClock.ts) instead of waiting.
 */
export interface Clock {
  now(): Temporal.Instant
  /** Runs `task` once after `delay`; the returned function cancels it if it has not run yet. */
  schedule(delay: Temporal.Duration, task: () => Promise<void>): () => void
}

/** The real clock: Temporal's now and unref'd timers, so a pending tick never keeps the process alive. */
export const systemClock: Clock = {
  now: () => Temporal.Now.instant(),
  schedule(delay, task) {
    const timer = setTimeout(() => void task(), delay.total('milliseconds'))
    timer.unref()
    return () => clearTimeout(timer)
  },
}
