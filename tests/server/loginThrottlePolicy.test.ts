import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import {
  delayAfterFailures,
  loginThrottlePolicy,
  reserveAttempt,
  waitSeconds,
} from '../../server/domain/loginThrottle'

const now = Temporal.Instant.from('2026-11-23T08:00:00Z')

describe('the login throttle policy', () => {
  it('waits nothing for the free failures, then doubles from 2 s up to the cap', () => {
    const delays = Array.from({ length: 16 }, (_, failures) => delayAfterFailures(failures))
    expect(delays).toEqual([0, 0, 0, 0, 0, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900])
    expect(loginThrottlePolicy.freeFailures).toBe(5)
  })

  it('counts a reserved attempt as a failure and sets the next allowed time', () => {
    const pair = { failures: 4, countedSince: now.subtract({ minutes: 5 }), nextAllowedAt: now }
    const reservation = reserveAttempt(undefined, pair, now)
    expect(reservation).toEqual({
      allowed: true,
      address: { failures: 1, countedSince: now, nextAllowedAt: now },
      pair: { failures: 5, countedSince: pair.countedSince, nextAllowedAt: now.add({ seconds: 2 }) },
    })
  })

  it('refuses until the wait is over, with the seconds left rounded up', () => {
    const pair = { failures: 6, countedSince: now, nextAllowedAt: now.add({ milliseconds: 3_200 }) }
    expect(reserveAttempt(undefined, pair, now)).toEqual({ allowed: false, retryAfterSeconds: 4 })
  })

  it('refuses an address at its limit until its window ends, and starts it over after', () => {
    const full = { failures: 30, countedSince: now.subtract({ minutes: 10 }), nextAllowedAt: now }
    expect(reserveAttempt(full, undefined, now)).toEqual({ allowed: false, retryAfterSeconds: 300 })
    const later = now.add({ minutes: 5 })
    const reservation = reserveAttempt(full, undefined, later)
    expect(reservation.allowed && reservation.address).toEqual({
      failures: 1,
      countedSince: later,
      nextAllowedAt: later,
    })
  })

  it('forgets a username and address pair a day after its first failure', () => {
    const pair = {
      failures: 12,
      countedSince: now.subtract({ hours: 24 }),
      nextAllowedAt: now.add({ minutes: 1 }),
    }
    const reservation = reserveAttempt(undefined, pair, now)
    expect(reservation.allowed && reservation.pair.failures).toBe(1)
  })

  it('tells a failed attempt the wait it starts: none before the free failures are used, then the refusal’s', () => {
    const waitAfter = (failures: number) => {
      const pair = { failures, countedSince: now, nextAllowedAt: now }
      const reservation = reserveAttempt(undefined, pair, now)
      if (!reservation.allowed) throw new Error('refused')
      return waitSeconds(reservation.address, reservation.pair, now)
    }
    expect([0, 3, 4, 5].map(waitAfter)).toEqual([0, 0, 2, 4])
    // The address's last free failure across usernames starts its window's wait.
    const address = { failures: 29, countedSince: now.subtract({ minutes: 1 }), nextAllowedAt: now }
    const reservation = reserveAttempt(address, undefined, now)
    expect(reservation.allowed && waitSeconds(reservation.address, reservation.pair, now)).toBe(14 * 60)
  })
})
