/**
 * An in-process implementation of the Web Locks API's exclusive mode (`navigator.locks.request` with and
 * without `ifAvailable`), for replayers running in one test process as a tab's worker and the service worker
 * do in a browser. Waiting requests are granted in order; a lock is held until the callback's promise settles.
 */
type LockCallback<T> = (lock: { name: string; mode: 'exclusive' } | null) => T | Promise<T>

export class InMemoryLocks {
  private readonly queues = new Map<string, (() => void)[]>()

  request<T>(
    name: string,
    optionsOrCallback: { ifAvailable?: boolean } | LockCallback<T>,
    maybeCallback?: LockCallback<T>,
  ): Promise<T> {
    const [options, callback] =
      typeof optionsOrCallback === 'function'
        ? [{}, optionsOrCallback]
        : [optionsOrCallback, maybeCallback as LockCallback<T>]
    if (options.ifAvailable && this.queues.has(name)) return Promise.resolve().then(() => callback(null))
    return this.acquire(name).then(async () => {
      try {
        return await callback({ name, mode: 'exclusive' })
      } finally {
        this.release(name)
      }
    })
  }

  /** How many requests wait for the lock `name`. */
  waiting(name: string): number {
    return this.queues.get(name)?.length ?? 0
  }

  private acquire(name: string): Promise<void> {
    const queue = this.queues.get(name)
    if (!queue) {
      this.queues.set(name, [])
      return Promise.resolve()
    }
    return new Promise((resolve) => queue.push(resolve))
  }

  private release(name: string): void {
    const next = this.queues.get(name)?.shift()
    if (next) next()
    else this.queues.delete(name)
  }
}
