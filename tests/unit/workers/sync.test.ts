import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createApiClient } from '../../../src/api/client'
import { openPortalDb, type PortalDb } from '../../../src/db/portalDb'
import { fetchReadModels, loadOlderMessages, pullInto } from '../../../workers/pull'
import { pullIntervalMs, SyncEngine, type SyncStatus } from '../../../workers/syncEngine'
import { fakeFetch, json } from '../api/fakeServer'
import type { UnapprovedBooking } from '../../../src/contract'
import {
  account,
  bookingOf,
  messageOf,
  messagePageOf,
  passengerOf,
  permissionOf,
  placeOf,
  tripOf,
} from '../db/samples'

const anna = passengerOf('p1', 'Anna')
const bertil = passengerOf('p2', 'Bertil')

/** The server's read model, mutable per test. */
function serverState() {
  return {
    passengers: [anna, bertil],
    trips: {
      p1: [tripOf('t1', anna, '2026-11-23T08:00:00+02:00')],
      p2: [tripOf('t2', bertil, '2026-11-23T09:00:00+02:00')],
    } as Record<string, ReturnType<typeof tripOf>[]>,
    /** p1's booking awaiting approval the next morning, which is not a trip. */
    bookings: { p1: [bookingOf('b1', '2026-11-24T08:00:00+02:00')] } as Record<string, UnapprovedBooking[]>,
    permissions: [permissionOf('q2', 'Vapaa-ajan matkat'), permissionOf('q1', 'Asiointimatkat')],
    /** Four pages of messages, the last short, the newest unseen. */
    messages: Array.from({ length: 34 }, (_, n) => messageOf(`m${n + 1}`, 'p1')),
    unauthorized: false,
  }
}

/** `GET api/message?page=` over the state's messages, pages of 10 from the oldest, the last without `page`. */
function messagePage(state: ReturnType<typeof serverState>, path: string): Response {
  const totalPages = Math.max(1, Math.ceil(state.messages.length / 10))
  const page = Number(new URL(path, 'http://portal.test').searchParams.get('page') ?? totalPages)
  const items = state.messages.slice((page - 1) * 10, page * 10)
  return json(200, messagePageOf(page, totalPages, items, 2))
}

/** `GET api/passenger/reads` over the state: p1 has a saved place and the permissions, p2 neither. */
function passengerReads(state: ReturnType<typeof serverState>, path: string) {
  const withPermissions = new URL(path, 'http://portal.test').searchParams.get('permissions') === 'true'
  return state.passengers.map((passenger) => ({
    passenger,
    places: passenger.id === 'p1' ? [placeOf('home', 'Kotikatu 1')] : [],
    trips: state.trips[passenger.id] ?? [],
    bookings: state.bookings[passenger.id] ?? [],
    ...(withPermissions ? { permissions: passenger.id === 'p1' ? state.permissions : [] } : {}),
  }))
}

function apiFor(state: ReturnType<typeof serverState>, onUnauthorized = vi.fn()) {
  const guard = (answer: () => Response) => () =>
    state.unauthorized ? json(401, { statusCode: 401, code: 'unauthorized', message: 'expired' }) : answer()
  const server = fakeFetch({
    'GET /api/account': guard(() => json(200, account)),
    'GET /api/passenger/reads': (request) => guard(() => json(200, passengerReads(state, request.path)))(),
    'GET /api/message': (request) => guard(() => messagePage(state, request.path))(),
  })
  let token: string | null = 'tok'
  const api = createApiClient({
    origin: 'http://portal.test',
    tenantId: 'espoo',
    token: () => token,
    onUnauthorized,
    fetch: server.fetch,
  })
  return { api, requests: server.requests, onUnauthorized, setToken: (t: string | null) => (token = t) }
}

let db: PortalDb
beforeEach(() => {
  db = openPortalDb('espoo', 'user-1')
})
afterEach(async () => {
  vi.useRealTimers()
  await db.delete()
})

