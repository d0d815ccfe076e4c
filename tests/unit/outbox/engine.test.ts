import { describe, expect, it, vi } from 'vitest'
import { SimulatedClock } from 'xstate'
import { createApiClient } from '../../../src/api/client'
import { getCommand } from '../../../src/db/outbox'
import type { PortalDb } from '../../../src/db/portalDb'
import { backoffMs } from '../../../workers/outbox/replay'
import type { Clock } from '../../../workers/clock'
import { SyncEngine } from '../../../workers/syncEngine'
import { json } from '../api/fakeServer'
import { account } from '../db/samples'
import {
  anna,
  cancelOf,
  freshDb,
  problem,
  queue,
  reviewOf,
  scriptedServer,
  tripNo,
  whole,
  type Answer,
} from './harness'

/**
 * An xstate SimulatedClock that also tells when each timer it holds is due, so a test sees that the replay has
 * not been woken (its timer is still waiting) rather than waiting a while to see nothing happen.
 */
function watchedClock() {
  const simulated = new SimulatedClock()
  const due = new Map<unknown, number>()
  const clock: Clock & { increment(ms: number): void; due(): number[] } = {
    now: () => simulated.now(),
    setTimeout: (callback, ms) => {
      const id = simulated.setTimeout(() => {
        due.delete(id)
        callback()
      }, ms)
      due.set(id, simulated.now() + ms)
      return id
    },
    clearTimeout: (id) => {
      due.delete(id)
      simulated.clearTimeout(id as number)
    },
    increment: (ms) => simulated.increment(ms),
    due: () => [...due.values()],
  }
  return clock
}

/**
 * The sync worker's engine with the outbox: when it replays (start, queue, pull, online, retry time) and how a
 * 401 pauses it. Time is a simulated clock; the server answers reads at once and commands from a script.
 */
function setup(db: PortalDb, script: Answer[], token: string | null = 'tok') {
  const clock = watchedClock()
  const commands = scriptedServer(script)
  /** Each batch of commands: the keys it carried and its token. */
  const batches: { keys: string[]; authorization: string | null }[] = []
  let pulls = 0
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    const path = new URL(request.url).pathname
    if (request.method === 'GET') {
      if (path === '/api/account') return json(200, account)
      if (path === '/api/passenger/reads') {
        pulls += 1
        return json(200, [{ passenger: anna, places: [], trips: [tripNo(1)], bookings: [] }])
      }
      if (path === '/api/message') {
        return json(200, { items: [], page: 1, totalPages: 1, hasPreviousPage: false, unseenCount: 0 })
      }
      return json(200, [])
    }
    try {
      return await commands.fetch(request)
    } finally {
      batches.push({ keys: commands.requests.at(-1)!, authorization: request.headers.get('Authorization') })
    }
  })
  const onUnauthorized = vi.fn()
  const engine: SyncEngine = new SyncEngine({
    db,
    api: createApiClient({
      origin: 'http://portal.test',
      tenantId: 'espoo',
      token: () => engine.currentToken(),
      onUnauthorized,
      fetch: fetch as unknown as typeof globalThis.fetch,
    }),
    now: () => '2026-11-21T10:00:00Z',
    onStatus: () => {},
    clock,
    random: () => 0,
  })
  return { engine, clock, batches, pulls: () => pulls, onUnauthorized, token }
}

const cancelledTrip = [tripNo(1, { cancelledAt: '2026-11-21T10:00:00+02:00', cancelReason: 'Sick' })]

