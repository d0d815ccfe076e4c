import { Dexie } from 'dexie'
import { IDBFactory } from 'fake-indexeddb'
import { Temporal } from 'temporal-polyfill'
import { describe, expect, it, vi } from 'vitest'
import { cancelReasonMaxLength, idempotencyKeyRetention } from '../../../src/contract/codes'
import { tripIdMaxLength } from '../../../src/contract/common'
import { getCommand, listCommands, takeUnnotifiedRejections } from '../../../src/db/outbox'
import { resendMargin } from '../../../workers/outbox/replayRows'
import { commandBatchMaxBytes, commandBatchMaxCount } from '../../../src/contract/commandBatch'
import { batchGoesOn, classifyFailure } from '../../../src/contract/failureKind'
import {
  backoffBaseMs,
  backoffCapMs,
  backoffMs,
  batchesOf,
  replayOutbox,
} from '../../../workers/outbox/replay'
import { json } from '../api/fakeServer'
import { account, messageOf, messagePageOf } from '../db/samples'
import {
  anna,
  apiOver,
  cancelOf,
  freshDb,
  problem,
  queue,
  replayDeps,
  reviewOf,
  scriptedServer,
  tripNo,
  whole,
} from './harness'

const cancelled = (n: number) => tripNo(n, { cancelledAt: '2026-11-21T10:00:05+02:00', cancelReason: 'Sick' })

