import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { buildApp } from '../../../server/app'
import { openDatabase } from '../../../server/db/connect'
import type { Database } from '../../../server/db/schema'
import { testConfig } from './app'
import { startPgProxy, type PgProxy } from './pgProxy'

/** An API host on a test's PostgreSQL schema, reaching it through a proxy the test can cut or silence. */
export interface ProxiedApp {
  proxy: PgProxy
  db: Kysely<Database>
  app: FastifyInstance
  /** How its connections are named in pg_stat_activity. */
  applicationName: string
  /** The proxy first: whatever still waits on a silenced connection ends with it. */
  close(): Promise<void>
}

export async function startProxiedApp(
  databaseUrl: string,
  schema: string,
  name: string,
): Promise<ProxiedApp> {
  const proxy = await startPgProxy(databaseUrl)
  const applicationName = `portal-${schema}-${name}`
  const db = await openDatabase({
    databaseUrl: proxy.url,
    pgliteDir: null,
    schema,
    applicationName,
    // Idle connections cut by the proxy: the pool drops them, as it would after a PostgreSQL restart.
    onIdleError: () => undefined,
  })
  const app = await buildApp({ config: testConfig(), db })
  return {
    proxy,
    db,
    app,
    applicationName,
    async close() {
      await proxy.close()
      await app.close()
      await db.destroy()
    },
  }
}
