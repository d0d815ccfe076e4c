import webPush from 'web-push'
import type { Db } from '../db/schema'
import type { VapidKeyPair } from '../config/pushConfig'

/**
 * The deployment's VAPID key pair: the configured one, else the one kept in `vapid_keys` (global, on the unscoped
 * database), made by whichever instance starts first. Instances starting at once each offer a pair and keep
 * the one the database holds, so all sign with the same key and no browser's subscription is orphaned.
 */
export async function loadVapidKeys(db: Db, configured: VapidKeyPair | null): Promise<VapidKeyPair> {
  if (configured) return configured
  const offered = webPush.generateVAPIDKeys()
  await db
    .insertInto('vapid_keys')
    .values({ id: 1, public_key: offered.publicKey, private_key: offered.privateKey })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute()
  const kept = await db
    .selectFrom('vapid_keys')
    .select(['public_key', 'private_key'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow()
  return { publicKey: kept.public_key, privateKey: kept.private_key }
}

/**
 * The key pair, read on first use and kept: not when the app is built, which may be before the migrations (or
 * while the database is away, when the app must still start and answer 503). A failed read is tried again.
 */
export function vapidKeysOnce(db: Db, configured: VapidKeyPair | null): () => Promise<VapidKeyPair> {
  let keys: Promise<VapidKeyPair> | null = null
  return () => {
    keys ??= loadVapidKeys(db, configured).catch((error: unknown) => {
      keys = null
      throw error
    })
    return keys
  }
}