describe('outbox replay', () => {
  it('sends commands in seq order in one batch, each with its id as its Idempotency-Key', async () => {
    const db = freshDb()
    const first = await queue(db, 'trip.cancel', cancelOf(1, 2))
    const second = await queue(db, 'trip.review', reviewOf(3))
    const server = scriptedServer([json(200, [cancelled(1), cancelled(2)]), json(200, tripNo(3))])
    const result = await replayOutbox(replayDeps(db, apiOver(server.fetch)))
    expect(result.stop).toEqual({ kind: 'empty' })
    expect(server.requests).toEqual([[first.id, second.id]])
    expect(server.seen.map((r) => [r.path, r.key])).toEqual([
      ['/api/trip/cancel', first.id],
      ['/api/trip/review', second.id],
    ])
    // Only the contract's fields go out; the local passenger ids stay behind.
    expect(server.seen[0]!.body).toEqual({ trips: cancelOf(1, 2).trips, reason: 'Sick' })
    expect(server.seen[1]!.body).not.toHaveProperty('passengerId')
    expect((await listCommands(db)).map((c) => [c.seq, c.status])).toEqual([
      [1, 'acked'],
      [2, 'acked'],
    ])
  })

  it('sends a message, then its seen mark as a PUT on its id, and applies the mark to the stored message', async () => {
    const db = freshDb()
    const stored = messagePageOf(1, 1, [messageOf('m1', 'p1')], 1)
    await db.replaceReadModels({
      account,
      passengers: [anna],
      places: {},
      trips: {},
      messages: [stored],
      syncedAt: '2026-11-21T10:00:00Z',
    })
    const send = await queue(db, 'message.send', { passengerId: 'p1', content: 'Hello' })
    const seen = await queue(db, 'message.seen', { id: 'm1' })
    expect(await db.messageSummary(account.id)).toEqual({ total: 1, unseen: 0 })
    const server = scriptedServer([
      json(200, messageOf('m2', 'p1', { fromUser: account.id, content: 'Hello' })),
      json(200, messageOf('m1', 'p1', { seenAt: '2026-11-21T10:00:09+02:00' })),
    ])
    await replayOutbox(replayDeps(db, apiOver(server.fetch)))
    expect(server.seen.map((r) => [r.path, r.key, r.body])).toEqual([
      ['/api/message', send.id, { passengerId: 'p1', content: 'Hello' }],
      ['/api/message/m1/seen', seen.id, undefined],
    ])
    expect((await db.messages.get('m1'))?.seenAt).toBe('2026-11-21T10:00:09+02:00')
    expect(await db.messagePaging()).toMatchObject({ unseenCount: 0 })
    expect(await db.messageSummary(account.id)).toEqual({ total: 1, unseen: 0 })
  })

  it('marks a command sending before its request leaves', async () => {
    const db = freshDb()
    const command = await queue(db, 'trip.review', reviewOf(1))
    let statusDuringRequest: string | undefined
    const server = scriptedServer([
      async () => {
        statusDuringRequest = (await getCommand(db, command.id))?.status
        return json(200, tripNo(1))
      },
    ])
    await replayOutbox(replayDeps(db, apiOver(server.fetch)))
    expect(statusDuringRequest).toBe('sending')
  })

  it('stores the answer and applies it to the read models in the same step', async () => {
    const db = freshDb()
    await db.trips.bulkPut([1, 2].map((n) => ({ ...tripNo(n), passengerId: 'p1' })))
    const cancel = await queue(db, 'trip.cancel', cancelOf(1, 2, 9))
    const review = await queue(db, 'trip.review', reviewOf(2))
    const reviewed = {
      ...cancelled(2),
      reviews: [
        { comment: 'Fine', driverStars: 4, experienceStars: 5, createdAt: '2026-11-21T10:01:00+02:00' },
      ],
    }
    // t9 is not stored locally: an answer does not bring back a trip the last pull dropped.
    const server = scriptedServer([
      json(200, [cancelled(1), cancelled(2), cancelled(9)]),
      json(200, reviewed),
    ])
    await replayOutbox(replayDeps(db, apiOver(server.fetch)))
    expect((await getCommand(db, cancel.id))?.response).toHaveLength(3)
    expect((await getCommand(db, review.id))?.response).toEqual(reviewed)
    const trips = await db.listTrips()
    expect(trips.map((t) => [t.id, t.cancelledAt !== null, t.reviews.length])).toEqual([
      ['t1', true, 0],
      ['t2', true, 1],
    ])
  })

  it('rejects a command the server refuses for good, with the reason, and goes on with the next', async () => {
    const db = freshDb()
    const refused = await queue(db, 'trip.cancel', cancelOf(1))
    const next = await queue(db, 'trip.review', reviewOf(2))
    const errors = [{ property: 'trips.0', error: 'picked_up' }]
    const server = scriptedServer([problem(409, 'trip_not_cancellable', errors), json(200, tripNo(2))])
    const result = await replayOutbox(replayDeps(db, apiOver(server.fetch)))
    // The batch went on past the refusal.
    expect(server.requests).toEqual([[refused.id, next.id]])
    expect(result.rejected.map((c) => c.id)).toEqual([refused.id])
    expect(await getCommand(db, refused.id)).toMatchObject({
      status: 'rejected',
      lastError: { status: 409, code: 'trip_not_cancellable', errors },
    })
    expect((await getCommand(db, next.id))?.status).toBe('acked')
  })

  it('rejects a reused key (422) rather than retrying it', async () => {
    const db = freshDb()
    const command = await queue(db, 'trip.review', reviewOf(1))
    const server = scriptedServer([problem(422, 'idempotency_key_reused')])
    await replayOutbox(replayDeps(db, apiOver(server.fetch)))
    expect((await getCommand(db, command.id))?.status).toBe('rejected')
  })

  it('keeps a key still in flight (409) pending, counts the attempt, and does not overtake it', async () => {
    const db = freshDb()
    const head = await queue(db, 'trip.cancel', cancelOf(1))
    const behind = await queue(db, 'trip.cancel', cancelOf(2))
    const server = scriptedServer([problem(409, 'idempotency_in_flight')])
    const result = await replayOutbox(replayDeps(db, apiOver(server.fetch), { now: () => 5_000 }))
    expect(result.stop).toEqual({ kind: 'backoff', at: 5_000 + backoffMs(1, 0) })
    // Both went in the batch; the server stopped after the head, so the one behind was not run here, but the
    // copy of the request still in flight may run it: it stays counted as sent.
    expect(server.requests).toEqual([[head.id, behind.id]])
    expect(server.seen).toHaveLength(1)
    expect(await getCommand(db, behind.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      firstSentAt: 5_000,
    })
    expect(await getCommand(db, head.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: { status: 409, code: 'idempotency_in_flight' },
      nextAttemptAt: 5_000 + backoffMs(1, 0),
    })
  })

  it('sends those behind a failure that may pass back to pending, still counted as sent: another copy of their request may run them', async () => {
    const db = freshDb()
    const sent = await queue(db, 'trip.cancel', cancelOf(1))
    const failed = await queue(db, 'trip.review', reviewOf(2))
    const behind = await queue(db, 'trip.review', reviewOf(3))
    const server = scriptedServer([json(200, [cancelled(1)]), problem(503, 'unavailable')])
    const api = apiOver(server.fetch)
    const reportFailure = vi.spyOn(api, 'reportFailure')
    const result = await replayOutbox(replayDeps(db, api, { now: () => 5_000 }))
    expect(result.stop).toEqual({ kind: 'backoff', at: 5_000 + backoffMs(1, 0) })
    // The batch's request succeeded; error reporting hears of the command's own 5xx all the same.
    expect(reportFailure).toHaveBeenCalledExactlyOnceWith({
      endpoint: 'reviewTrip',
      status: 503,
      message: 'POST /api/trip/review answered 503 in a batch',
    })
    expect(result.acked.map((c) => c.id)).toEqual([sent.id])
    expect(await getCommand(db, sent.id)).toMatchObject({ status: 'acked', response: [cancelled(1)] })
    expect(await getCommand(db, failed.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      firstSentAt: 5_000,
    })
    expect(await getCommand(db, behind.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      firstSentAt: 5_000,
      nextAttemptAt: null,
    })
  })

  it('counts every command of a batch that got no answer as sent, and sends them again with their keys', async () => {
    const db = freshDb()
    const head = await queue(db, 'trip.cancel', cancelOf(1))
    const behind = await queue(db, 'trip.review', reviewOf(2))
    const server = scriptedServer(['network', json(200, [cancelled(1)]), json(200, tripNo(2))])
    let now = 5_000
    const deps = replayDeps(db, apiOver(server.fetch), { now: () => now })
    const result = await replayOutbox(deps)
    expect(result.stop).toEqual({ kind: 'backoff', at: 5_000 + backoffMs(1, 0) })
    // The server may have run both before the answer was lost: both keep their first send, for the deadline.
    expect(await getCommand(db, head.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      firstSentAt: 5_000,
      nextAttemptAt: 5_000 + backoffMs(1, 0),
      lastError: { status: 0, code: 'network_error' },
    })
    expect(await getCommand(db, behind.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      firstSentAt: 5_000,
      nextAttemptAt: null,
    })
    now = 5_000 + backoffMs(1, 0)
    expect((await replayOutbox(deps)).stop).toEqual({ kind: 'empty' })
    expect(server.requests).toEqual([
      [head.id, behind.id],
      [head.id, behind.id],
    ])
    expect(await getCommand(db, behind.id)).toMatchObject({
      status: 'acked',
      attempts: 2,
      firstSentAt: 5_000,
    })
  })

  it('takes a batch refused as a whole, whatever its status, as no command judged: the head is tried again', async () => {
    const db = freshDb()
    const head = await queue(db, 'trip.review', reviewOf(1))
    const server = scriptedServer([whole(problem(400, 'validation_failed'))])
    const result = await replayOutbox(replayDeps(db, apiOver(server.fetch), { now: () => 5_000 }))
    expect(result.stop).toEqual({ kind: 'backoff', at: 5_000 + backoffMs(1, 0) })
    expect(result.rejected).toEqual([])
    expect(await getCommand(db, head.id)).toMatchObject({
      status: 'pending',
      lastError: { status: 400, code: 'validation_failed' },
    })
  })

  it('tries again the first command a batch left unanswered with no answer to stop at', async () => {
    const db = freshDb()
    const first = await queue(db, 'trip.review', reviewOf(1))
    const second = await queue(db, 'trip.review', reviewOf(2))
    // A server outside the contract: one answer for two commands, and it says to go on.
    const fetch = (async () =>
      json(200, { answers: [{ status: 200, body: tripNo(1), replayed: false }] })) as typeof globalThis.fetch
    const result = await replayOutbox(replayDeps(db, apiOver(fetch), { now: () => 5_000 }))
    expect(result.stop.kind).toBe('backoff')
    expect((await getCommand(db, first.id))?.status).toBe('acked')
    expect(await getCommand(db, second.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      firstSentAt: 5_000,
    })
  })

  it('ends a batch early rather than make its body larger than the server takes', async () => {
    const db = freshDb()
    // The largest a cancellation gets within the contract: a hundred trips of the longest ids, and a reason
    // whose every character JSON escapes as six bytes. A full batch of them fits the contract's 1 MiB; 64 KiB
    // takes several.
    const limits = { count: commandBatchMaxCount, bytes: 64 * 1024 }
    const reason = String.fromCharCode(1).repeat(cancelReasonMaxLength)
    for (let n = 0; n < commandBatchMaxCount; n++) {
      const trips = Array.from({ length: 100 }, (_, t) => ({
        id: `${n}-${t}-`.padEnd(tripIdMaxLength, 'x'),
        date: '2026-11-23',
      }))
      await queue(db, 'trip.cancel', { trips, reason, passengerIds: ['p1'] })
    }
    const batches = batchesOf(await listCommands(db), limits)
    expect(batches.length).toBeGreaterThan(1)
    expect(batches.flatMap((batch) => batch.commands.map((command) => command.id))).toEqual(
      (await listCommands(db)).map((command) => command.id),
    )
    for (const { items } of batches)
      expect(new TextEncoder().encode(JSON.stringify({ commands: items })).length).toBeLessThanOrEqual(
        limits.bytes,
      )
    const [full] = batchesOf(await listCommands(db))
    expect(full!.items).toHaveLength(commandBatchMaxCount)
    expect(new TextEncoder().encode(JSON.stringify({ commands: full!.items })).length).toBeLessThanOrEqual(
      commandBatchMaxBytes,
    )
  })

  it('writes a long queue a window at a time, so the screens re-read it a few times, not twice per command', async () => {
    const db = freshDb()
    const count = 120
    for (let n = 0; n < count; n++) await queue(db, 'message.send', { passengerId: 'p1', content: `Hi ${n}` })
    const server = scriptedServer(
      Array.from({ length: count }, (_, n) => json(200, messageOf(`s${n}`, 'p1', { fromUser: 'user-1' }))),
    )
    // A screen reading the outbox (a live query) reads it again after every committed write that touched it.
    let writes = 0
    const countWrite = (parts: Record<string, unknown>) => {
      if (Object.keys(parts).some((part) => part.includes('/outbox/'))) writes += 1
    }
    Dexie.on('storagemutated', countWrite)
    const result = await replayOutbox(replayDeps(db, apiOver(server.fetch)))
    Dexie.on('storagemutated').unsubscribe(countWrite)
    expect(result.acked).toHaveLength(count)
    // A window's commands in one request each.
    expect(server.requests.map((keys) => keys.length)).toEqual([
      commandBatchMaxCount,
      commandBatchMaxCount,
      20,
    ])
    expect(server.seen.map((r) => r.body)).toEqual(
      Array.from({ length: count }, (_, n) => ({ passengerId: 'p1', content: `Hi ${n}` })),
    )
    // Each window of up to 50 marked sending once and settled once: three windows.
    expect(writes).toBeGreaterThan(0)
    expect(writes).toBeLessThanOrEqual(3 * 2)
  })

  it('waits for the retry time, unless forced, and then sends the same command again', async () => {
    const db = freshDb()
    const head = await queue(db, 'trip.cancel', cancelOf(1))
    const server = scriptedServer(['network', json(200, [cancelled(1)])])
    let now = 0
    const deps = replayDeps(db, apiOver(server.fetch), { now: () => now })
    const first = await replayOutbox(deps)
    const at = first.stop.kind === 'backoff' ? first.stop.at : -1
    expect(at).toBeGreaterThan(0)
    now = at - 1
    expect((await replayOutbox(deps)).stop).toEqual({ kind: 'backoff', at })
    expect(server.requests).toHaveLength(1)
    now = at
    expect((await replayOutbox(deps)).stop).toEqual({ kind: 'empty' })
    expect(server.requests).toEqual([[head.id], [head.id]])
  })

  it('sends the head before its retry time when forced (back online, or asked)', async () => {
    const db = freshDb()
    const head = await queue(db, 'trip.review', reviewOf(1))
    await db.outbox.update(head.id, { nextAttemptAt: 2_000_000 })
    const server = scriptedServer([json(200, tripNo(1))])
    await replayOutbox(replayDeps(db, apiOver(server.fetch)), { force: true })
    expect((await getCommand(db, head.id))?.status).toBe('acked')
  })

  it.each([
    ['a network failure', 'network' as const],
    ['a 503 to the whole batch', whole(problem(503, 'service_unavailable'))],
    ['a 503 without a body to the whole batch', whole(new Response('', { status: 503 }))],
    ['408', problem(408, 'timeout')],
    ['429', problem(429, 'too_many_requests')],
    ['500', problem(500, 'internal_error')],
  ])('retries after %s', async (_, answer) => {
    const db = freshDb()
    const command = await queue(db, 'trip.cancel', cancelOf(1))
    const result = await replayOutbox(replayDeps(db, apiOver(scriptedServer([answer]).fetch)))
    expect(result.stop.kind).toBe('backoff')
    expect((await getCommand(db, command.id))?.status).toBe('pending')
  })

  it('pauses at a 401 with the refused token, and goes on with the same command under a new one', async () => {
    const db = freshDb()
    const head = await queue(db, 'trip.cancel', cancelOf(1))
    const next = await queue(db, 'trip.review', reviewOf(2))
    let token = 'old'
    const server = scriptedServer([
      whole(problem(401, 'unauthorized')),
      json(200, [cancelled(1)]),
      json(200, tripNo(2)),
    ])
    const deps = replayDeps(
      db,
      apiOver(server.fetch, () => token),
      { token: () => token },
    )
    const paused = await replayOutbox(deps)
    expect(paused.stop).toEqual({ kind: 'unauthorized', token: 'old' })
    expect(await getCommand(db, head.id)).toMatchObject({ status: 'pending', nextAttemptAt: null })
    expect(server.seen).toHaveLength(0)
    token = 'new'
    expect((await replayOutbox(deps)).stop).toEqual({ kind: 'empty' })
    expect(server.seen.map((r) => [r.key, r.authorization])).toEqual([
      [head.id, 'Bearer new'],
      [next.id, 'Bearer new'],
    ])
  })

  it('pauses at a 401 in the middle of a batch (the session ended meanwhile) at that command', async () => {
    const db = freshDb()
    const sent = await queue(db, 'trip.cancel', cancelOf(1))
    const refused = await queue(db, 'trip.review', reviewOf(2))
    const behind = await queue(db, 'trip.review', reviewOf(3))
    const server = scriptedServer([json(200, [cancelled(1)]), problem(401, 'unauthorized')])
    const paused = await replayOutbox(replayDeps(db, apiOver(server.fetch)))
    expect(paused.stop).toEqual({ kind: 'unauthorized', token: 'tok' })
    expect(server.seen.map((r) => r.key)).toEqual([sent.id, refused.id])
    expect((await getCommand(db, sent.id))?.status).toBe('acked')
    expect(await getCommand(db, refused.id)).toMatchObject({ status: 'pending', attempts: 1 })
    expect(await getCommand(db, behind.id)).toMatchObject({ status: 'pending', attempts: 1 })
  })

  it('sends a command left sending by a worker that died again, with the same key', async () => {
    const factory = new IDBFactory()
    const before = freshDb(factory)
    const command = await queue(before, 'trip.review', reviewOf(1))
    await before.outbox.update(command.id, { status: 'sending', attempts: 1 })
    before.close()
    const after = freshDb(factory)
    const server = scriptedServer([json(200, tripNo(1))])
    await replayOutbox(replayDeps(after, apiOver(server.fetch)))
    expect(server.seen.map((r) => r.key)).toEqual([command.id])
    expect(await getCommand(after, command.id)).toMatchObject({ status: 'acked', attempts: 2 })
  })

  it('counts a 2xx that does not match the contract as done', async () => {
    const db = freshDb()
    const command = await queue(db, 'trip.review', reviewOf(1))
    await replayOutbox(replayDeps(db, apiOver(scriptedServer([json(200, { odd: true })]).fetch)))
    expect(await getCommand(db, command.id)).toMatchObject({ status: 'acked', response: null })
  })
})

