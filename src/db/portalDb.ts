import { Dexie, type DexieOptions, type EntityTable, type Table } from 'dexie'
import type {
  Message,
  MessagePage,
  Passenger,
  Place,
  Quota,
  Trip,
  UnapprovedBooking,
  User,
} from '../contract'
import { databaseName } from './names'
import type { OutboxCommand } from '../commands/outboxCommand'
import {
  firstPositionOf,
  isUnseen,
  pagesMoved,
  pagingAfterPull,
  rowsOfPage,
  type MessagePaging,
  type StoredMessage,
} from './messageStore'
import {
  metaValue,
  type PushDevice,
  type StoredAccount,
  type StoredBooking,
  type StoredMeta,
  type StoredPermission,
  type StoredPlace,
  type StoredTrip,
} from './rows'
import { milestonesOf, type TripMilestone } from './tripMilestones'
import {
  asTrip,
  asUser,
  bookingsView,
  messageSummaryOf,
  nameOrder,
  passengersView,
  tripsView,
  type MessageSummary,
} from './views'

export { databaseName } from './names'

/**
 * The local database of one user of one tenant (`portal:{tenant}:{userId}`), so a shared device never mixes
 * operators or people. Screens read it; the sync worker and the online actions write it.
 *
 * Rows are validated with the contract once, when they arrive (the API client parses every answer), and read
 * back as stored, so the screens' first paint does not load zod. The database's version is the schema check:
 * a change to a row's shape is a new `version()` below, whose upgrade converts or clears the old rows; a tab
 * still running older code has its connection closed by the upgrade (Dexie closes on `versionchange`) and
 * cannot open the newer database, so it never reads rows of a shape it does not know.
 */

export type {
  StoredAccount,
  StoredBooking,
  StoredMeta,
  StoredPermission,
  StoredPlace,
  StoredTrip,
} from './rows'

/** A persisted machine snapshot (`getPersistedSnapshot()`), e.g. the cancel wizard's, by the flow's key. */
export interface StoredSnapshot {
  key: string
  value: unknown
  /** ISO instant. */
  savedAt: string
}

/** Everything one pull fetched: the server's whole read model for the user, which replaces the local one. */
export interface ReadModelPull {
  account: User
  passengers: Passenger[]
  places: Record<string, Place[]>
  trips: Record<string, Trip[]>
  /** Each passenger's bookings awaiting approval or refused, which are not trips; absent, none are kept. */
  bookings?: Record<string, UnapprovedBooking[]>
  /** Each passenger's transportation permissions, pulled only where the tenant shows them; absent, none are kept. */
  permissions?: Record<string, Quota[]>
  /** The newest message pages, the newest first (src/db/messageStore.ts); absent, the stored ones stay. */
  messages?: MessagePage[]
  /** ISO instant of the pull. */
  syncedAt: string
}

/** The stored rows without the key the database adds (`passengerId`), as the contract has them. */
const asPlace = ({ passengerId: _passengerId, ...row }: StoredPlace): Place => row
const asPermission = ({ passengerId: _passengerId, ...row }: StoredPermission): Quota => row

/** Version 1's tables, as shipped; exported so the upgrade test builds a version 1 database. */
export const schemaV1 = {
  account: 'key',
  passengers: 'id, name',
  places: '[passengerId+id], passengerId',
  trips: '[id+date], passengerId, startDateTime',
  messages: 'id, createdAt',
  meta: 'key',
}

export class PortalDb extends Dexie {
  account!: EntityTable<StoredAccount, 'key'>
  passengers!: EntityTable<Passenger, 'id'>
  places!: Table<StoredPlace, [string, string]>
  trips!: Table<StoredTrip, [string, string]>
  /** The stored message pages (src/db/messageStore.ts); feeds the thread and the bottom navigation's item. */
  messages!: Table<StoredMessage, string>
  meta!: EntityTable<StoredMeta, 'key'>
  /** Commands waiting for (or answered by) the server; see src/db/outbox.ts. */
  outbox!: EntityTable<OutboxCommand, 'id'>
  snapshots!: EntityTable<StoredSnapshot, 'key'>
  permissions!: Table<StoredPermission, [string, string]>
  /** The bookings awaiting approval or refused, a read model apart from the trips (docs/trips-and-booking.md). */
  bookings!: Table<StoredBooking, [string, string]>

