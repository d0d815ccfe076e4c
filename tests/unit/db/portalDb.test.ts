import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { Dexie } from 'dexie'
import { databaseName, openPortalDb, type PortalDb, type ReadModelPull } from '../../../src/db/portalDb'
import { account, bookingOf, passengerOf, placeOf, tripOf } from './samples'

const anna = passengerOf('p-anna', 'Anna')
const bertil = passengerOf('p-bertil', 'Bertil')
const aatu = passengerOf('p-aatu', 'Äatu')

function pullOf(overrides: Partial<ReadModelPull> = {}): ReadModelPull {
  return {
    account,
    passengers: [bertil, anna],
    places: { [anna.id]: [placeOf('home', 'Kotikatu 1')], [bertil.id]: [placeOf('home', 'Talotie 2')] },
    trips: {
      [anna.id]: [tripOf('t1', anna, '2026-11-23T08:00:00+02:00')],
      [bertil.id]: [
        tripOf('t2', bertil, '2026-11-23T07:30:00+02:00'),
        tripOf('t3', bertil, '2026-11-23T08:00:00+02:00'),
      ],
    },
    syncedAt: '2026-11-21T12:00:00Z',
    ...overrides,
  }
}

const opened: PortalDb[] = []
function open(tenant = 'espoo', user = 'user-1'): PortalDb {
  const db = openPortalDb(tenant, user)
  opened.push(db)
  return db
}

afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete()
})

describe('PortalDb', () => {
  it('names one database per tenant and user', () => {
    expect(databaseName('espoo', 'u1')).toBe('portal:espoo:u1')
    expect(open('espoo', 'u1').name).not.toBe(open('demo', 'u1').name)
  })

  it('replaces the read models and reads them back sorted', async () => {
    const db = open()
    await db.replaceReadModels(pullOf())
    expect(await db.getAccount()).toEqual(account)
    expect((await db.listPassengers()).map((p) => p.name)).toEqual(['Anna', 'Bertil'])
    expect((await db.listPlaces(bertil.id)).map((p) => p.address)).toEqual(['Talotie 2'])
    expect((await db.listTrips()).map((t) => t.id)).toEqual(['t2', 't1', 't3'])
    expect((await db.listTrips({ passengerId: anna.id })).map((t) => t.id)).toEqual(['t1'])
    expect(await db.lastSyncedAt()).toBe('2026-11-21T12:00:00Z')
  })

  it('sorts trips by instant across UTC offsets, then by passenger name', async () => {
    const db = open()
    await db.replaceReadModels(
      pullOf({
        passengers: [anna, bertil],
        trips: {
          // 06:30 UTC, written with a later-looking local time, sorts before 07:00 UTC.
          [bertil.id]: [
            tripOf('late', bertil, '2026-10-25T07:00:00+00:00'),
            tripOf('same-b', bertil, '2026-10-25T10:00:00+03:00'),
          ],
          [anna.id]: [
            tripOf('early', anna, '2026-10-25T08:30:00+02:00'),
            tripOf('same-a', anna, '2026-10-25T07:00:00Z'),
          ],
        },
      }),
    )
    expect((await db.listTrips()).map((t) => t.id)).toEqual(['early', 'same-a', 'late', 'same-b'])
  })

  it('sorts the bookings not yet trips by instant across UTC offsets, and filters them by passenger', async () => {
    const db = open()
    await db.replaceReadModels(
      pullOf({
        bookings: {
          [anna.id]: [bookingOf('b-late', '2026-10-25T07:00:00+00:00')],
          [bertil.id]: [bookingOf('b-early', '2026-10-25T08:30:00+02:00')],
        },
      }),
    )
    expect((await db.listBookings()).map((b) => [b.tripId, b.passengerId])).toEqual([
      ['b-early', bertil.id],
      ['b-late', anna.id],
    ])
    expect((await db.listBookings({ passengerId: anna.id })).map((b) => b.tripId)).toEqual(['b-late'])
  })

  it('deletes what the server no longer returns', async () => {
    const db = open()
    await db.replaceReadModels(pullOf())
    await db.replaceReadModels(
      pullOf({
        passengers: [anna],
        places: { [anna.id]: [] },
        trips: { [anna.id]: [] },
        syncedAt: '2026-11-21T12:01:00Z',
      }),
    )
    expect((await db.listPassengers()).map((p) => p.id)).toEqual([anna.id])
    expect(await db.listPlaces(bertil.id)).toEqual([])
    expect(await db.listTrips()).toEqual([])
    expect(await db.lastSyncedAt()).toBe('2026-11-21T12:01:00Z')
  })

  it('writes a pull in one transaction: a failing pull leaves the old data', async () => {
    const db = open()
    await db.replaceReadModels(pullOf())
    const broken = pullOf({ passengers: [anna, { ...bertil, id: undefined as unknown as string }] })
    await expect(db.replaceReadModels(broken)).rejects.toThrow()
    expect((await db.listPassengers()).map((p) => p.id)).toEqual([anna.id, bertil.id])
    expect(await db.lastSyncedAt()).toBe('2026-11-21T12:00:00Z')
  })

  it('reads rows back as the contract has them, without the keys the database adds', async () => {
    const db = open()
    await db.replaceReadModels(pullOf())
    expect(await db.getAccount()).not.toHaveProperty('key')
    expect(await db.getTrip('t1', '2026-11-23')).not.toHaveProperty('passengerId')
  })

  it('sorts passengers by name in Finnish order: Ä after the other letters', async () => {
    const db = open()
    const emil = passengerOf('p-emil', 'emil')
    await db.replaceReadModels(pullOf({ passengers: [aatu, bertil, emil, anna] }))
    expect((await db.listPassengers()).map((p) => p.name)).toEqual(['Anna', 'Bertil', 'emil', 'Äatu'])
  })

  it('saves an edited passenger and shows the new initials on their trips', async () => {
    const db = open()
    await db.replaceReadModels(pullOf())
    await db.savePassenger({ ...anna, avatarText: 'AX' })
    expect((await db.listPassengers()).find((p) => p.id === anna.id)?.avatarText).toBe('AX')
    expect((await db.listTrips({ passengerId: anna.id }))[0]?.passenger.avatarText).toBe('AX')
    expect((await db.listTrips({ passengerId: bertil.id }))[0]?.passenger.avatarText).toBe('BE')
  })

  it('finds a trip by id and date', async () => {
    const db = open()
    await db.replaceReadModels(pullOf())
    expect((await db.getTrip('t1', '2026-11-23'))?.passenger.id).toBe(anna.id)
    expect(await db.getTrip('t1', '2026-11-24')).toBeNull()
  })

  it('summarises messages as 0/0 while there are none', async () => {
    const db = open()
    expect(await db.messageSummary(account.id)).toEqual({ total: 0, unseen: 0 })
  })

  it('deleting a database leaves other users alone', async () => {
    const mine = open('espoo', 'a')
    const theirs = open('espoo', 'b')
    await mine.replaceReadModels(pullOf())
    await theirs.replaceReadModels(pullOf())
    mine.close()
    await Dexie.delete(databaseName('espoo', 'a'))
    expect((await theirs.listPassengers()).length).toBe(2)
    const reopened = open('espoo', 'a')
    expect(await reopened.listPassengers()).toEqual([])
  })
})