describe('a row that does not match the contract', () => {
  it('is refused in its place, with a reason the user is told, and only then does the next one go', async () => {
    const db = freshDb()
    const before = await queue(db, 'trip.review', reviewOf(1))
    const broken = await queue(db, 'message.send', { passengerId: 'p1', content: 'Hello' })
    // Longer than the contract takes: written by another version, or tampered with.
    await db.outbox.update(broken.id, { payload: { passengerId: 'p1', content: 'x'.repeat(2001) } })
    const after = await queue(db, 'trip.review', reviewOf(2))
    let brokenWhenNextLeft: string | undefined
    const server = scriptedServer([
      json(200, tripNo(1)),
      async () => {
        brokenWhenNextLeft = (await getCommand(db, broken.id))?.status
        return json(200, tripNo(2))
      },
    ])
    const result = await replayOutbox(replayDeps(db, apiOver(server.fetch)))
    expect(server.seen.map((r) => r.key)).toEqual([before.id, after.id])
    expect(brokenWhenNextLeft).toBe('rejected')
    expect(result.rejected.map((c) => c.id)).toEqual([broken.id])
    expect(await getCommand(db, broken.id)).toMatchObject({
      status: 'rejected',
      attempts: 0,
      lastError: { status: 0, code: 'command_invalid' },
    })
    // Not skipped silently: it is among the rejections the page tells the user about.
    expect((await takeUnnotifiedRejections(db)).map((c) => c.id)).toEqual([broken.id])
  })

  it('is refused when its type is unknown to this version, or its fields are missing or malformed', async () => {
    const db = freshDb()
    await db.outbox.put({ ...(await queue(db, 'trip.review', reviewOf(1))), type: 'trip.rebook' } as never)
    await db.outbox.put({ id: 'half', seq: 2, type: 'trip.cancel', status: 'pending' } as never)
    await db.outbox.put({ ...(await queue(db, 'trip.review', reviewOf(2))), createdAt: 'yesterday' })
    const result = await replayOutbox(replayDeps(db, apiOver(scriptedServer([]).fetch)))
    expect(result.stop).toEqual({ kind: 'empty' })
    expect((await listCommands(db)).map((c) => [c.seq, c.status, c.lastError?.code])).toEqual([
      [1, 'rejected', 'command_invalid'],
      [2, 'rejected', 'command_invalid'],
      [3, 'rejected', 'command_invalid'],
    ])
  })
})

