import type { TenantId } from '../../tenants'
import { loginAttemptsRepository } from './repositories/loginAttempts'
import { passengersRepository } from './repositories/passengers'
import { placesRepository } from './repositories/places'
import { sessionsRepository } from './repositories/sessions'
import { signingKeysRepository } from './repositories/signingKeys'
import { tripsRepository } from './repositories/trips'
import { usersRepository } from './repositories/users'
import type { Db } from './schema'

/**
 * The only way request code reaches the data: every repository is bound to one tenant here, and every query in
 * them filters by it. Pass a transaction as `db` to run several calls atomically.
 */
export function tenantDb(db: Db, tenant: TenantId) {
  return {
    tenant,
    users: usersRepository(db, tenant),
    sessions: sessionsRepository(db, tenant),
    loginAttempts: loginAttemptsRepository(db, tenant),
    signingKeys: signingKeysRepository(db, tenant),
    passengers: passengersRepository(db, tenant),
    places: placesRepository(db, tenant),
    trips: tripsRepository(db, tenant),
  }
}

export type TenantDb = ReturnType<typeof tenantDb>
