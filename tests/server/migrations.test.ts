import { sql, type Kysely } from 'kysely'
import { NO_MIGRATIONS } from 'kysely/migration'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonb } from '../../server/db/json'
import { createMigrator, migrateToLatest, migrations } from '../../server/db/migrate'
import { accessCodeHash } from '../../server/db/repositories/passengers'
import { backends, createEmptyDatabase, type TestDatabase } from './support/database'

// Every table but `vapid_keys`, the deployment's one VAPID key pair (migration 0018), and `email_link_keys`, its
// one key that signs unsubscribe links (migration 0028).
const tables = [
  'access_codes',
  'calendar_feeds',
  'demo_mails',
  'dispatch_settings',
  'email_deliveries',
  'email_switches',
  'email_throttles',
  'email_tokens',
  'idempotency_keys',
  'invitation_passengers',
  'invitations',
  'login_throttles',
  'message_seen',
  'messages',
  'notification_marks',
  'notification_settings',
  'notification_switches',
  'operator_api_keys',
  'operator_change_horizons',
  'operator_changes',
  'passenger_grants',
  'passengers',
  'permission_periods',
  'permission_places',
  'places',
  'push_deliveries',
  'push_subscriptions',
  'sessions',
  'signing_keys',
  'tracking_links',
  'transportation_permissions',
  'travel_card_throttles',
  'travel_cards',
  'trip_events',
  'trips',
  'users',
  'webhook_deliveries',
  'webhook_endpoints',
]

async function tablesWithTenant(database: TestDatabase) {
  const result = await sql<{ table_name: string }>`
    select table_name from information_schema.columns
    where table_schema = current_schema() and column_name = 'tenant_id'
    order by table_name`.execute(database.db)
  return result.rows.map((row) => row.table_name)
}

describe.each(backends)('migrations on $name', (backend) => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createEmptyDatabase(backend)
  })
  afterAll(() => database.drop())

  it('apply every migration to an empty database', async () => {
    expect(await migrateToLatest(database.db, database.schema ?? undefined)).toEqual(Object.keys(migrations))
    expect(await migrateToLatest(database.db, database.schema ?? undefined)).toEqual([])
  })

  it('give every table a tenant_id', async () => {
    expect(await tablesWithTenant(database)).toEqual(tables)
  })

  it('enforce usernames unique per tenant, case-insensitively', async () => {
    const insert = (tenant: 'espoo' | 'demo', id: string, userName: string) =>
      database.db
        .insertInto('users')
        .values({ tenant_id: tenant, id, name: 'X', user_name: userName })
        .execute()
    await insert('espoo', 'u1', 'Sanna')
    await expect(insert('espoo', 'u2', 'sanna')).rejects.toThrow()
    await expect(insert('demo', 'u3', 'sanna')).resolves.toBeDefined()
  })

  it('keep a passenger grant inside one tenant', async () => {
    await database.db
      .insertInto('passengers')
      .values({ tenant_id: 'espoo', id: 'p1', name: 'P', avatar_text: 'P' })
      .execute()
    const grant = (tenant: 'espoo' | 'demo', userId: string) =>
      database.db
        .insertInto('passenger_grants')
        .values({ tenant_id: tenant, user_id: userId, passenger_id: 'p1' })
        .execute()
    await expect(grant('demo', 'u3')).rejects.toThrow()
    await expect(grant('espoo', 'u1')).resolves.toBeDefined()
  })

  it('keep a permission to its tenant, its trip destinations 0 to 5, and read its dates back as written', async () => {
    const permission = (id: string, tripDestinations: number, endDate = '2026-12-31') =>
      database.db
        .insertInto('transportation_permissions')
        .values({
          tenant_id: 'espoo',
          id,
          passenger_id: 'p1',
          name: 'Asiointi',
          decision_type: 'VPL',
          trip_destinations: tripDestinations,
          allow_via_points: false,
          start_date: '2026-01-01',
          end_date: endDate,
          extras: jsonb([]),
          allowed_area: jsonb(null),
        })
        .execute()
    await expect(permission('q-bad', 6)).rejects.toThrow()
    await expect(permission('q-backwards', 3, '2025-12-31')).rejects.toThrow()
    await permission('q1', 5)
    const period = (tenant: 'espoo' | 'demo') =>
      database.db
        .insertInto('permission_periods')
        .values({
          tenant_id: tenant,
          permission_id: 'q1',
          start_date: '2026-12-01',
          end_date: '2026-12-31',
          total_quota: 10,
        })
        .execute()
    await expect(period('demo')).rejects.toThrow()
    await period('espoo')
    const read = await database.db
      .selectFrom('permission_periods')
      .select(['start_date', 'end_date'])
      .where('permission_id', '=', 'q1')
      .executeTakeFirst()
    expect(read).toEqual({ start_date: '2026-12-01', end_date: '2026-12-31' })
  })

  it('keep the access codes made before they were hashed usable, however they are typed', async () => {
    const migrator = createMigrator(database.db, database.schema ?? undefined)
    await migrator.migrateTo(NO_MIGRATIONS)
    await migrator.migrateTo('0024_withdrawn_bookings')
    const old = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>
    await old
      .insertInto('passengers')
      .values({ tenant_id: 'espoo', id: 'p9', name: 'P', avatar_text: 'P' })
      .execute()
    const expiresAt = Temporal.Now.instant().add({ hours: 1 })
    await old
      .insertInto('access_codes')
      .values({ tenant_id: 'espoo', token: 'LISAA-1001', passenger_id: 'p9', expires_at: expiresAt })
      .execute()
    await migrateToLatest(database.db, database.schema ?? undefined)
    const [code] = await database.db.selectFrom('access_codes').select(['token', 'hint']).execute()
    expect(code).toEqual({ token: accessCodeHash('lisaa 1001'), hint: '1001' })
  })

  it('roll back to empty and forward again', async () => {
    const down = await createMigrator(database.db, database.schema ?? undefined).migrateTo(NO_MIGRATIONS)
    expect(down.error).toBeUndefined()
    expect(await tablesWithTenant(database)).toEqual([])
    expect(await migrateToLatest(database.db, database.schema ?? undefined)).toEqual(Object.keys(migrations))
  })
})
