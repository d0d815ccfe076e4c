import type { TenantId } from '../../tenants'
import { idempotencyKeysRepository } from './repositories/idempotencyKeys'
import { loginAttemptsRepository } from './repositories/loginAttempts'
import { operatorKeysRepository } from './repositories/operatorKeys'
import { passengersRepository } from './repositories/passengers'
import { placesRepository } from './repositories/places'
import { sessionsRepository } from './repositories/sessions'
import { signingKeysRepository } from './repositories/signingKeys'
import { tripsRepository } from './repositories/trips'
import { usersRepository } from './repositories/users'
import type { Db } from './schema'

function repositories(db: Db, tenant: TenantId) {
  return {
    tenant,
    users: usersRepository(db, tenant),
    sessions: sessionsRepository(db, tenant),
    loginAttempts: loginAttemptsRepository(db, tenant),
    signingKeys: signingKeysRepository(db, tenant),
    passengers: passengersRepository(db, tenant),
    places: placesRepository(db, tenant),
    trips: tripsRepository(db, tenant),
    idempotencyKeys: idempotencyKeysRepository(db, tenant),
    operatorKeys: operatorKeysRepository(db, tenant),
  }
}

export interface TenantDb extends ReturnType<typeof repositories> {
  /** Runs `work` in one transaction, with repositories bound to it and to the same tenant. */
  transaction<T>(work: (db: TenantDb) => Promise<T>): Promise<T>
}

/**
 * The only way request code reaches the data: every repository is bound to one tenant here, and every query in
 * them filters by it.
 */
export function tenantDb(db: Db, tenant: TenantId): TenantDb {
  return {
    ...repositories(db, tenant),
    transaction: (work) => db.transaction().execute((trx) => work(tenantDb(trx, tenant))),
  }
}