describe('a command whose first send may be older than the server keeps its key', () => {
  const day = 24 * 60 * 60 * 1000
  const sentAt = Temporal.Instant.from('2026-11-21T10:00:00Z').epochMilliseconds
  /** The server keeps the key 30 days from the contract; the replayer stops two days before. */
  const deadline = Temporal.Instant.fromEpochMilliseconds(sentAt)
    .add(idempotencyKeyRetention)
    .subtract(resendMargin).epochMilliseconds

  it('is sent again until the deadline, then refused without a request, and the next one goes', async () => {
    expect(deadline - sentAt).toBe(28 * day)
    const db = freshDb()
    const lost = await queue(db, 'trip.cancel', cancelOf(1))
    const server = scriptedServer(['network', 'network', json(200, tripNo(2))])
    let now = sentAt
    const deps = replayDeps(db, apiOver(server.fetch), { now: () => now })
    await replayOutbox(deps)
    expect(await getCommand(db, lost.id)).toMatchObject({ status: 'pending', firstSentAt: sentAt })
    // Offline for weeks: the last moment it may still go, it goes, with the same key.
    now = deadline - 1
    await replayOutbox(deps, { force: true })
    expect(server.requests).toEqual([[lost.id], [lost.id]])
    expect((await getCommand(db, lost.id))?.firstSentAt).toBe(sentAt)
    const next = await queue(db, 'trip.review', reviewOf(2))
    now = deadline
    const result = await replayOutbox(deps, { force: true })
    expect(server.requests).toEqual([[lost.id], [lost.id], [next.id]])
    expect(result.rejected.map((c) => c.id)).toEqual([lost.id])
    expect(await getCommand(db, lost.id)).toMatchObject({
      status: 'rejected',
      lastError: { status: 0, code: 'command_unconfirmed' },
    })
    expect((await getCommand(db, next.id))?.status).toBe('acked')
  })

  it('is refused with those that left in the same batch when its answer was lost, as they may have run too', async () => {
    const db = freshDb()
    const lost = await queue(db, 'trip.cancel', cancelOf(1))
    const withIt = await queue(db, 'trip.review', reviewOf(2))
    const server = scriptedServer(['network'])
    let now = sentAt
    const deps = replayDeps(db, apiOver(server.fetch), { now: () => now })
    await replayOutbox(deps)
    now = deadline
    const result = await replayOutbox(deps, { force: true })
    expect(server.requests).toEqual([[lost.id, withIt.id]])
    expect(result.rejected.map((c) => [c.id, c.lastError?.code])).toEqual([
      [lost.id, 'command_unconfirmed'],
      [withIt.id, 'command_unconfirmed'],
    ])
  })

  it('counts from the first send, not from when it was made: a command never sent still goes', async () => {
    const db = freshDb()
    const old = await queue(db, 'trip.review', reviewOf(1))
    const server = scriptedServer([json(200, tripNo(1))])
    await replayOutbox(replayDeps(db, apiOver(server.fetch), { now: () => sentAt + 40 * day }))
    expect(server.seen.map((r) => r.key)).toEqual([old.id])
    expect(await getCommand(db, old.id)).toMatchObject({ status: 'acked', firstSentAt: sentAt + 40 * day })
  })

  it('counts a command sent before the first send was recorded from when it was made', async () => {
    const db = freshDb()
    const legacy = await queue(db, 'trip.review', reviewOf(1))
    await db.outbox
      .where('id')
      .equals(legacy.id)
      .modify((row) => {
        row.status = 'sending'
        row.attempts = 1
        delete (row as Partial<typeof row>).firstSentAt
      })
    const created = Temporal.Instant.from(legacy.createdAt).epochMilliseconds
    const server = scriptedServer([])
    await replayOutbox(replayDeps(db, apiOver(server.fetch), { now: () => created + 28 * day }))
    expect(server.seen).toEqual([])
    expect((await getCommand(db, legacy.id))?.lastError?.code).toBe('command_unconfirmed')
  })
})

