import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { Dexie } from 'dexie'
import { describe, expect, it } from 'vitest'
import {
  appendCommand,
  countWaiting,
  dismiss,
  listCommands,
  takeUnnotifiedRejections,
} from '../../../src/db/outbox'
import { headsOfQueue, markAcked, markRejected, pruneSettled } from '../../../workers/outbox/replayRows'
import { forgetUserData } from '../../../src/db/forget'
import { keptWork } from '../../../src/db/keptWork'
import { PortalDb, schemaV1 } from '../../../src/db/portalDb'
import { cancelOf, freshDb, queue, reviewOf, tripNo } from '../outbox/harness'
import { account, passengerOf } from './samples'

const name = 'portal:espoo:user-1'

describe('outbox table', () => {
  it('stores a command as pending with the next seq, and reads it back', async () => {
    const db = freshDb()
    const first = await queue(db, 'trip.cancel', cancelOf(1))
    const second = await queue(db, 'trip.review', reviewOf(1))
    expect([first.seq, second.seq]).toEqual([1, 2])
    expect(await listCommands(db)).toEqual([
      expect.objectContaining({
        id: first.id,
        status: 'pending',
        attempts: 0,
        dismissed: false,
        lastError: null,
      }),
      expect.objectContaining({ id: second.id, status: 'pending' }),
    ])
    expect(await countWaiting(db)).toBe(2)
  })

  it('never gives two tabs the same seq', async () => {
    const factory = new IDBFactory()
    const tabA = freshDb(factory)
    const tabB = freshDb(factory)
    const stored = await Promise.all(
      Array.from({ length: 10 }, (_, i) => queue(i % 2 ? tabA : tabB, 'trip.review', reviewOf(i))),
    )
    expect(stored.map((c) => c.seq).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
  })

  it('keeps counting after the last command is gone', async () => {
    const db = freshDb()
    const first = await queue(db, 'trip.review', reviewOf(1))
    await db.outbox.delete(first.id)
    expect((await queue(db, 'trip.review', reviewOf(2))).seq).toBe(2)
  })

  it('gives a head that does not match the schema as invalid, so that nothing behind it overtakes it', async () => {
    const db = freshDb()
    await db.outbox.put({ id: 'bad', seq: 1, type: 'trip.cancel', status: 'pending' } as never)
    const good = await queue(db, 'trip.review', reviewOf(1))
    expect(await headsOfQueue(db, 2)).toEqual([
      { command: expect.objectContaining({ id: 'bad' }), valid: false },
      { command: expect.objectContaining({ id: good.id }), valid: true },
    ])
    await markRejected(db, 'bad', { status: 0, code: 'command_invalid' })
    expect(await headsOfQueue(db, 2)).toEqual([
      { command: expect.objectContaining({ id: good.id }), valid: true },
    ])
  })

  it('gives the waiting commands in seq order, as many as asked', async () => {
    const db = freshDb()
    const [first, second, third] = [
      await queue(db, 'trip.review', reviewOf(1)),
      await queue(db, 'trip.review', reviewOf(2)),
      await queue(db, 'trip.review', reviewOf(3)),
    ]
    await markRejected(db, first!.id, { status: 409, code: 'review_not_available' })
    expect((await headsOfQueue(db, 1)).map((head) => head.command.id)).toEqual([second!.id])
    expect((await headsOfQueue(db, 5)).map((head) => head.command.id)).toEqual([second!.id, third!.id])
  })

  it('reads a row stored before nextAttemptAt, firstSentAt and notified existed with their first values', async () => {
    const db = freshDb()
    const { id } = await queue(db, 'trip.review', reviewOf(1))
    await db.outbox
      .where('id')
      .equals(id)
      .modify((row) => {
        delete (row as Partial<typeof row>).nextAttemptAt
        delete (row as Partial<typeof row>).firstSentAt
        delete (row as Partial<typeof row>).notified
      })
    expect(await listCommands(db)).toEqual([
      expect.objectContaining({ id, nextAttemptAt: null, firstSentAt: null, notified: false }),
    ])
    expect(await headsOfQueue(db, 1)).toEqual([
      { command: expect.objectContaining({ id, nextAttemptAt: null, firstSentAt: null }), valid: true },
    ])
  })

  it('tells each rejection once, and not once dismissed', async () => {
    const db = freshDb()
    const [a, b] = [await queue(db, 'trip.review', reviewOf(1)), await queue(db, 'trip.review', reviewOf(2))]
    await db.outbox.bulkUpdate([
      { key: a.id, changes: { status: 'rejected' } },
      { key: b.id, changes: { status: 'rejected' } },
    ])
    await dismiss(db, b.id)
    expect((await takeUnnotifiedRejections(db)).map((c) => c.id)).toEqual([a.id])
    expect(await takeUnnotifiedRejections(db)).toEqual([])
  })

  it('upgrades a version 1 database, keeping its read models', async () => {
    const factory = new IDBFactory()
    const v1 = new Dexie(name, { indexedDB: factory, IDBKeyRange })
    v1.version(1).stores(schemaV1)
    await v1.table('trips').put({ ...tripNo(1), passengerId: 'p1' })
    v1.close()
    const db = new PortalDb(name, { indexedDB: factory, IDBKeyRange })
    expect((await db.listTrips()).map((t) => t.id)).toEqual(['t1'])
    expect(await db.listBookings()).toEqual([])
    expect(
      (await appendCommand(db, { id: 'c1', type: 'trip.review', payload: reviewOf(1), createdAt: 'x' })).seq,
    ).toBe(1)
    expect(db.verno).toBe(5)
  })
})

describe('the bookings table', () => {
  it('takes the place of the device’s own list of its bookings, which is dropped as it would count as a draft', async () => {
    const factory = new IDBFactory()
    const v2 = new Dexie(name, { indexedDB: factory, IDBKeyRange })
    v2.version(1).stores(schemaV1)
    v2.version(2).stores({ outbox: 'id, &seq, status', snapshots: 'key' })
    await v2.table('snapshots').bulkPut([
      { key: 'awaitingBookings', value: [{ tripId: 't1' }], savedAt: 'x' },
      { key: 'booking', value: {}, savedAt: 'x' },
    ])
    v2.close()
    const db = new PortalDb(name, { indexedDB: factory, IDBKeyRange })
    expect(await db.snapshots.toCollection().primaryKeys()).toEqual(['booking'])
    expect(await db.listBookings()).toEqual([])
    db.close()
  })
})

describe('forgetting a user’s data', () => {
  async function seeded(factory: IDBFactory) {
    const db = freshDb(factory, name)
    await db.replaceReadModels({
      account,
      passengers: [passengerOf('p1', 'Anna')],
      places: {},
      trips: { p1: [tripNo(1)] },
      syncedAt: '2026-11-21T10:00:00Z',
    })
    await db.snapshots.put({ key: 'cancelTrips', value: { step: 2 }, savedAt: 'x' })
    return db
  }

  const exists = async (factory: IDBFactory) => (await factory.databases()).some((d) => d.name === name)

  it('keeps waiting commands and drafts for the same user’s next sign-in, and clears everything else', async () => {
    const factory = new IDBFactory()
    const db = await seeded(factory)
    const waiting = await queue(db, 'trip.cancel', cancelOf(1))
    db.close()
    await forgetUserData(name, { keepWork: true, indexedDB: factory })
    const after = freshDb(factory, name)
    expect((await listCommands(after)).map((c) => c.id)).toEqual([waiting.id])
    expect(await after.listTrips()).toEqual([])
    expect(await after.getAccount()).toBeNull()
    expect(await after.snapshots.get('cancelTrips')).toMatchObject({ value: { step: 2 } })
    expect(await after.lastSyncedAt()).toBeNull()
    // The queue's order carries on.
    expect((await queue(after, 'trip.review', reviewOf(1))).seq).toBe(2)
    // What the home screen tells the user is kept, read without opening their session.
    after.close()
    expect(await keptWork(name, factory)).toEqual({ waiting: 2, drafts: ['cancelTrips'] })
    expect(await keptWork('portal-nobody', factory)).toEqual({ waiting: 0, drafts: [] })
  })

  it('keeps a draft alone, with no command waiting', async () => {
    const factory = new IDBFactory()
    ;(await seeded(factory)).close()
    await forgetUserData(name, { keepWork: true, indexedDB: factory })
    const after = freshDb(factory, name)
    expect(await after.snapshots.count()).toBe(1)
    expect(await after.listTrips()).toEqual([])
  })

  it('deletes the database when nothing waits and no draft is saved, even with keepWork', async () => {
    const factory = new IDBFactory()
    const db = await seeded(factory)
    await db.snapshots.clear()
    const done = await queue(db, 'trip.cancel', cancelOf(1))
    await db.outbox.update(done.id, { status: 'acked' })
    db.close()
    await forgetUserData(name, { keepWork: true, indexedDB: factory })
    expect(await exists(factory)).toBe(false)
  })

  it('deletes waiting commands too after a logout the user confirmed', async () => {
    const factory = new IDBFactory()
    const db = await seeded(factory)
    await queue(db, 'trip.cancel', cancelOf(1))
    db.close()
    await forgetUserData(name, { keepWork: false, indexedDB: factory })
    expect(await exists(factory)).toBe(false)
  })

  it('creates nothing for a user without a database', async () => {
    const factory = new IDBFactory()
    await forgetUserData(name, { keepWork: true, indexedDB: factory })
    expect(await exists(factory)).toBe(false)
  })
})

describe('pruning settled commands', () => {
  it('deletes acked and dismissed rejections older than two weeks, and keeps everything else', async () => {
    const db = freshDb()
    const acked = await queue(db, 'trip.cancel', cancelOf(1))
    const dismissedRejection = await queue(db, 'trip.cancel', cancelOf(2))
    const unreadRejection = await queue(db, 'trip.cancel', cancelOf(3))
    const waiting = await queue(db, 'trip.review', reviewOf(4))
    await markAcked(db, acked, [])
    const refused = { status: 409, code: 'trip_not_cancellable' }
    await markRejected(db, dismissedRejection.id, refused)
    await dismiss(db, dismissedRejection.id)
    await markRejected(db, unreadRejection.id, refused)

    // Queued at 2026-11-21T10:00Z: nothing is two weeks old yet on 2026-12-05 09:59Z.
    expect(await pruneSettled(db, '2026-12-05T09:59:00Z')).toBe(0)
    expect(await pruneSettled(db, '2026-12-05T10:01:00Z')).toBe(2)
    expect((await listCommands(db)).map((row) => row.id)).toEqual([unreadRejection.id, waiting.id])
  })
})
