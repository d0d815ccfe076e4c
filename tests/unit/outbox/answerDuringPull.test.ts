import { IDBFactory } from 'fake-indexeddb'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { commandView, tripCommandsOf } from '../../../src/commands/tripView'
import { outboxLockName } from '../../../src/db/names'
import { listCommands } from '../../../src/db/outbox'
import type { PortalDb } from '../../../src/db/portalDb'
import { replayOutbox } from '../../../workers/outbox/replay'
import { unlessOutboxLocked, waitForOutboxLock } from '../../../workers/outbox/lock'
import { pullInto } from '../../../workers/pull'
import { SyncEngine, type SyncStatus } from '../../../workers/syncEngine'
import { json } from '../api/fakeServer'
import { account } from '../db/samples'
import { anna, apiOver, batchAnswer, cancelOf, freshDb, queue, replayDeps, tripNo } from './harness'
import { InMemoryLocks } from './webLocks'

/**
 * A pull is the server's read model as it was when the server answered, which may be before a command it is
 * acknowledging meanwhile. The answer to that command, stored while the pull was on its way, is newer: the pull
 * must not undo it. The race: a cancellation made offline, the network back, the tab's
 * sync worker pulling while the service worker's background sync delivered the cancellation.
 */

const name = 'portal:espoo:user-1'
const ref = { id: 't1', date: '2026-11-23' }
const cancelled = tripNo(1, { cancelledAt: '2026-11-21T10:00:05+02:00', cancelReason: 'Sick' })

/**
 * The server: trip t1, cancelled once a batch has run. Its answer to a pull's passenger reads is made when the
 * request arrives and reaches the device only once `deliver` is called: a slow network.
 */
function slowServer() {
  let tripCancelled = false
  let readsAnswered = () => {}
  const answered = new Promise<void>((resolve) => (readsAnswered = resolve))
  let deliver = () => {}
  const delivered = new Promise<void>((resolve) => (deliver = resolve))
  const reads = async () => {
    const answer = json(200, [
      { passenger: anna, places: [], trips: [tripCancelled ? cancelled : tripNo(1)], bookings: [] },
    ])
    readsAnswered()
    await delivered
    return answer
  }
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    const path = new URL(request.url).pathname
    if (path === '/api/account') return json(200, account)
    if (path === '/api/passenger/reads') return reads()
    if (path === '/api/message') {
      return json(200, { items: [], page: 1, totalPages: 1, hasPreviousPage: false, unseenCount: 0 })
    }
    tripCancelled = true
    return batchAnswer({ status: 200, body: [cancelled] })
  }) as typeof globalThis.fetch
  return { fetch, answered, deliver }
}

/** A device that stored t1 from a pull and then queued its cancellation offline. */
async function deviceWithCancel(factory: IDBFactory): Promise<PortalDb> {
  const db = freshDb(factory, name)
  await db.replaceReadModels({
    account,
    passengers: [anna],
    places: {},
    trips: { p1: [tripNo(1)] },
    syncedAt: '2026-11-21T09:00:00Z',
  })
  await queue(db, 'trip.cancel', cancelOf(1))
  return db
}

/** What the trip's screens show of its cancellation: null once the local trip shows it done. */
async function shownCancel(db: PortalDb) {
  const trip = await db.getTrip(ref.id, ref.date)
  return commandView(trip!, tripCommandsOf(await listCommands(db), ref).cancel)?.kind ?? null
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('an answer stored while a pull is on its way', () => {
  it('is not undone by the tab’s pull when the service worker acknowledged the cancellation meanwhile', async () => {
    vi.stubGlobal('navigator', { locks: new InMemoryLocks() })
    const factory = new IDBFactory()
    const tab = await deviceWithCancel(factory)
    const server = slowServer()
    // Background sync takes the outbox's lock first; its batch reaches the server after the tab's pull did.
    const background = freshDb(factory, name)
    const delivery = unlessOutboxLocked(outboxLockName(name), async () => {
      await server.answered
      return replayOutbox(replayDeps(background, apiOver(server.fetch)), { force: true })
    })
    const statuses: SyncStatus[] = []
    const engine = new SyncEngine({
      db: tab,
      api: apiOver(server.fetch),
      now: () => '2026-11-21T10:00:10Z',
      onStatus: (status) => statuses.push(status),
      withLock: waitForOutboxLock(outboxLockName(name)),
    })
    const started = engine.start('tok', true, true)

    expect((await delivery)?.acked).toHaveLength(1)
    expect(await shownCancel(tab)).toBeNull()
    // The pull's answer, made before the cancellation, arrives after its acknowledgement was stored.
    server.deliver()
    await started
    engine.stop()
    background.close()

    expect(await shownCancel(tab)).toBeNull()
    expect((await tab.getTrip(ref.id, ref.date))?.cancelledAt).toBe(cancelled.cancelledAt)
    expect(statuses.at(-1)).toEqual({ syncing: false, lastSyncedAt: '2026-11-21T10:00:10Z', lastError: null })
    await tab.delete()
  })

  it('is not undone by a pull asked before an online action’s answer was written (in another tab, say)', async () => {
    const db = await deviceWithCancel(new IDBFactory())
    const server = slowServer()
    const pull = pullInto(db, apiOver(server.fetch), '2026-11-21T10:00:10Z')
    await server.answered
    await db.savePassenger({ ...anna, avatarText: 'AV' })
    server.deliver()
    const outdated = await pull
    expect((await db.listPassengers()).map((passenger) => passenger.avatarText)).toEqual(['AV'])
    expect(outdated).toBeNull()
    expect(await db.lastSyncedAt()).toBe('2026-11-21T09:00:00Z')
    await db.delete()
  })
})
