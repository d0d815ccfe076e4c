import type { FastifyInstance } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { purgeIdempotencyKeys } from '../db/repositories/idempotencyKeys'
import type { Db } from '../db/schema'
import { idempotencyKeyRetention as keyRetention } from '../../src/contract/codes'

export const purgeIntervalMs = 6 * 60 * 60 * 1000

/** Deletes idempotency keys older than the retention; returns how many. */
export function purgeExpiredKeys(db: Db, now: Temporal.Instant = Temporal.Now.instant()): Promise<number> {
  return purgeIdempotencyKeys(db, now.subtract(keyRetention))
}

/** Purges old keys when the app is ready and every few hours while it runs (every instance may; it is cheap). */
export function registerIdempotencyPurge(app: FastifyInstance, db: Db): void {
  const purge = async () => {
    try {
      const count = await purgeExpiredKeys(db)
      if (count > 0) app.log.info({ count }, 'purged expired idempotency keys')
    } catch (error) {
      app.log.error({ err: error }, 'idempotency key purge failed')
    }
  }
  let timer: NodeJS.Timeout | undefined
  app.addHook('onReady', async () => {
    await purge()
    timer = setInterval(() => void purge(), purgeIntervalMs)
    timer.unref()
  })
  app.addHook('onClose', async () => clearInterval(timer))
}