describe('backoff', () => {
  it('doubles from the base with equal jitter, up to the cap', () => {
    expect(backoffMs(1, 0)).toBe(backoffBaseMs / 2)
    expect(backoffMs(1, 0.999999)).toBeLessThanOrEqual(backoffBaseMs)
    expect(backoffMs(2, 0)).toBe(backoffBaseMs)
    expect(backoffMs(3, 0.5)).toBe(backoffBaseMs * 3)
    expect(backoffMs(40, 0.999999)).toBeLessThanOrEqual(backoffCapMs)
    expect(backoffMs(40, 0)).toBe(backoffCapMs / 2)
  })
})

describe('failure classes', () => {
  it.each([
    [0, null, 'retry'],
    [401, 'unauthorized', 'unauthorized'],
    [408, null, 'retry'],
    [409, 'idempotency_in_flight', 'retry'],
    [409, 'trip_not_cancellable', 'reject'],
    [409, 'review_not_available', 'reject'],
    [400, 'validation_failed', 'reject'],
    [403, 'forbidden', 'reject'],
    [404, 'not_found', 'reject'],
    [422, 'idempotency_key_reused', 'reject'],
    [429, 'too_many_requests', 'retry'],
    [500, null, 'retry'],
    [502, null, 'retry'],
  ] as const)('%i %s is %s', (status, code, kind) => {
    expect(classifyFailure(status, code)).toBe(kind)
    // The server's batch goes on after exactly the answers the replay goes on after.
    expect(batchGoesOn(status, code)).toBe(kind === 'reject')
  })

  it('a batch goes on after a success', () => {
    expect(batchGoesOn(200, null)).toBe(true)
  })
})
