import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { tenantIds } from '../tenants'
import { buildApp } from './app'
import { installOperatorKeys } from './auth/operatorKeys'
import { loadConfig } from './config/config'
import { openDatabase } from './db/connect'
import { migrateToLatest } from './db/migrate'
import { demoAccounts, tenantUrls } from './demo/accounts'
import { fullName, seededIdentity } from './demo/identities'
import { demoOperatorKey } from './demo/operatorKeys'
import { seedDemoData } from './demo/seed'
import { startReminders } from './notifications/reminders'
import { startOverdueCancellations } from './trips/overdueReceipts'
import { startOpsServer } from './ops/opsServer'
import { systemClock } from './time/clock'
import { startDemoSimulator } from './simulator/simulator'

/** `npm start`: build the portal if it is missing, migrate, seed demo data on an empty database, serve. */
async function main(): Promise<void> {
  const config = loadConfig()
  if (config.staticDir) {
    const dist = resolve(config.staticDir)
    if (!existsSync(resolve(dist, 'index.html')) || !existsSync(resolve(dist, 'sw.js'))) {
      console.log('The built portal is missing: running npm run build:portal')
      const build = spawnSync('npm', ['run', 'build:portal'], { stdio: 'inherit' })
      if (build.status !== 0) throw new Error('npm run build:portal failed')
    }
  }

  const db = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir })
  // A migration may rightly run longer than a request's statements may: on connections of its own on PostgreSQL.
  const migrating = config.databaseUrl
    ? await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: null, unlimited: true })
    : db
  const applied = await migrateToLatest(migrating).finally(async () => {
    if (migrating !== db) await migrating.destroy()
  })
  if (applied.length > 0) console.log(`Migrations applied: ${applied.join(', ')}`)
  const keyGrants = config.operatorApiKeys.map((grant) => ({ ...grant, name: 'OPERATOR_API_KEYS' }))
  const addedKeys = await installOperatorKeys(db, keyGrants)
  if (addedKeys > 0) console.log(`Operator API keys added from OPERATOR_API_KEYS: ${addedKeys}`)
  if (config.demo) {
    const seeded = await seedDemoData(db)
    if (seeded.length > 0) console.log(`Demo data seeded for ${seeded.length} tenants`)
  }

  const app = await buildApp({ config, db })
  if (config.demoSimulator) {
    const simulator = startDemoSimulator({
      db,
      clock: systemClock,
      lockDatabaseUrl: config.databaseUrl,
      log: app.log,
    })
    app.addHook('onClose', () => simulator.stop())
  }
  // Every instance: the reminders' marks make each one once.
  const reminders = startReminders({ db, clock: systemClock, log: app.log })
  app.addHook('onClose', () => reminders.stop())
  // Every instance: taking an overdue cancellation marks it, so its guardians are told once.
  const overdue = startOverdueCancellations({ db, clock: systemClock, log: app.log })
  app.addHook('onClose', () => overdue.stop())
  let closing = false
  let opsServer: FastifyInstance | null = null
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    await opsServer?.close()
    await app.close()
    await db.destroy()
    process.exit(0)
  }
  process.once('SIGINT', () => void shutdown('SIGINT'))
  process.once('SIGTERM', () => void shutdown('SIGTERM'))

  await app.listen({ host: config.host, port: config.port })
  if (config.opsPort !== null)
    opsServer = await startOpsServer(app, { host: config.opsHost, port: config.opsPort })
  const database = config.databaseUrl ? 'PostgreSQL' : `PGlite (${config.pgliteDir ?? 'memory'})`
  console.log(`\nPassenger portal on port ${config.port}, database ${database}. Tenants:`)
  for (const tenant of tenantIds)
    console.log(`  ${tenant.padEnd(12)} ${tenantUrls(tenant, config.port).join('  ')}`)
  if (config.demo) {
    const { guardian, single } = demoAccounts
    console.log(
      `Demo sign-ins: ${guardian.userName} / ${guardian.password}, ${single.userName} / ${single.password}, ` +
        `or strong authentication as ${fullName(seededIdentity)}`,
    )
    console.log(
      `Demo operator API keys (X-Api-Key): ${demoOperatorKey('espoo')} for espoo, and so on per tenant`,
    )
  }
  console.log(`API documentation: http://localhost:${config.port}/api/docs`)
  if (opsServer) console.log(`Metrics: http://${config.opsHost}:${config.opsPort}/metrics`)
  console.log('')
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
