import type pg from 'pg'
import type { Db } from './schema'

/** A PostgreSQL pool's connections at one moment. */
export interface PoolStats {
  /** Open connections, busy or idle. */
  total: number
  idle: number
  /** Queries waiting for a connection: the pool is exhausted while this is above 0. */
  waiting: number
  /** The most connections the pool opens. */
  max: number
}

const pools = new WeakMap<Db, pg.Pool>()

/** Makes `db`'s pool readable by `poolStatsOf` (openDatabase sets it up on PostgreSQL). */
export function usePoolStats(db: Db, pool: pg.Pool): void {
  pools.set(db, pool)
}

/**
 * Reads `db`'s pool, on PostgreSQL; null on PGlite, which is one session in this process with no pool: its
 * queries wait their turn inside PGlite, where nothing counts them.
 */
export function poolStatsOf(db: Db): (() => PoolStats) | null {
  const pool = pools.get(db)
  if (!pool) return null
  return () => ({
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    max: pool.options.max,
  })
}
