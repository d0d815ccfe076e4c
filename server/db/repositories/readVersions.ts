import { sql } from 'kysely'
import type { VersionCache } from '../versionCache'
import { createBatchedLookup } from '../batchedLookup'
import { argument, PreparedStatement, type RunPrepared } from '../prepared'
import type { ScopedDb } from '../tenantScope'

export interface LinkedTrip {
  tripId: string
  date: string
  /** The trip's passenger, whose version covers the trip. */
  passengerId: string
  version: string
  /** The guardian who made the link; null when the operator did. */
  creatorUserId: string | null
  /** Whether the link may show the trip: the operator's always, a guardian's while they have the passenger. */
  creatorHasPassenger: boolean
}

/** How a lookup may be answered. */
export interface LookupOptions {
  /**
   * From the versions the database announced (server/db/versionCache.ts): no query while nothing changed,
   * but another instance's commit shows only once its notification has arrived, a few milliseconds later. For
   * the polled calls, which a viewer repeats every 10 s anyway.
   */
  announced?: boolean
}

/** The announcements that change a user's granted passenger's version: the grant, the passenger or a trip (0007). */
export const grantedPassengerTags = (userId: string, passengerId: string) => [
  `u:${userId}`,
  `p:${passengerId}`,
]

/**
 * The announcements that change what a tracking link shows: the link itself, its passenger or a trip, and for a
 * guardian's link the guardian's grants (0007 bumps the user's version when one is given or taken).
 */
export const trackingLinkTags = (
  link: string,
  linked?: Pick<LinkedTrip, 'passengerId' | 'creatorUserId'>,
) => [
  `l:${link}`,
  ...(linked ? [`p:${linked.passengerId}`] : []),
  ...(linked?.creatorUserId ? [`u:${linked.creatorUserId}`] : []),
]

const pairKey = (userId: string, passengerId: string) => `${userId}\u0000${passengerId}`

/**
 * The versions of what the hot reads answer (migration 0007), which a cached answer is checked against
 * (server/reads/). Concurrent requests share one prepared query (server/db/batchedLookup.ts). Read before the
 * data, so that an answer read after its version can only be newer than it, never older.
 */
export function readVersionsRepository(
  db: ScopedDb,
  run: RunPrepared,
  announced: { cache: VersionCache; tenant: string } | null = null,
) {
  // Compiled at the first lookup (a transaction's repositories seldom look up), then reused.
  let grantedPassengerVersions: PreparedStatement | undefined
  let passengerListVersions: PreparedStatement | undefined
  let trackingLinkVersions: PreparedStatement | undefined
  const compileGrantedPassengerVersions = () =>
    PreparedStatement.compile(
      'read_versions_granted_passengers',
      db
        .selectFrom(
          sql<{
            user_id: string
            passenger_id: string
          }>`unnest(${argument(0, 'text[]')}, ${argument(1, 'text[]')})`.as<'k'>(
            sql`k(user_id, passenger_id)`,
          ),
        )
        .innerJoin('passenger_grants as g', (join) =>
          join.onRef('g.user_id', '=', 'k.user_id').onRef('g.passenger_id', '=', 'k.passenger_id'),
        )
        .innerJoin('passengers as p', 'p.id', 'g.passenger_id')
        .select(['k.user_id', 'k.passenger_id', sql<string>`p.read_version::text`.as('version')]),
    )
  const compilePassengerListVersions = () =>
    PreparedStatement.compile(
      'read_versions_passenger_lists',
      db
        .selectFrom('users')
        .select(['id as user_id', sql<string>`passengers_read_version::text`.as('version')])
        .where('id', '=', sql<string>`any(${argument(0, 'text[]')})`),
    )

  // A link that is not revoked, with the version of its trip's passenger, which covers the trip (migration 0007),
  // and whether its maker, when a guardian made it, still has that passenger (the grant's primary key).
  const compileTrackingLinkVersions = () =>
    PreparedStatement.compile(
      'read_versions_tracking_links',
      db
        .selectFrom('tracking_links as l')
        .innerJoin('trips as t', 't.id', 'l.trip_id')
        .innerJoin('passengers as p', 'p.id', 't.passenger_id')
        .leftJoin('passenger_grants as g', (join) =>
          join.onRef('g.user_id', '=', 'l.created_by_user_id').onRef('g.passenger_id', '=', 't.passenger_id'),
        )
        .select([
          'l.link',
          'l.trip_id',
          't.passenger_id',
          'l.created_by_user_id',
          sql<boolean>`l.created_by_user_id is null or g.user_id is not null`.as('granted'),
          sql<string>`l.date::text`.as('date'),
          sql<string>`p.read_version::text`.as('version'),
        ])
        .where('l.link', '=', sql<string>`any(${argument(0, 'text[]')})`)
        .where('l.revoked_at', 'is', null),
    )

  const grantedPassenger = createBatchedLookup(async (keys) => {
    const pairs = keys.map((key) => key.split('\u0000') as [string, string])
    const rows = await run<{ user_id: string; passenger_id: string; version: string }>(
      (grantedPassengerVersions ??= compileGrantedPassengerVersions()),
      [pairs.map(([userId]) => userId), pairs.map(([, passengerId]) => passengerId)],
    )
    return new Map(rows.map((row) => [pairKey(row.user_id, row.passenger_id), row.version]))
  })
  const passengerList = createBatchedLookup(async (userIds) => {
    const rows = await run<{ user_id: string; version: string }>(
      (passengerListVersions ??= compilePassengerListVersions()),
      [userIds],
    )
    return new Map(rows.map((row) => [row.user_id, row.version]))
  })

  const trackingLink = createBatchedLookup(async (links) => {
    const rows = await run<{
      link: string
      trip_id: string
      passenger_id: string
      created_by_user_id: string | null
      granted: boolean
      date: string
      version: string
    }>((trackingLinkVersions ??= compileTrackingLinkVersions()), [links])
    return new Map(
      rows.map((row) => [
        row.link,
        {
          tripId: row.trip_id,
          passengerId: row.passenger_id,
          date: row.date,
          version: row.version,
          creatorUserId: row.created_by_user_id,
          creatorHasPassenger: row.granted,
        },
      ]),
    )
  })

  const announcedBy = <V>(
    options: LookupOptions,
    key: string,
    load: () => Promise<V>,
    tagsOf: (value: V) => readonly string[],
  ): Promise<V> =>
    options.announced && announced
      ? announced.cache.lookup(`${announced.tenant}\u0000${key}`, load, tagsOf)
      : load()

  return {
    /** The version of a passenger and its trips, when the user has a grant to it in this tenant; else undefined. */
    grantedPassenger: (
      userId: string,
      passengerId: string,
      options: LookupOptions = {},
    ): Promise<string | undefined> => {
      const key = pairKey(userId, passengerId)
      return announcedBy(
        options,
        `g\u0000${key}`,
        () => grantedPassenger(key),
        () => grantedPassengerTags(userId, passengerId),
      )
    },

    /** The version of the user's list of passengers; undefined for a user not of this tenant. */
    passengerList: (userId: string): Promise<string | undefined> => passengerList(userId),

    /**
     * The trip a tracking link of this tenant names, with the version of the trip and its passenger and whether
     * its maker still has the passenger; undefined for an unknown or revoked link.
     */
    trackingLink: (link: string, options: LookupOptions = {}): Promise<LinkedTrip | undefined> =>
      announcedBy(
        options,
        `l\u0000${link}`,
        () => trackingLink(link),
        (linked) => trackingLinkTags(link, linked),
      ),
  }
}
