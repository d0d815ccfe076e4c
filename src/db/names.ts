/** Kept apart from the Dexie class so deleting a database on sign-out does not load Dexie. */
export function databaseName(tenantId: string, userId: string): string {
  return `portal:${tenantId}:${userId}`
}
