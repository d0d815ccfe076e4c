import { sql } from 'kysely'
import type { TenantId } from '../../tenants'
import { calendarFeedsRepository } from './repositories/calendarFeeds'
import { idempotencyKeysRepository } from './repositories/idempotencyKeys'
import { invitationsRepository } from './repositories/invitations'
import { loginAttemptsRepository } from './repositories/loginAttempts'
import { messagesRepository } from './repositories/messages'
import { notificationOutboxRepository } from './repositories/notificationOutbox'
import { emailOutboxRepository } from './repositories/emailOutbox'
import { emailThrottlesRepository } from './repositories/emailThrottles'
import { emailTokensRepository } from './repositories/emailTokens'
import { notificationSettingsRepository } from './repositories/notificationSettings'
import { operatorChangesRepository } from './repositories/operatorChanges'
import { operatorKeysRepository } from './repositories/operatorKeys'
import { passengerLifeRepository } from './repositories/passengerLife'
import { passengersRepository } from './repositories/passengers'
import { permissionsRepository } from './repositories/permissions'
import { placesRepository } from './repositories/places'
import { pushSubscriptionsRepository } from './repositories/pushSubscriptions'
import { readVersionsRepository } from './repositories/readVersions'
import { sessionsRepository } from './repositories/sessions'
import { signingKeysRepository } from './repositories/signingKeys'
import { trackingLinksRepository } from './repositories/trackingLinks'
import { travelCardThrottlesRepository } from './repositories/travelCardThrottles'
import { tripsRepository } from './repositories/trips'
import { usersRepository } from './repositories/users'
import { webhooksRepository } from './repositories/webhooks'
import type { VersionCache } from './versionCache'
import { runPrepared } from './prepared'
import type { Db } from './schema'
import { scopeToTenant } from './tenantScope'

/** The repositories see only `scoped`, never `db`: every query they write is the tenant's (tenantScope.ts). */
function repositories(db: Db, tenant: TenantId, versionCache: VersionCache | null) {
  const scoped = scopeToTenant(db, tenant)
  return {
    tenant,
    users: usersRepository(scoped),
    sessions: sessionsRepository(scoped),
    loginAttempts: loginAttemptsRepository(scoped),
    signingKeys: signingKeysRepository(scoped),
    passengers: passengersRepository(scoped),
    passengerLife: passengerLifeRepository(scoped),
    places: placesRepository(scoped),
    permissions: permissionsRepository(scoped),
    trips: tripsRepository(scoped),
    trackingLinks: trackingLinksRepository(scoped),
    invitations: invitationsRepository(scoped),
    travelCardThrottles: travelCardThrottlesRepository(scoped),
    readVersions: readVersionsRepository(
      scoped,
      (statement, args) => runPrepared(db, statement, args),
      versionCache && { cache: versionCache, tenant },
    ),
    idempotencyKeys: idempotencyKeysRepository(scoped),
    operatorKeys: operatorKeysRepository(scoped),
    messages: messagesRepository(scoped),
    notificationOutbox: notificationOutboxRepository(scoped),
    emailOutbox: emailOutboxRepository(scoped),
    emailTokens: emailTokensRepository(scoped),
    emailThrottles: emailThrottlesRepository(scoped),
    operatorChanges: operatorChangesRepository(scoped),
    webhooks: webhooksRepository(scoped),
    calendarFeeds: calendarFeedsRepository(scoped),
    pushSubscriptions: pushSubscriptionsRepository(scoped),
    notificationSettings: notificationSettingsRepository(scoped),
  }
}

export interface TenantDb extends ReturnType<typeof repositories> {
  /**
   * Runs `work` in one transaction, with repositories bound to it and to the same tenant; inside a transaction
   * it is a savepoint, so that a retry of `work` undoes only its own part.
   */
  transaction<T>(work: (db: TenantDb) => Promise<T>): Promise<T>
  /** Begins a transaction that the caller commits or rolls back (the idempotent answer's, server/idempotency). */
  startTransaction(): Promise<OpenTransaction>
  /**
   * For the rest of the transaction, PostgreSQL plans each run of a kept statement for its own values, foreign key
   * checks among them. A connection keeps the plan it made for such a check while the referenced table was small: a
   * load that grows a table from nothing (an operator's first) then scanned the whole table for every row it
   * inserted, slower with every row.
   */
  planEachQuery(): Promise<void>
}

export interface OpenTransaction {
  db: TenantDb
  commit(): Promise<void>
  rollback(): Promise<void>
}

async function inSavepoint<T>(trx: Db, work: () => Promise<T>): Promise<T> {
  await sql`savepoint nested`.execute(trx)
  try {
    const result = await work()
    await sql`release savepoint nested`.execute(trx)
    return result
  } catch (error) {
    await sql`rollback to savepoint nested`.execute(trx)
    throw error
  }
}

/**
 * The only way request code reaches the data: every repository is bound to one tenant here, through a Kysely
 * whose plugin scopes every query to it (tenantScope.ts). `versionCache` is the app's announced read versions
 * (server/reads/versionWatch.ts), for its root handles only: a transaction reads its own.
 */
export function tenantDb(db: Db, tenant: TenantId, versionCache: VersionCache | null = null): TenantDb {
  const bound: TenantDb = {
    ...repositories(db, tenant, versionCache),
    transaction: (work) =>
      db.isTransaction
        ? inSavepoint(db, () => work(bound))
        : db.transaction().execute((trx) => work(tenantDb(trx, tenant))),
    async planEachQuery() {
      await sql`set local plan_cache_mode = force_custom_plan`.execute(db)
    },
    async startTransaction() {
      const trx = await db.startTransaction().execute()
      return {
        db: tenantDb(trx, tenant),
        commit: () => trx.commit().execute(),
        rollback: async () => {
          if (!trx.isCommitted && !trx.isRolledBack) await trx.rollback().execute()
        },
      }
    },
  }
  return bound
}
