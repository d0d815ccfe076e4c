import { describe, expect, it, vi } from 'vitest'
import { longestProbeGapMs, Reachability } from '../../../src/app/browser/reachability'

/** A reachability over hand-run timers and a probe whose answers the test gives, one per probe. */
function setup(answers: boolean[], online = { now: true }) {
  const timers: { run: () => void; ms: number }[] = []
  const probe = vi.fn(async () => answers.shift() ?? false)
  const reachability = new Reachability({
    probe,
    browserOnline: () => online.now,
    setTimer: (run, ms) => {
      const timer = { run, ms }
      timers.push(timer)
      return timer
    },
    clearTimer: (timer) => timers.splice(timers.indexOf(timer as (typeof timers)[number]), 1),
  })
  const changes: boolean[] = []
  reachability.subscribe(() => changes.push(reachability.isReachable()))
  /** Runs the one pending timer and waits for its probe. */
  const fire = async () => {
    expect(timers).toHaveLength(1)
    const timer = timers.shift()!
    timer.run()
    await vi.waitFor(() => expect(probe).toHaveBeenCalled())
    await Promise.resolve()
    await Promise.resolve()
    return timer.ms
  }
  return { reachability, timers, probe, changes, fire }
}

describe('server reachability', () => {
  it('is reachable until a call gets no answer, and again once a probe gets one', async () => {
    const { reachability, changes, fire, timers } = setup([false, false, true])
    expect(reachability.isReachable()).toBe(true)
    reachability.report(false)
    expect(reachability.isReachable()).toBe(false)
    expect(await fire()).toBe(2_000)
    expect(await fire()).toBe(4_000)
    expect(await fire()).toBe(8_000)
    expect(reachability.isReachable()).toBe(true)
    expect(changes).toEqual([false, true])
    expect(timers).toHaveLength(0)
  })

  it('probes with a gap that doubles up to 30 s', async () => {
    const { reachability, fire } = setup([])
    reachability.report(false)
    const gaps: number[] = []
    for (let probe = 0; probe < 7; probe++) gaps.push(await fire())
    expect(gaps).toEqual([
      2_000,
      4_000,
      8_000,
      16_000,
      longestProbeGapMs,
      longestProbeGapMs,
      longestProbeGapMs,
    ])
  })

  it('is reachable at once when any call is answered, and stops probing', () => {
    const { reachability, timers, changes } = setup([])
    reachability.report(false)
    reachability.report(false)
    expect(timers).toHaveLength(1)
    reachability.report(true)
    expect(reachability.isReachable()).toBe(true)
    expect(timers).toHaveLength(0)
    expect(changes).toEqual([false, true])
  })

  it('does not probe without a network, and probes at once when it returns', async () => {
    const online = { now: true }
    const { reachability, timers, probe } = setup([true], online)
    reachability.report(false)
    online.now = false
    timers.shift()!.run()
    await Promise.resolve()
    expect(probe).not.toHaveBeenCalled()
    expect(timers).toHaveLength(0)
    online.now = true
    reachability.networkReturned()
    await vi.waitFor(() => expect(reachability.isReachable()).toBe(true))
    expect(probe).toHaveBeenCalledTimes(1)
  })

  it('blames no server for a call that failed with no network, so nothing says it cannot be reached when the network returns', () => {
    const online = { now: false }
    const { reachability, timers, changes, probe } = setup([], online)
    reachability.report(false)
    expect(reachability.isReachable()).toBe(true)
    expect(timers).toHaveLength(0)
    online.now = true
    reachability.networkReturned()
    expect(reachability.isReachable()).toBe(true)
    expect(changes).toEqual([])
    expect(probe).not.toHaveBeenCalled()
  })
})
