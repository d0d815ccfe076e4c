import type { FastifyInstance } from 'fastify'
import { Temporal } from 'temporal-polyfill'

declare module 'fastify' {
  interface FastifyInstance {
    /** Releases the idempotency keys of failed runs, again and again while the database is away. */
    keyReleases: KeyReleases
  }
}

export interface KeyReleases {
  /**
   * Releases the key `id` with `run` now and, when that fails (the database is away), every second until it
   * lands or the claim is stale at `staleAt` (then a retry takes it over anyway). Resolves after the first try.
   */
  release(id: string, run: () => Promise<void>, staleAt: Temporal.Instant): Promise<void>
  /** Releases the key `id` now if this instance still owes its release; true once it is released. */
  settle(id: string): Promise<boolean>
}

interface Owed {
  run(): Promise<void>
  staleAt: Temporal.Instant
  /** The try under way, shared by whoever asks meanwhile. */
  trying: Promise<boolean> | null
}

/** How long after a round of failed releases the next round starts. */
const retryMs = 1_000

/**
 * A run that failed because the database went away could not release its key then: without this the key stayed
 * in flight until stale (2 minutes), every retry answered 409 and nothing was written. Kept in this instance
 * (a crash loses it, and the claim goes stale as before); tried in a round a second, one key after another, so
 * that an outage costs one connection attempt a second, not one per key.
 */
export function registerKeyReleases(app: FastifyInstance): void {
  const owed = new Map<string, Owed>()
  let timer: NodeJS.Timeout | undefined
  let round: Promise<void> | null = null
  let closed = false

  const attempt = (id: string, entry: Owed): Promise<boolean> =>
    (entry.trying ??= entry
      .run()
      .then(
        () => {
          owed.delete(id)
          return true
        },
        () => false,
      )
      .finally(() => (entry.trying = null)))

  async function tryAll(): Promise<void> {
    for (const [id, entry] of owed) {
      if (Temporal.Instant.compare(Temporal.Now.instant(), entry.staleAt) >= 0) owed.delete(id)
      else if (await attempt(id, entry)) app.log.info('idempotency key released after the database came back')
      else return
    }
  }
  const schedule = () => {
    if (closed || timer || round || owed.size === 0) return
    timer = setTimeout(() => {
      timer = undefined
      round = tryAll().finally(() => {
        round = null
        schedule()
      })
    }, retryMs)
  }

  app.decorate('keyReleases', {
    async release(id, run, staleAt) {
      const entry: Owed = { run, staleAt, trying: null }
      owed.set(id, entry)
      if (await attempt(id, entry)) return
      app.log.warn('idempotency key kept in flight until the database answers again')
      schedule()
    },
    async settle(id) {
      const entry = owed.get(id)
      return entry ? attempt(id, entry) : false
    },
  } satisfies KeyReleases)
  app.addHook('onClose', async () => {
    closed = true
    clearTimeout(timer)
    owed.clear()
    await round
  })
}
