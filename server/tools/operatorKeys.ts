import { Temporal } from 'temporal-polyfill'
import { isTenantId } from '../../tenants'
import { generateApiKey, hashApiKey } from '../auth/operatorKeys'
import { loadConfig } from '../config/config'
import { openDatabase } from '../db/connect'
import { migrateToLatest } from '../db/migrate'
import { tenantDb } from '../db/tenantDb'

const usage = `Operator API keys (uses DATABASE_URL or PGLITE_DIR like the server; stop a PGlite server first):
  npx tsx server/tools/operatorKeys.ts create <tenant> <name>   prints a new key once; only its hash is stored
  npx tsx server/tools/operatorKeys.ts list <tenant>
  npx tsx server/tools/operatorKeys.ts revoke <tenant> <key id>`

async function main([command, tenant, argument]: string[]): Promise<void> {
  if (!command || !tenant || !isTenantId(tenant)) throw new Error(usage)
  const config = loadConfig()
  const db = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir })
  try {
    await migrateToLatest(db)
    const keys = tenantDb(db, tenant).operatorKeys
    if (command === 'create' && argument) {
      const key = generateApiKey()
      const id = await keys.add(argument, hashApiKey(key))
      console.log(`Key ${id} for ${tenant} ("${argument}"):\n${key}`)
    } else if (command === 'list') {
      for (const key of await keys.list()) {
        console.log(
          `${key.id}  ${key.name}  created ${key.created_at}  ${key.revoked_at ? `revoked ${key.revoked_at}` : 'active'}`,
        )
      }
    } else if (command === 'revoke' && argument) {
      console.log((await keys.revoke(argument, Temporal.Now.instant())) ? 'Revoked' : 'No such active key')
    } else {
      throw new Error(usage)
    }
  } finally {
    await db.destroy()
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
