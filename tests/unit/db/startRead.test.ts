import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { appendCommand, listCommands } from '../../../src/db/outbox'
import { databaseName, openPortalDb, type PortalDb } from '../../../src/db/portalDb'
import { metaValue } from '../../../src/db/rows'
import { readStartRows } from '../../../src/db/startRead'
import {
  asUser,
  commandsView,
  messageSummaryOf,
  passengersView,
  tripsView,
  waitingCount,
} from '../../../src/db/views'
import { account, messageOf, messagePageOf, passengerOf, tripOf } from './samples'

const anna = passengerOf('p-anna', 'Anna')
const örjan = passengerOf('p-orjan', 'Örjan')
const bertil = passengerOf('p-bertil', 'Bertil')

const opened: PortalDb[] = []
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete()
})

/** A user's database as a few pulls and a queued command or two leave it. */
async function seeded(userId: string): Promise<PortalDb> {
  const db = openPortalDb('espoo', userId)
  opened.push(db)
  await db.replaceReadModels({
    account,
    passengers: [örjan, bertil, anna],
    places: {},
    trips: {
      [anna.id]: [
        tripOf('t1', anna, '2026-11-23T08:00:00+02:00'),
        tripOf('t4', anna, '2026-11-24T07:00:00+02:00'),
      ],
      [bertil.id]: [tripOf('t2', bertil, '2026-11-23T08:00:00+02:00')],
      [örjan.id]: [tripOf('t3', örjan, '2026-11-23T07:30:00+02:00')],
    },
    messages: [
      messagePageOf(
        1,
        1,
        [messageOf('m1', anna.id), messageOf('m2', anna.id), messageOf('m3', bertil.id)],
        3,
      ),
    ],
    syncedAt: '2026-11-23T06:00:00Z',
  })
  await appendCommand(db, { id: 'c1', type: 'message.seen', payload: { id: 'm2' }, createdAt: 'x' })
  await appendCommand(db, {
    id: 'c2',
    type: 'trip.cancel',
    payload: {
      trips: [{ id: 't4', date: '2026-11-24' }],
      reason: 'sick',
      passengerIds: [anna.id],
      source: 'detail',
    },
    createdAt: 'y',
  })
  return db
}

describe('the start’s own read of a remembered user’s rows', () => {
  it('gives every seeded screen the answer the database’s queries give', async () => {
    const db = await seeded(account.id)
    const rows = await readStartRows('espoo', account.id)
    expect(rows).not.toBeNull()
    const start = rows!
    expect(start.userId).toBe(account.id)
    expect(start.synced).toBe(true)
    expect(start.sending).toBe(true)
    expect(asUser(start.account!)).toEqual(await db.getAccount())
    expect(passengersView(start.passengers)).toEqual(await db.listPassengers())
    expect(passengersView(start.passengers).map((passenger) => passenger.name)).toEqual([
      'Anna',
      'Bertil',
      'Örjan',
    ])
    expect(tripsView(start.trips)).toEqual(await db.listTrips())
    expect(tripsView(start.trips.filter((trip) => trip.passengerId === anna.id))).toEqual(
      await db.listTrips({ passengerId: anna.id }),
    )
    expect(commandsView(start.outbox)).toEqual(await listCommands(db))
    expect(waitingCount(start.outbox)).toBe(2)
    expect(metaValue(start.meta, 'lastSyncedAt')).toBe(await db.lastSyncedAt())
    // m2's seen mark waits: the badge counts it seen already, from m2's row alone.
    expect(start.markedMessages.map((row) => row.id)).toEqual(['m2'])
    const summary = messageSummaryOf({
      total: start.messageCount,
      paging: metaValue(start.meta, 'messagePaging'),
      waiting: start.outbox,
      rows: start.markedMessages,
      userId: start.userId,
    })
    expect(summary).toEqual(await db.messageSummary(account.id))
    expect(summary).toEqual({ total: 3, unseen: 2 })
  })

  it('is null for a user with no database, and creates none', async () => {
    expect(await readStartRows('espoo', 'nobody')).toBeNull()
    const names = (await indexedDB.databases()).map((database) => database.name)
    expect(names).not.toContain(databaseName('espoo', 'nobody'))
    // Dexie still opens it as new afterwards.
    const db = openPortalDb('espoo', 'nobody')
    opened.push(db)
    expect(await db.listTrips()).toEqual([])
  })

  it('is null for a database of an older shape, which Dexie upgrades when the session opens', async () => {
    const name = databaseName('espoo', 'old')
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open(name, 10)
      request.onupgradeneeded = () => request.result.createObjectStore('trips')
      request.onsuccess = () => {
        request.result.close()
        resolve()
      }
      request.onerror = () => reject(request.error)
    })
    expect(await readStartRows('espoo', 'old')).toBeNull()
    await new Promise((resolve) => (indexedDB.deleteDatabase(name).onsuccess = resolve))
  })

  it('never holds up an upgrade: its connection is closed when it is done', async () => {
    const db = await seeded('closing')
    db.close()
    await readStartRows('espoo', 'closing')
    await db.open()
    expect(await db.listPassengers()).toHaveLength(3)
  })
})
