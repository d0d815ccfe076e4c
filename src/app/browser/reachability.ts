/** The longest wait between two probes of a server that does not answer. */
export const longestProbeGapMs = 30_000
const firstProbeGapMs = 2_000

export interface ReachabilityDeps {
  /** True when the portal's own server answered. */
  probe: () => Promise<boolean>
  browserOnline: () => boolean
  setTimer: (run: () => void, ms: number) => unknown
  clearTimer: (timer: unknown) => void
}

/**
 * Whether the portal's server answers, beside the browser's `navigator.onLine`, which says only that there is
 * a network: behind a captive portal, in a tunnel or with the server down, it stays true. A call that got no
 * answer makes the server unreachable; any answer, to a call or to a probe of `/health` repeated with a growing
 * gap while it is unreachable, makes it reachable again.
 */
export class Reachability {
  private reachable = true
  private timer: unknown = null
  private gapMs = firstProbeGapMs
  private readonly listeners = new Set<() => void>()
  private readonly deps: ReachabilityDeps

  constructor(deps: ReachabilityDeps) {
    this.deps = deps
  }

  isReachable = (): boolean => this.reachable

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** What a call learnt: `true` when the server answered, `false` when nothing did. */
  report = (answered: boolean): void => {
    if (answered) return this.set(true)
    // With no network a call fails whatever the server does: the banner says "offline", and when the network
    // returns, the server has not been found wanting (else "cannot be reached" flashes until the probe answers).
    if (!this.reachable || !this.deps.browserOnline()) return
    this.set(false)
    this.gapMs = firstProbeGapMs
    this.schedule()
  }

  /** The browser's network came back: whether the server answers too is asked at once. */
  networkReturned = (): void => {
    if (this.reachable) return
    this.gapMs = firstProbeGapMs
    this.cancel()
    void this.probeNow()
  }

  private schedule(): void {
    this.cancel()
    this.timer = this.deps.setTimer(() => void this.probeNow(), this.gapMs)
    this.gapMs = Math.min(this.gapMs * 2, longestProbeGapMs)
  }

  private async probeNow(): Promise<void> {
    this.timer = null
    // Without a network there is nothing to probe: the browser's `online` event starts probing again.
    if (!this.deps.browserOnline()) return
    const answered = await this.deps.probe().catch(() => false)
    if (this.reachable) return
    if (answered) this.set(true)
    else this.schedule()
  }

  private cancel(): void {
    if (this.timer !== null) this.deps.clearTimer(this.timer)
    this.timer = null
  }

  private set(reachable: boolean): void {
    if (reachable) this.cancel()
    if (reachable === this.reachable) return
    this.reachable = reachable
    for (const listener of this.listeners) listener()
  }
}

/** Whether `/health` on this origin answers as the portal's server does (a captive portal answers otherwise). */
async function probeHealth(): Promise<boolean> {
  try {
    const response = await fetch('/health', { cache: 'no-store', credentials: 'omit' })
    if (!response.ok) return false
    const body = (await response.json()) as { status?: unknown }
    return body.status === 'ok'
  } catch {
    return false
  }
}

/** The page's one view of whether the server answers, fed by its API client's calls and the sync worker's. */
export const serverReachability = new Reachability({
  probe: probeHealth,
  browserOnline: () => navigator.onLine,
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
})

if (typeof window !== 'undefined') window.addEventListener('online', serverReachability.networkReturned)
