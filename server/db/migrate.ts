import type { Kysely } from 'kysely'
import { Migrator, type Migration } from 'kysely/migration'
import * as accounts from './migrations/0001_accounts'
import * as passengers from './migrations/0002_passengers'
import * as trips from './migrations/0003_trips'
import * as commands from './migrations/0004_commands'
import * as sessionsSecurity from './migrations/0005_sessions_security'
import * as tripViews from './migrations/0006_trip_views'
import * as readVersions from './migrations/0007_read_versions'
import * as transportationPermissions from './migrations/0008_transportation_permissions'
import * as tripApproval from './migrations/0009_trip_approval'
import * as trackingLinks from './migrations/0010_tracking_links'
import * as readVersionNotifications from './migrations/0011_read_version_notifications'
import * as messages from './migrations/0012_messages'
import * as invitations from './migrations/0013_invitations'
import * as operatorLinkRevocation from './migrations/0014_operator_link_revocation'
import * as retention from './migrations/0015_retention'
import * as travelCardGuardians from './migrations/0016_travel_card_guardians'
import * as sessionNotifications from './migrations/0017_session_notifications'
import * as pushNotifications from './migrations/0018_push_notifications'
import * as calendarFeeds from './migrations/0019_calendar_feeds'
import * as pushSender from './migrations/0020_push_sender'
import * as pushWake from './migrations/0021_push_wake'
import * as tripSeries from './migrations/0022_trip_series'
import * as awaitingBookings from './migrations/0023_awaiting_bookings'
import * as withdrawnBookings from './migrations/0024_withdrawn_bookings'
import * as operatorMasterData from './migrations/0025_operator_master_data'
import * as operatorChanges from './migrations/0026_operator_changes'
import * as cancellationReceipts from './migrations/0027_cancellation_receipts'
import * as email from './migrations/0028_email'

/** Migrations in code (no folder scanning), each a series of single statements so PGlite accepts them. */
export const migrations: Readonly<Record<string, Migration>> = {
  '0001_accounts': accounts,
  '0002_passengers': passengers,
  '0003_trips': trips,
  '0004_commands': commands,
  '0005_sessions_security': sessionsSecurity,
  '0006_trip_views': tripViews,
  '0007_read_versions': readVersions,
  '0008_transportation_permissions': transportationPermissions,
  '0009_trip_approval': tripApproval,
  '0010_tracking_links': trackingLinks,
  '0011_read_version_notifications': readVersionNotifications,
  '0012_messages': messages,
  '0013_invitations': invitations,
  '0014_operator_link_revocation': operatorLinkRevocation,
  '0015_retention': retention,
  '0016_travel_card_guardians': travelCardGuardians,
  '0017_session_notifications': sessionNotifications,
  '0018_push_notifications': pushNotifications,
  '0019_calendar_feeds': calendarFeeds,
  '0020_push_sender': pushSender,
  '0021_push_wake': pushWake,
  '0022_trip_series': tripSeries,
  '0023_awaiting_bookings': awaitingBookings,
  '0024_withdrawn_bookings': withdrawnBookings,
  '0025_operator_master_data': operatorMasterData,
  '0026_operator_changes': operatorChanges,
  '0027_cancellation_receipts': cancellationReceipts,
  '0028_email': email,
}

/**
 * `schema` names the schema the connection's search path points at, where there is one: Kysely looks for its
 * own tables by name in every schema, so another schema's (a parallel test's) would pass for this one's.
 */
export function createMigrator<DB>(db: Kysely<DB>, schema?: string): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...migrations }) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  })
}

/** Brings the schema to the latest migration; throws with the failing migration's error. */
export async function migrateToLatest<DB>(db: Kysely<DB>, schema?: string): Promise<string[]> {
  const { error, results } = await createMigrator(db, schema).migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(`Migration failed: ${String(error)}`)
  return (results ?? []).map((result) => result.migrationName)
}
