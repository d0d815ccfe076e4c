import type { FastifyBaseLogger } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { tenantIds, type TenantId } from '../../tenants'
import type { Clock } from './clock'

export interface EveryTenantOptions {
  clock: Clock
  log: Pick<FastifyBaseLogger, 'error'>
  /** What is logged when a tenant's work fails (the next round tries again). */
  failure: string
  /** One tenant's work at the clock's `now`, through that tenant's scope. */
  work: (tenant: TenantId, now: Temporal.Instant) => Promise<void>
  tenants?: readonly TenantId[]
  /** How often it looks (a minute): the work comes at most this late. */
  every?: Temporal.Duration
}

export interface TenantLoop {
  /** Ends the loop and waits for a round under way; nothing is left scheduled. */
  stop(): Promise<void>
}

/**
 * Runs `work` for each tenant in turn at once and then `every` after each round ends, never two rounds at once,
 * tenant by tenant through each tenant's scope (no query across tenants). Every instance runs its own: the work
 * must make its effect once however many look (a mark, or rows taken with `skip locked`).
 */
export function everyTenant(options: EveryTenantOptions): TenantLoop {
  const { clock, log, work } = options
  const tenants = options.tenants ?? tenantIds
  const every = options.every ?? Temporal.Duration.from({ minutes: 1 })
  let stopped = false
  let cancel: (() => void) | null = null
  let inFlight: Promise<void> | null = null

  async function look(): Promise<void> {
    for (const tenant of tenants) {
      if (stopped) return
      try {
        await work(tenant, clock.now())
      } catch (error) {
        log.error({ err: error, tenant }, options.failure)
      }
    }
  }

  function run(): Promise<void> {
    cancel = null
    const running = look().finally(() => {
      inFlight = null
      if (!stopped) cancel = clock.schedule(every, run)
    })
    inFlight = running
    return running
  }

  cancel = clock.schedule(Temporal.Duration.from({ seconds: 0 }), run)
  return {
    async stop() {
      stopped = true
      cancel?.()
      await inFlight
    },
  }
}