describe('sync engine and the outbox', () => {
  it('sends a command left sending by a dead worker when it starts', async () => {
    const db = freshDb()
    const command = await queue(db, 'trip.cancel', cancelOf(1))
    await db.outbox.update(command.id, { status: 'sending' })
    const { engine, batches } = setup(db, [json(200, cancelledTrip)])
    await engine.start('tok', true, true)
    await vi.waitFor(async () => expect((await getCommand(db, command.id))?.status).toBe('acked'))
    expect(batches.map((b) => b.keys)).toEqual([[command.id]])
    engine.stop()
  })

  it('replays a queued command at once, and pulls again after the ack', async () => {
    const db = freshDb()
    const { engine, batches, pulls } = setup(db, [json(200, cancelledTrip)])
    await engine.start('tok', true, true)
    await vi.waitFor(() => expect(pulls()).toBe(1))
    const command = await queue(db, 'trip.cancel', cancelOf(1))
    await engine.replayNow()
    expect(batches.map((b) => b.keys)).toEqual([[command.id]])
    await vi.waitFor(() => expect(pulls()).toBe(2))
    engine.stop()
  })

  it('sends nothing offline, and replays when the network comes back', async () => {
    const db = freshDb()
    const command = await queue(db, 'trip.review', reviewOf(1))
    const { engine, batches } = setup(db, [json(200, tripNo(1))])
    await engine.start('tok', false, true)
    await engine.replayNow()
    expect(batches).toHaveLength(0)
    engine.setOnline(true)
    await vi.waitFor(async () => expect((await getCommand(db, command.id))?.status).toBe('acked'))
    engine.stop()
  })

  it('retries after the backoff on the clock, not before, keeping the order', async () => {
    const db = freshDb()
    const first = await queue(db, 'trip.cancel', cancelOf(1))
    const second = await queue(db, 'trip.review', reviewOf(2))
    const { engine, clock, batches } = setup(db, [
      'network',
      'network',
      json(200, cancelledTrip),
      json(200, tripNo(2)),
    ])
    await engine.start('tok', true, true)
    const firstWait = backoffMs(1, 0)
    await vi.waitFor(() => expect(clock.due()).toEqual([firstWait]))
    expect(batches).toHaveLength(1)
    // Nothing but the retry timer wakes the replay here, and it is still waiting: no run has started.
    clock.increment(firstWait - 1)
    expect(clock.due()).toEqual([firstWait])
    clock.increment(1)
    await vi.waitFor(() => expect(batches).toHaveLength(2))
    // The second failure waits twice as long; the second command waits behind the first.
    const secondWait = clock.now() + backoffMs(2, 0)
    await vi.waitFor(() => expect(clock.due()).toEqual([secondWait]))
    clock.increment(backoffMs(2, 0) - 1)
    expect(clock.due()).toEqual([secondWait])
    expect(batches).toHaveLength(2)
    clock.increment(1)
    await vi.waitFor(async () => expect((await getCommand(db, second.id))?.status).toBe('acked'))
    expect(batches.map((b) => b.keys)).toEqual([
      [first.id, second.id],
      [first.id, second.id],
      [first.id, second.id],
    ])
    engine.stop()
  })

  it('after weeks offline, refuses a command whose answer was lost rather than send it again', async () => {
    const db = freshDb()
    const lost = await queue(db, 'trip.cancel', cancelOf(1))
    const { engine, clock, batches } = setup(db, ['network', json(200, tripNo(2))])
    await engine.start('tok', true, true)
    await vi.waitFor(async () => expect((await getCommand(db, lost.id))?.status).toBe('pending'))
    engine.setOnline(false)
    const next = await queue(db, 'trip.review', reviewOf(2))
    // The server keeps the key 30 days; the replayer stops sending it 2 days before.
    clock.increment(28 * 24 * 60 * 60 * 1000)
    engine.setOnline(true)
    await vi.waitFor(async () => expect((await getCommand(db, next.id))?.status).toBe('acked'))
    expect(batches.map((b) => b.keys)).toEqual([[lost.id], [next.id]])
    expect((await getCommand(db, lost.id))?.lastError).toEqual({ status: 0, code: 'command_unconfirmed' })
    engine.stop()
  })

  it('retries a key in flight (409) after the backoff', async () => {
    const db = freshDb()
    const command = await queue(db, 'trip.review', reviewOf(1))
    const { engine, clock, batches } = setup(db, [
      problem(409, 'idempotency_in_flight'),
      json(200, tripNo(1)),
    ])
    await engine.start('tok', true, true)
    await vi.waitFor(async () => expect((await getCommand(db, command.id))?.attempts).toBe(1))
    expect((await getCommand(db, command.id))?.status).toBe('pending')
    clock.increment(backoffMs(1, 0))
    await vi.waitFor(async () => expect((await getCommand(db, command.id))?.status).toBe('acked'))
    expect(batches).toHaveLength(2)
    engine.stop()
  })

  it('retries at once when the network comes back, before the retry time', async () => {
    const db = freshDb()
    const command = await queue(db, 'trip.review', reviewOf(1))
    const { engine, batches } = setup(db, ['network', json(200, tripNo(1))])
    await engine.start('tok', true, true)
    await vi.waitFor(() => expect(batches).toHaveLength(1))
    engine.setOnline(false)
    engine.setOnline(true)
    await vi.waitFor(async () => expect((await getCommand(db, command.id))?.status).toBe('acked'))
    engine.stop()
  })

  it('retries at once when the page is shown again, before the retry time', async () => {
    const db = freshDb()
    const command = await queue(db, 'trip.review', reviewOf(1))
    const { engine, batches } = setup(db, ['network', json(200, tripNo(1))])
    await engine.start('tok', true, true)
    await vi.waitFor(() => expect(batches).toHaveLength(1))
    engine.setVisible(false)
    engine.setVisible(true)
    await vi.waitFor(async () => expect((await getCommand(db, command.id))?.status).toBe('acked'))
    expect(batches).toHaveLength(2)
    engine.stop()
  })

  it('pauses at a 401 until another token arrives, then goes on with the same command', async () => {
    const db = freshDb()
    const first = await queue(db, 'trip.cancel', cancelOf(1))
    const second = await queue(db, 'trip.review', reviewOf(2))
    const { engine, batches, onUnauthorized } = setup(db, [
      whole(problem(401, 'unauthorized')),
      json(200, cancelledTrip),
      json(200, tripNo(2)),
    ])
    await engine.start('old', true, true)
    await vi.waitFor(() => expect(onUnauthorized).toHaveBeenCalledWith('old'))
    // The same token again (e.g. pushed twice) does not resume; nothing was dropped or rejected.
    engine.setToken('old')
    await engine.replayNow()
    expect(batches).toHaveLength(1)
    expect((await getCommand(db, first.id))?.status).toBe('pending')
    engine.setToken('new')
    await vi.waitFor(async () => expect((await getCommand(db, second.id))?.status).toBe('acked'))
    expect(batches).toEqual([
      { keys: [first.id, second.id], authorization: 'Bearer old' },
      { keys: [first.id, second.id], authorization: 'Bearer new' },
    ])
    engine.stop()
  })

  it('keeps a trip with a waiting cancel as the server has it after a pull', async () => {
    const db = freshDb()
    const { engine, pulls } = setup(db, ['network'])
    await engine.start('tok', true, true)
    await vi.waitFor(() => expect(pulls()).toBe(1))
    await queue(db, 'trip.cancel', cancelOf(1))
    await engine.replayNow()
    await engine.pullNow()
    expect((await db.getTrip('t1', '2026-11-23'))?.cancelledAt).toBeNull()
    engine.stop()
  })
})
