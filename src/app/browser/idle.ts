/**
 * Runs `task` once the page is idle, or after `timeoutMs` at the latest: work the first paint does not need
 * (the auth machine, the sync worker) waits for it rather than competing for the network and the CPU.
 * Returns a function that cancels the task if it has not run.
 */
export function whenIdle(task: () => void, timeoutMs: number): () => void {
  if ('requestIdleCallback' in window) {
    const handle = requestIdleCallback(task, { timeout: timeoutMs })
    return () => cancelIdleCallback(handle)
  }
  const timer = setTimeout(task, 0)
  return () => clearTimeout(timer)
}

/** Resolves with `value` in a later task, so the work after it does not lengthen the current one. */
export function nextTask<T>(value: T): Promise<T> {
  return new Promise((resolve) => setTimeout(() => resolve(value), 0))
}

/**
 * Resolves in the task after the browser's next frame (its animation callbacks run just before that frame is
 * painted): work started then comes after the paint, not before it. Never in a hidden page, whose frames wait:
 * race it with a timer there.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
}