describe('pull', () => {
  it('fetches the account, the passengers with their places and trips, and the messages in one round', async () => {
    const { api, requests } = apiFor(serverState())
    const pull = await fetchReadModels(api, '2026-11-21T10:00:00Z')
    expect(pull.passengers.map((p) => p.id)).toEqual(['p1', 'p2'])
    expect(Object.keys(pull.trips)).toEqual(['p1', 'p2'])
    expect(pull.places.p1!.map((place) => place.id)).toEqual(['home'])
    expect(pull.permissions).toBeUndefined()
    expect(requests.map((r) => r.path).sort()).toEqual(
      ['/api/message', '/api/message?page=3', '/api/account', '/api/passenger/reads'].sort(),
    )
  })

  it('stores the newest message page and the one before it when it is short, then older pages on demand', async () => {
    const state = serverState()
    const { api } = apiFor(state)
    await pullInto(db, api, '2026-11-21T10:00:00Z')
    expect((await db.listMessages()).map((m) => m.id)).toEqual(state.messages.slice(20).map((m) => m.id))
    expect(await db.messageSummary(account.id)).toEqual({ total: 14, unseen: 2 })
    expect(await loadOlderMessages(db, api)).toBe(true)
    expect(await loadOlderMessages(db, api)).toBe(true)
    expect(await loadOlderMessages(db, api)).toBe(false)
    expect((await db.listMessages()).map((m) => m.id)).toEqual(state.messages.map((m) => m.id))
    // A new message joins the newest page; the next pull keeps the older pages below it.
    state.messages.push(messageOf('m35', 'p1'))
    await pullInto(db, api, '2026-11-21T10:01:00Z')
    expect((await db.listMessages()).map((m) => m.id).at(-1)).toBe('m35')
    expect((await db.listMessages()).length).toBe(35)
  })

  it('writes the pull to the database with the time of the pull', async () => {
    const { api } = apiFor(serverState())
    await pullInto(db, api, '2026-11-21T10:00:00Z')
    expect((await db.listTrips()).map((t) => t.id)).toEqual(['t1', 't2'])
    expect((await db.listPlaces('p1')).length).toBe(1)
    expect(await db.lastSyncedAt()).toBe('2026-11-21T10:00:00Z')
  })

  it('stores the bookings awaiting approval or refused apart from the trips, and drops those the server no longer lists', async () => {
    const state = serverState()
    const { api } = apiFor(state)
    await pullInto(db, api, '2026-11-21T10:00:00Z')
    expect(await db.listBookings()).toEqual([
      { ...bookingOf('b1', '2026-11-24T08:00:00+02:00'), passengerId: 'p1' },
    ])
    expect((await db.listTrips()).map((t) => t.id)).toEqual(['t1', 't2'])
    // Refused, it is listed so; approved, it is a trip, and no longer a booking.
    const refused = { ...bookingOf('b1', '2026-11-24T08:00:00+02:00'), approval: 'refused' as const }
    state.bookings = { p1: [refused], p2: [bookingOf('b2', '2026-11-24T07:00:00+02:00')] }
    await pullInto(db, api, '2026-11-21T10:01:00Z')
    expect((await db.listBookings()).map((b) => [b.tripId, b.approval, b.passengerId])).toEqual([
      ['b2', 'awaiting', 'p2'],
      ['b1', 'refused', 'p1'],
    ])
    expect((await db.listBookings({ passengerId: 'p1' })).map((b) => b.tripId)).toEqual(['b1'])
    state.bookings = {}
    await pullInto(db, api, '2026-11-21T10:02:00Z')
    expect(await db.listBookings()).toEqual([])
  })

  it('pulls each passenger’s transportation permissions only when the scope asks for them', async () => {
    const state = serverState()
    const { api, requests } = apiFor(state)
    await pullInto(db, api, '2026-11-21T10:00:00Z', { permissions: true })
    expect(requests.filter((r) => r.path === '/api/passenger/reads?permissions=true').length).toBe(1)
    expect((await db.listPermissions('p1')).map((q) => q.name)).toEqual([
      'Asiointimatkat',
      'Vapaa-ajan matkat',
    ])
    expect(await db.listPermissions('p2')).toEqual([])
    // A tenant without the screen pulls none, and keeps none.
    await pullInto(db, api, '2026-11-21T10:01:00Z')
    expect(requests.filter((r) => r.path.includes('permissions=true')).length).toBe(1)
    expect(await db.listPermissions('p1')).toEqual([])
  })

  it('keeps the permissions as they were when one of them breaks the contract', async () => {
    const state = serverState()
    const { api } = apiFor(state)
    await pullInto(db, api, '2026-11-21T10:00:00Z', { permissions: true })
    state.permissions = [permissionOf('q3', 'Rikki', { tripDestinations: 9 as 3 })]
    await expect(pullInto(db, api, '2026-11-21T10:01:00Z', { permissions: true })).rejects.toThrow()
    expect((await db.listPermissions('p1')).map((q) => q.id)).toEqual(['q1', 'q2'])
  })

  it('leaves the local data as it was when any call fails', async () => {
    const state = serverState()
    const { api } = apiFor(state)
    await pullInto(db, api, '2026-11-21T10:00:00Z')
    state.trips = { p1: [{ ...tripOf('bad', anna, 'not a time') }] }
    await expect(pullInto(db, api, '2026-11-21T10:01:00Z')).rejects.toThrow()
    expect((await db.listTrips()).map((t) => t.id)).toEqual(['t1', 't2'])
    expect(await db.lastSyncedAt()).toBe('2026-11-21T10:00:00Z')
  })

  it('tells the pickups and drop-offs that a pull newly shows, compared inside the pull', async () => {
    const state = serverState()
    const { api } = apiFor(state)
    expect((await pullInto(db, api, '2026-11-21T10:00:00Z'))?.milestones).toEqual([])
    const t1 = state.trips.p1![0]!
    state.trips.p1 = [{ ...t1, pickupTime: '2026-11-23T08:01:00+02:00' }]
    const milestones = (await pullInto(db, api, '2026-11-21T10:01:00Z'))?.milestones
    expect(milestones?.map((m) => [m.kind, m.trip.id])).toEqual([['pickup', 't1']])
    expect((await pullInto(db, api, '2026-11-21T10:02:00Z'))?.milestones).toEqual([])
  })

  it('drops a passenger the server no longer returns', async () => {
    const state = serverState()
    const { api } = apiFor(state)
    await pullInto(db, api, '2026-11-21T10:00:00Z')
    state.passengers = [anna]
    await pullInto(db, api, '2026-11-21T10:01:00Z')
    expect((await db.listPassengers()).map((p) => p.id)).toEqual(['p1'])
    expect((await db.listTrips()).map((t) => t.id)).toEqual(['t1'])
  })
})

