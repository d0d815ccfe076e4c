/** Kept apart from the Dexie class so deleting a database on sign-out does not load Dexie. */
export function databaseName(tenantId: string, userId: string): string {
  return `portal:${tenantId}:${userId}`
}

/** The tenant and user of a database name, or null for another database. */
export function parseDatabaseName(name: string): { tenantId: string; userId: string } | null {
  const match = /^portal:([^:]+):(.+)$/.exec(name)
  return match ? { tenantId: match[1] as string, userId: match[2] as string } : null
}

/** The Background Sync tag the page registers whenever a command is queued (sw/outboxSync.ts). */
export const outboxSyncTag = 'outbox'

/** The Web Lock held around every replay of a database's outbox, so a tab and the service worker never both do. */
export function outboxLockName(databaseName: string): string {
  return `outbox:${databaseName}`
}