  /** `options` lets tests give each run its own IndexedDB factory. */
  constructor(name: string, options?: DexieOptions) {
    super(name, options)
    // Version 1 as shipped: never edit it; a change is a new version.
    this.version(1).stores(schemaV1)
    // Version 2 adds the command outbox (replayed in `seq` order) and persisted machine snapshots.
    this.version(2).stores({ outbox: 'id, &seq, status', snapshots: 'key' })
    // Version 3 adds the transportation permissions, a read model like places; a pull fills them.
    this.version(3).stores({ permissions: '[passengerId+id], passengerId' })
    // Version 4 keeps messages in the server's order; the table was always empty before, so nothing converts.
    this.version(4)
      .stores({ messages: 'id, position, passengerId' })
      .upgrade((tx) => tx.table('messages').clear())
    // Version 5 adds the bookings awaiting approval or refused, as the server lists them; they replace what the
    // booking device kept of its own bookings among the snapshots, which would count as a draft at sign-out.
    this.version(5)
      .stores({ bookings: '[tripId+date], passengerId' })
      .upgrade((tx) => tx.table('snapshots').delete('awaitingBookings'))
  }

  /**
   * Replaces the whole read model with a pull, in one transaction: observers see the old or the new state,
   * never a mix, and whatever the server no longer returns (a revoked passenger, a cancelled-and-gone trip)
   * is deleted. Answers the pickups and drop-offs that the pull newly shows, compared with the stored trips
   * inside the same transaction. Trips are never changed locally before the server says so, so a trip with a
   * waiting cancel simply stays as the server has it and the screens overlay the outbox.
   *
   * `asked` is `answersWritten()` as read before the pull asked the server. When an answer has been written
   * since (an ack, by this worker, the service worker or another tab's, or an online action), the pull may have
   * been answered before the server made that change, and would undo it here: nothing is written, and null
   * says to pull again.
   */
  async replaceReadModels(pull: ReadModelPull, asked?: number): Promise<TripMilestone[] | null> {
    const tables = [
      this.account,
      this.passengers,
      this.places,
      this.trips,
      this.bookings,
      this.permissions,
      this.messages,
      this.meta,
    ]
    return this.transaction('rw', tables, async () => {
      if (asked !== undefined && (await this.answersWritten()) !== asked) return null
      const before = (await this.trips.toArray()).map(asTrip)
      const passengersBefore = new Set(await this.passengers.toCollection().primaryKeys())
      await Promise.all([
        this.account.clear(),
        this.passengers.clear(),
        this.places.clear(),
        this.trips.clear(),
        this.bookings.clear(),
        this.permissions.clear(),
      ])
      await this.account.put({ ...pull.account, key: 'me' })
      await this.passengers.bulkPut(pull.passengers)
      await this.places.bulkPut(
        Object.entries(pull.places).flatMap(([passengerId, places]) =>
          places.map((row) => ({ ...row, passengerId })),
        ),
      )
      await this.trips.bulkPut(
        Object.values(pull.trips)
          .flat()
          .map((row) => ({ ...row, passengerId: row.passenger.id })),
      )
      await this.bookings.bulkPut(
        Object.entries(pull.bookings ?? {}).flatMap(([passengerId, bookings]) =>
          bookings.map((row) => ({ ...row, passengerId })),
        ),
      )
      await this.permissions.bulkPut(
        Object.entries(pull.permissions ?? {}).flatMap(([passengerId, permissions]) =>
          permissions.map((row) => ({ ...row, passengerId })),
        ),
      )
      // Another set of passengers is another set of messages, numbered afresh by the server: start over.
      const passengersChanged =
        pull.passengers.length !== passengersBefore.size ||
        pull.passengers.some((passenger) => !passengersBefore.has(passenger.id))
      if (pull.messages) await this.mergeNewestMessages(pull.messages, passengersChanged)
      await this.meta.put({ key: 'lastSyncedAt', value: pull.syncedAt })
      return milestonesOf(before, Object.values(pull.trips).flat())
    })
  }

