import { Temporal } from 'temporal-polyfill'
import type { TenantDb } from '../db/tenantDb'

/** Failed password logins allowed per window, counted in the database so that every instance agrees. */
export const loginRateLimit = { windowMinutes: 15, perUserName: 5, perIp: 30 } as const

export async function isLoginBlocked(db: TenantDb, userName: string, ip: string): Promise<boolean> {
  const since = Temporal.Now.instant().subtract({ minutes: loginRateLimit.windowMinutes })
  const failures = await db.loginAttempts.countFailures(userName, ip, since)
  return failures.byUserName >= loginRateLimit.perUserName || failures.byIp >= loginRateLimit.perIp
}

export async function recordLoginFailure(db: TenantDb, userName: string, ip: string): Promise<void> {
  await db.loginAttempts.recordFailure(userName, ip)
  // Attempts older than the window no longer count: drop them as we go.
  await db.loginAttempts.pruneBefore(
    Temporal.Now.instant().subtract({ minutes: loginRateLimit.windowMinutes }),
  )
}