describe('sync engine', () => {
  function engine(state = serverState()) {
    const server = apiFor(state)
    const statuses: SyncStatus[] = []
    let clock = 0
    const sync = new SyncEngine({
      db,
      api: server.api,
      now: () => `2026-11-21T10:00:${String(clock++).padStart(2, '0')}Z`,
      onStatus: (status) => statuses.push(status),
    })
    const pulls = () => server.requests.filter((r) => r.path.startsWith('/api/passenger/reads')).length
    /** Waits until the engine has pulled `count` times and is idle again. */
    const pulled = (count: number) =>
      vi.waitFor(() => {
        expect(pulls()).toBe(count)
        expect(statuses.at(-1)?.syncing).toBe(false)
      })
    return { sync, server, statuses, pulls, pulled, state }
  }

  it('pulls on start and reports syncing, then the time of the pull', async () => {
    const { sync, statuses, pulls } = engine()
    await sync.start('tok', true, true)
    sync.stop()
    expect(pulls()).toBe(1)
    expect(statuses.some((s) => s.syncing)).toBe(true)
    expect(statuses.at(-1)).toEqual({ syncing: false, lastSyncedAt: '2026-11-21T10:00:00Z', lastError: null })
  })

  it('does not pull without a token or offline, and pulls when either comes back', async () => {
    const { sync, pulls, pulled } = engine()
    await sync.start(null, false, true)
    expect(pulls()).toBe(0)
    sync.setToken('tok')
    await sync.pullNow()
    expect(pulls()).toBe(0)
    sync.setOnline(true)
    await pulled(1)
    sync.stop()
  })

  it('pulls when a token arrives after none', async () => {
    const { sync, pulled, pulls } = engine()
    await sync.start(null, true, true)
    sync.setToken('tok')
    await pulled(1)
    // A refreshed token pulls nothing: had it started a pull, the one asked for now would run after it (3).
    sync.setToken('tok2')
    await sync.pullNow()
    expect(pulls()).toBe(2)
    sync.stop()
  })

  it('pulls every 60 s while visible, not while hidden, and when shown again', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const { sync, pulled } = engine()
    await sync.start('tok', true, true)
    await pulled(1)
    await vi.advanceTimersByTimeAsync(pullIntervalMs)
    await pulled(2)
    sync.setVisible(false)
    await vi.advanceTimersByTimeAsync(pullIntervalMs * 3)
    await pulled(2)
    sync.setVisible(true)
    await pulled(3)
    await vi.advanceTimersByTimeAsync(pullIntervalMs)
    await pulled(4)
    sync.stop()
  })

  it('runs a requested pull after the running one, never two at once', async () => {
    const { sync, pulls } = engine()
    await sync.start('tok', true, true)
    const first = sync.pullNow()
    const second = sync.pullNow()
    const third = sync.pullNow()
    await Promise.all([first, second, third])
    sync.stop()
    // The start pull, then one pull for the three requests (the first runs, the others coalesce into one more).
    expect(pulls()).toBe(3)
  })

  it('reports a 401 through the API client and records the failure', async () => {
    const state = serverState()
    state.unauthorized = true
    const { sync, server, statuses } = engine(state)
    await sync.start('tok', true, true)
    sync.stop()
    expect(server.onUnauthorized).toHaveBeenCalled()
    expect(statuses.at(-1)).toMatchObject({ syncing: false, lastError: 401 })
  })
})