  /**
   * How many of the server's answers have been written into the read models outside a pull (acknowledged
   * commands, online actions). A pull writes only if it has not moved since it asked (`replaceReadModels`).
   */
  async answersWritten(): Promise<number> {
    const row = await this.meta.get('answersWritten')
    return (row ? metaValue([row], 'answersWritten') : null) ?? 0
  }

  /** Counts an answer written into the read models, inside the transaction (with `meta`) that writes it. */
  async countAnswer(): Promise<void> {
    await this.meta.put({ key: 'answersWritten', value: (await this.answersWritten()) + 1 })
  }

  /** A passenger the server just returned (added or edited); their trips show the new initials at once. */
  async savePassenger(row: Passenger): Promise<void> {
    await this.transaction('rw', [this.passengers, this.trips, this.meta], async () => {
      await this.countAnswer()
      await this.passengers.put(row)
      await this.trips
        .where('passengerId')
        .equals(row.id)
        .modify((stored) => {
          stored.passenger = { id: row.id, name: row.name, avatarText: row.avatarText }
        })
    })
  }

  async saveAccount(row: User): Promise<void> {
    await this.transaction('rw', [this.account, this.meta], async () => {
      await this.countAnswer()
      await this.account.put({ ...row, key: 'me' })
    })
  }

  async getAccount(): Promise<User | null> {
    const row = await this.account.get('me')
    return row ? asUser(row) : null
  }

  /** Sorted by name, in Finnish order (Å, Ä, Ö after Z), whatever the UI language: the names are Finnish. */
  async listPassengers(): Promise<Passenger[]> {
    return passengersView(await this.passengers.toArray())
  }

  async listPlaces(passengerId: string): Promise<Place[]> {
    return (await this.places.where('passengerId').equals(passengerId).toArray()).map(asPlace)
  }

  /** Sorted by name, in Finnish order like the passengers. */
  async listPermissions(passengerId: string): Promise<Quota[]> {
    const rows = await this.permissions.where('passengerId').equals(passengerId).toArray()
    return rows.map(asPermission).sort((a, b) => nameOrder.compare(a.name, b.name))
  }

  /** Sorted by start time, then passenger name. */
  async listTrips(filter: { passengerId?: string } = {}): Promise<Trip[]> {
    const rows = filter.passengerId
      ? await this.trips.where('passengerId').equals(filter.passengerId).toArray()
      : await this.trips.toArray()
    return tripsView(rows)
  }

  /** The bookings awaiting approval or refused, by start time (the passenger's only, when filtered). */
  async listBookings(filter: { passengerId?: string } = {}): Promise<StoredBooking[]> {
    const rows = filter.passengerId
      ? await this.bookings.where('passengerId').equals(filter.passengerId).toArray()
      : await this.bookings.toArray()
    return bookingsView(rows)
  }

  async getTrip(id: string, date: string): Promise<Trip | null> {
    const row = await this.trips.get([id, date])
    return row ? asTrip(row) : null
  }

  async lastSyncedAt(): Promise<string | null> {
    const row = await this.meta.get('lastSyncedAt')
    return row ? metaValue([row], 'lastSyncedAt') : null
  }

  async pushDevice(): Promise<PushDevice | null> {
    const row = await this.meta.get('pushDevice')
    return row ? metaValue([row], 'pushDevice') : null
  }

  /** Remembers (or, with null, forgets) this device's push subscription for this user. */
  async savePushDevice(device: PushDevice | null): Promise<void> {
    if (device) await this.meta.put({ key: 'pushDevice', value: device })
    else await this.meta.delete('pushDevice')
  }

