/**
 * A fixed-window counter per key (a client address) that holds at most `maxKeys` keys: when full, the oldest
 * window is forgotten, so a flood of addresses costs bounded memory and at worst lets a forgotten one start over.
 */
export interface RateWindow {
  /** Counts one hit for the key; false when the key has used up its window. */
  take(key: string): boolean
  /** Milliseconds until the key's window ends (0 for a key without one), for a Retry-After. */
  remainingMs(key: string): number
}

export interface RateWindowOptions {
  limit: number
  windowMs: number
  maxKeys: number
  /** Milliseconds on a monotonic clock. */
  now?: () => number
}

export function createRateWindow({
  limit,
  windowMs,
  maxKeys,
  now = () => performance.now(),
}: RateWindowOptions): RateWindow {
  const windows = new Map<string, { start: number; count: number }>()
  return {
    take(key) {
      const at = now()
      let window = windows.get(key)
      if (!window || at - window.start >= windowMs) {
        windows.delete(key)
        if (windows.size >= maxKeys) windows.delete(windows.keys().next().value as string)
        window = { start: at, count: 0 }
        windows.set(key, window)
      }
      window.count += 1
      return window.count <= limit
    },
    remainingMs(key) {
      const window = windows.get(key)
      return window ? Math.max(0, window.start + windowMs - now()) : 0
    },
  }
}
