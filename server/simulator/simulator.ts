import type { FastifyBaseLogger } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { operatorTripEvent, type OperatorTripEvent } from '../../src/contract/operator'
import { tenantIds, type TenantId } from '../../tenants'
import { retryOnConflict } from '../db/conflicts'
import type { Db } from '../db/schema'
import { tenantDb, type TenantDb } from '../db/tenantDb'
import type { TripProjection } from '../domain/tripProjection'
import { HttpError } from '../errors/httpError'
import { appendOperatorEvent } from '../trips/operatorEvents'
import type { Clock } from '../time/clock'
import { acknowledgeCancellations } from './dispatchReceipts'
import { keepGuardianWritten } from './guardianMessages'
import { keepGuardianBusy, type AppendEvent } from './guardianTrips'
import { simulatorLockKey, tryLeaderLock, type HeldLock } from './leaderLock'
import { dueEvent, stepTimes } from './tripSteps'

export interface DemoSimulatorOptions {
  db: Db
  clock: Clock
  /**
   * The PostgreSQL database's URL: run only while holding its advisory lock, as several servers may share it.
   * Null on PGlite, which one process has to itself.
   */
  lockDatabaseUrl: string | null
  log: Pick<FastifyBaseLogger, 'info' | 'error'>
  tenants?: readonly TenantId[]
  lockKey?: number
  /** How often trips move on and cars report where they are. */
  tickEvery?: Temporal.Duration
  /** How often a server without the lock tries to take it. */
  retryEvery?: Temporal.Duration
}

export interface DemoSimulator {
  /** Whether this instance is the one moving the demo (it holds the lock, or needs none). */
  readonly running: boolean
  /** Ends the loop, waits for a tick under way and gives the lock back; nothing is left scheduled. */
  stop(): Promise<void>
}

/** Trips that started longer ago than this and are not over are left alone: the demo moved on without them. */
const oldest = Temporal.Duration.from({ hours: 24 })

/** Status events a trip can take in one tick when catching up (a simulator that took over late). */
const maxSteps = 8

/**
 * An event through the operator API's own path, validated by its schema as a request body would be, with the
 * simulator's clock as the time it arrived. Another writer's conflicting append is retried like the API does.
 */
function appender(db: TenantDb, now: Temporal.Instant): AppendEvent {
  return async (tripId, event: OperatorTripEvent) => {
    const body = operatorTripEvent.parse(event)
    await retryOnConflict(() => db.transaction((trx) => appendOperatorEvent(trx, tripId, body, now)))
  }
}

/** Takes `trip` through every step due by `now` and reports its car's position, as a dispatch system would. */
async function advanceTrip(db: TenantDb, trip: TripProjection, now: Temporal.Instant, append: AppendEvent) {
  let current: TripProjection | undefined = trip
  for (let step = 0; current && step < maxSteps; step++) {
    const event = dueEvent(current, now)
    if (!event) return
    try {
      await append(current.id, event)
    } catch (error) {
      // The guardian cancelled, or the operator API moved the trip on meanwhile: the next tick sees it.
      if (error instanceof HttpError && error.statusCode === 409) return
      throw error
    }
    if (event.type === 'position') return
    current = await db.trips.find(current.id)
  }
}

/**
 * One tick of a tenant: every unfinished trip near now moves on, then its guardian gets a trip if none is near,
 * and an answer or a notice from the operator when one is due, and the receipt of their cancellations.
 */
export async function simulateTenant(db: TenantDb, now: Temporal.Instant): Promise<void> {
  const append = appender(db, now)
  const horizon = now.subtract(stepTimes.dispatched).add({ minutes: 1 })
  for (const trip of await db.trips.listUnfinished(now.subtract(oldest), horizon)) {
    await advanceTrip(db, trip, now, append)
  }
  await keepGuardianBusy(db, now, append)
  await keepGuardianWritten(db, now)
  await acknowledgeCancellations(db, now)
}

/**
 * The demo simulator: every `tickEvery` it plays today's trips forward in real time through the trip event log
 * (simulateTenant) for every tenant. On PostgreSQL it runs only while it holds a session-level advisory lock
 * on a connection of its own, and otherwise tries again every `retryEvery`, so of several servers on one
 * database exactly one moves the demo, and another takes over when that one stops or dies.
 */
export function startDemoSimulator(options: DemoSimulatorOptions): DemoSimulator {
  const { db, clock, lockDatabaseUrl, log } = options
  const tenants = options.tenants ?? tenantIds
  const tickEvery = options.tickEvery ?? Temporal.Duration.from({ seconds: 15 })
  const retryEvery = options.retryEvery ?? Temporal.Duration.from({ seconds: 30 })
  let stopped = false
  let running = false
  let lock: HeldLock | null = null
  let cancel: (() => void) | null = null
  let inFlight: Promise<void> | null = null

  async function lead(): Promise<boolean> {
    if (lockDatabaseUrl === null) return true
    if (lock && (await lock.alive())) return true
    if (lock) {
      log.error('demo simulator lost its lock connection')
      await lock.release()
    }
    lock = await tryLeaderLock(lockDatabaseUrl, options.lockKey ?? simulatorLockKey)
    if (lock) log.info('demo simulator runs on this server')
    return lock !== null
  }

  async function loop(): Promise<void> {
    cancel = null
    if (stopped) return
    let next = retryEvery
    try {
      running = await lead()
      if (running && !stopped) {
        next = tickEvery
        const now = clock.now()
        for (const tenant of tenants) await simulateTenant(tenantDb(db, tenant), now)
      }
    } catch (error) {
      log.error({ err: error }, 'demo simulator tick failed')
    }
    if (!stopped) cancel = clock.schedule(next, run)
  }

  function run(): Promise<void> {
    const tick = loop().finally(() => {
      inFlight = null
    })
    inFlight = tick
    return tick
  }

  cancel = clock.schedule(Temporal.Duration.from({ seconds: 0 }), run)
  return {
    get running() {
      return running
    },
    async stop() {
      stopped = true
      cancel?.()
      await inFlight
      await lock?.release()
      lock = null
      running = false
    },
  }
}
