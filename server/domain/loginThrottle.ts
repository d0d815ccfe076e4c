import { Temporal } from 'temporal-polyfill'

/**
 * Password logins are slowed down, never locked: per username and address together (so nobody elsewhere can
 * lock a user out), plus a looser limit per address across usernames. Strong authentication is never limited.
 */
export const loginThrottlePolicy = {
  /** Failures of one username from one address before every further attempt must wait. */
  freeFailures: 5,
  /** The longest wait, in seconds; it doubles from 2 s up to this. */
  maxDelaySeconds: 15 * 60,
  /** A username and address pair starts over this long after its first counted failure. */
  pairWindowHours: 24,
  /** Failures from one address across usernames per window. */
  perAddress: 30,
  addressWindowMinutes: 15,
} as const

/** One counter: failures since `countedSince`, and the earliest time of the next attempt. */
export interface ThrottleCounter {
  failures: number
  countedSince: Temporal.Instant
  nextAllowedAt: Temporal.Instant
}

export type Reservation =
  | { allowed: true; address: ThrottleCounter; pair: ThrottleCounter }
  | { allowed: false; retryAfterSeconds: number }

/** The wait after `failures` failures of one username from one address: none, then 2, 4, 8 ... s, capped. */
export function delayAfterFailures(failures: number): number {
  const { freeFailures, maxDelaySeconds } = loginThrottlePolicy
  if (failures < freeFailures) return 0
  return Math.min(2 ** (failures - freeFailures + 1), maxDelaySeconds)
}

function fresh(counter: ThrottleCounter | undefined, now: Temporal.Instant, window: Temporal.DurationLike) {
  if (!counter || Temporal.Instant.compare(now, counter.countedSince.add(window)) >= 0)
    return { failures: 0, countedSince: now, nextAllowedAt: now }
  return counter
}

const secondsUntil = (later: Temporal.Instant, now: Temporal.Instant) =>
  Math.max(1, Math.ceil(Number(later.epochNanoseconds - now.epochNanoseconds) / 1e9))

/** Seconds until the counters allow another attempt; 0 when one is allowed now. */
export function waitSeconds(address: ThrottleCounter, pair: ThrottleCounter, now: Temporal.Instant): number {
  const policy = loginThrottlePolicy
  const addressEnds = address.countedSince.add({ minutes: policy.addressWindowMinutes })
  return Math.max(
    address.failures >= policy.perAddress ? secondsUntil(addressEnds, now) : 0,
    Temporal.Instant.compare(now, pair.nextAllowedAt) < 0 ? secondsUntil(pair.nextAllowedAt, now) : 0,
  )
}

/**
 * Reserves one attempt before the password is checked: it counts as a failure until a success forgives it, so
 * concurrent attempts cannot all pass the check. Refused attempts count nothing. An allowed reservation's
 * counters are those a failure leaves, so `waitSeconds` of them is the wait a failed attempt's page tells.
 */
export function reserveAttempt(
  address: ThrottleCounter | undefined,
  pair: ThrottleCounter | undefined,
  now: Temporal.Instant,
): Reservation {
  const policy = loginThrottlePolicy
  const currentAddress = fresh(address, now, { minutes: policy.addressWindowMinutes })
  const currentPair = fresh(pair, now, { hours: policy.pairWindowHours })
  const retryAfterSeconds = waitSeconds(currentAddress, currentPair, now)
  if (retryAfterSeconds > 0) return { allowed: false, retryAfterSeconds }
  const pairFailures = currentPair.failures + 1
  return {
    allowed: true,
    address: { ...currentAddress, failures: currentAddress.failures + 1 },
    pair: {
      failures: pairFailures,
      countedSince: currentPair.countedSince,
      nextAllowedAt: now.add({ seconds: delayAfterFailures(pairFailures) }),
    },
  }
}
