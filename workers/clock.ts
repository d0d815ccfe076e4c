import { Temporal } from 'temporal-polyfill'

/**
 * Time for the outbox's backoff: xstate's SimulatedClock has this shape, so tests move time by hand and the
 * same code runs on real timers in the workers.
 */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(id: unknown): void
}

export const realClock: Clock = {
  now: () => Temporal.Now.instant().epochMilliseconds,
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
}