  async messagePaging(): Promise<MessagePaging | null> {
    const row = await this.meta.get('messagePaging')
    return row ? metaValue([row], 'messagePaging') : null
  }

  /**
   * The newest pages of a pull (inside its transaction): they replace what is stored of them, and the older
   * pages stay if they join and the server's pages did not move under them (src/db/messageStore.ts); else the
   * stored pages start over from these, as they do when `startOver` says so.
   */
  private async mergeNewestMessages(pages: MessagePage[], startOver: boolean): Promise<void> {
    const paging = startOver ? null : await this.messagePaging()
    const rows = paging
      ? await this.messages
          .where('position')
          .aboveOrEqual(firstPositionOf(pages.at(-1)!.page))
          .toArray()
      : []
    const after = pagingAfterPull(pages, paging && { paging, rows })
    if (!after.keepsStored) await this.messages.clear()
    await this.messages.bulkPut(pages.flatMap(rowsOfPage))
    await this.meta.put({ key: 'messagePaging', value: after.paging })
  }

  /** The newest pages, in place of every stored one: the thread starts over after the server's pages moved. */
  async restartMessages(pages: MessagePage[]): Promise<void> {
    await this.transaction('rw', [this.messages, this.meta], () => this.mergeNewestMessages(pages, true))
  }

  /**
   * The page before the oldest stored, which the user scrolled up to, fetched with that oldest page again
   * (`pages`): it goes above the stored ones when the oldest still holds the stored messages at their places.
   * 'moved' when it does not (the server's pages moved: start over); 'outdated' when the stored pages changed
   * since (another pull): nothing is saved.
   */
  async saveOlderMessages(pages: MessagePage[]): Promise<'saved' | 'moved' | 'outdated'> {
    return this.transaction('rw', [this.messages, this.meta], async () => {
      const stored = await this.messagePaging()
      const oldest = Math.min(...pages.map((page) => page.page))
      if (stored?.oldestPage !== oldest + 1) return 'outdated'
      const rows = await this.messages.where('position').aboveOrEqual(firstPositionOf(oldest)).toArray()
      if (pagesMoved(rows, pages)) return 'moved'
      await this.messages.bulkPut(pages.flatMap(rowsOfPage))
      await this.meta.put({
        key: 'messagePaging',
        value: { ...stored, oldestPage: oldest, unseenCount: pages[0]!.unseenCount },
      })
      return 'saved'
    })
  }

  /**
   * A message the server answered a seen mark or a confirmation with, in the transaction that acks it: the
   * stored row takes it (keeping its place), and the unseen count drops if it was unseen until now.
   */
  async applyMessageAnswer(answer: Message): Promise<void> {
    const stored = await this.messages.get(answer.id)
    if (!stored) return
    await this.messages.put({ ...answer, position: stored.position })
    const paging = await this.messagePaging()
    if (paging && stored.seenAt === null && answer.seenAt !== null && paging.unseenCount > 0) {
      await this.meta.put({ key: 'messagePaging', value: { ...paging, unseenCount: paging.unseenCount - 1 } })
    }
  }

  /** Oldest first, the newest at the bottom. */
  async listMessages(): Promise<StoredMessage[]> {
    return this.messages.orderBy('position').toArray()
  }

  async messageSummary(userId: string): Promise<MessageSummary> {
    const [total, paging, rows, waiting] = await Promise.all([
      this.messages.count(),
      this.messagePaging(),
      this.messages.filter((row) => isUnseen(row, userId)).toArray(),
      this.outbox.where('status').anyOf('pending', 'sending').toArray(),
    ])
    return messageSummaryOf({ total, paging, waiting, rows, userId })
  }
}

export function openPortalDb(tenantId: string, userId: string, options?: DexieOptions): PortalDb {
  return new PortalDb(databaseName(tenantId, userId), options)
}
