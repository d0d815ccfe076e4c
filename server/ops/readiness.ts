import { sql } from 'kysely'
import { DEFAULT_MIGRATION_TABLE } from 'kysely/migration'
import { migrations } from '../db/migrate'
import type { Db } from '../db/schema'
import type { VersionWatch } from '../reads/versionWatch'
import { within } from '../time/deadline'

/** What readiness checks; each true when it holds. */
export interface ReadinessChecks {
  /** The database answers a query within `checkTimeoutMs`. */
  database: boolean
  /** Every migration this code knows is applied. */
  migrations: boolean
  /** The notification listener is connected (server/reads/versionWatch.ts): the read caches are fed. */
  notifications: boolean
}

export interface ReadinessReport {
  ready: boolean
  checks: ReadinessChecks
}

export interface Readiness {
  check(): Promise<ReadinessReport>
}

/** A load balancer's probe usually gives up after 2 to 5 s: answer before it does. */
export const checkTimeoutMs = 2_000

/** PostgreSQL's undefined_table: no migration has run yet. */
const undefinedTable = '42P01'

const migrationNames = Object.keys(migrations)

/** The names of the applied migrations. */
async function appliedMigrations(db: Db): Promise<string[]> {
  try {
    const result = await sql<{
      name: string
    }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db)
    return result.rows.map((row) => row.name)
  } catch (error) {
    if ((error as { code?: unknown }).code === undefinedTable) return []
    throw error
  }
}

/**
 * Whether this instance can serve: the database, its migrations and the notification listener. One query a
 * check; probes that arrive while one runs share it, so a flood of them costs one query at a time.
 */
export function createReadiness(db: Db, versionWatch: VersionWatch): Readiness {
  // Migrations are never undone under a running server: once all are seen, the check only asks for an answer.
  let migrated = false
  let running: Promise<ReadinessReport> | null = null

  async function askDatabase(): Promise<Omit<ReadinessChecks, 'notifications'>> {
    if (migrated) {
      const answered = async () => {
        await sql`select 1`.execute(db)
        return true
      }
      const database = await within(answered, checkTimeoutMs, false)
      return { database, migrations: true }
    }
    const applied = await within(() => appliedMigrations(db), checkTimeoutMs, null)
    if (!applied) return { database: false, migrations: false }
    const names = new Set(applied)
    migrated = migrationNames.every((name) => names.has(name))
    return { database: true, migrations: migrated }
  }

  async function run(): Promise<ReadinessReport> {
    const checks = { ...(await askDatabase()), notifications: versionWatch.connected }
    return { ready: checks.database && checks.migrations && checks.notifications, checks }
  }

  return {
    check() {
      running ??= run().finally(() => (running = null))
      return running
    },
  }
}
