import { Temporal } from 'temporal-polyfill'

/**
 * How long an outbox row waits after its `attempts`-th failed try (push, e-mail): 30 s doubling per try to at most
 * an hour, a little jittered so that a receiver that recovers is not hit by every waiting row at once.
 */
export function backoff(attempts: number): Temporal.Duration {
  const seconds = Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1))
  return Temporal.Duration.from({ milliseconds: Math.round(seconds * 1000 * (0.8 + Math.random() * 0.4)) })
}
