import { IDBFactory } from 'fake-indexeddb'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { listCommands } from '../../../src/db/outbox'
import type { OutboxCommand } from '../../../src/db/outboxTypes'
import type { PortalDb } from '../../../src/db/portalDb'
import { replayOutbox } from '../../../workers/outbox'
import { FaultyNetwork, faults, type Fault } from './faultyNetwork'
import { apiOver, freshDb, queue } from './harness'
import { IdempotentServer } from './idempotentServer'

/**
 * The outbox against a fault-injecting server (issue 3): dropped requests and responses, duplicated and delayed
 * deliveries, a key still in flight, a 401 in the middle of the queue, and the worker killed mid-replay and
 * restarted from what IndexedDB holds. Once the faults stop, every command must end acked or rejected, each
 * processed by the server exactly once, with the server's first answer, in seq order.
 */

const tripIds = [1, 2, 3, 4]
const command = fc.oneof(
  fc.record({
    type: fc.constant('trip.cancel' as const),
    trips: fc.uniqueArray(fc.constantFrom(...tripIds), { minLength: 1, maxLength: 3 }),
  }),
  fc.record({ type: fc.constant('trip.review' as const), trip: fc.constantFrom(...tripIds) }),
)
const scenario = fc.record({
  /** `batch`: the replay run before which the command is queued (some arrive while others are replayed). */
  commands: fc.array(fc.record({ command, batch: fc.nat({ max: 3 }) }), { minLength: 1, maxLength: 6 }),
  faults: fc.array(fc.constantFrom<Fault>(...faults), { maxLength: 24 }),
  /** The operator's pickups before some run: later cancellations of that trip are refused. */
  pickups: fc.array(fc.record({ run: fc.nat({ max: 8 }), trip: fc.constantFrom(...tripIds) }), {
    maxLength: 2,
  }),
  /** How many held-back deliveries the network lets through before each run, while faults last. */
  releases: fc.array(fc.nat({ max: 2 }), { maxLength: 24 }),
})
type Scenario = typeof scenario extends fc.Arbitrary<infer S> ? S : never

const maxRuns = 300

async function play(s: Scenario) {
  const factory = new IDBFactory()
  const server = new IdempotentServer(tripIds.map((n) => `t${n}`))
  const network = new FaultyNetwork(server, s.faults)
  let token = server.validToken
  let db: PortalDb = freshDb(factory)
  const queued: string[] = []
  const lastBatch = Math.max(...s.commands.map((c) => c.batch))
  for (let run = 0; run < maxRuns; run += 1) {
    for (const { command: c } of s.commands.filter((entry) => entry.batch === run)) {
      const payload =
        c.type === 'trip.cancel'
          ? {
              trips: c.trips.map((n) => ({ id: `t${n}`, date: '2026-11-23' })),
              reason: 'Sick',
              passengerIds: ['p1'],
            }
          : null
      const stored = payload
        ? await queue(db, 'trip.cancel', payload)
        : await queue(db, 'trip.review', {
            trip: { id: `t${c.type === 'trip.review' ? c.trip : 0}`, date: '2026-11-23' },
            comment: 'Fine',
            driverStars: 4,
            experienceStars: 5,
            passengerId: 'p1',
          })
      queued.push(stored.id)
    }
    for (const pickup of s.pickups.filter((p) => p.run === run)) server.pickUp(`t${pickup.trip}`)
    network.release(network.faultsLeft ? (s.releases[run] ?? 0) : Infinity)

    const killed = new Promise<'killed'>((resolve) => {
      network.onKill = () => resolve('killed')
    })
    const deps = {
      db,
      api: apiOver(network.fetch, () => token),
      token: () => token,
      now: () => 0,
      random: () => 0,
    }
    const outcome = await Promise.race([replayOutbox(deps, { force: true }), killed])
    if (outcome === 'killed') {
      // The worker died with a request in the air: a new one starts from what IndexedDB holds.
      db.close()
      db = freshDb(factory)
      continue
    }
    // The main thread's auth machine refreshes the token, and the replay goes on with the same command.
    if (outcome.stop.kind === 'unauthorized') token = server.validToken
    if (outcome.stop.kind === 'empty' && run >= lastBatch && !network.faultsLeft && !network.holding) break
  }
  const commands = await listCommands(db)
  db.close()
  return { server, queued, commands }
}

function check({ server, queued, commands }: Awaited<ReturnType<typeof play>>) {
  // Nothing lost, nothing invented.
  expect(commands.map((c) => c.id).sort()).toEqual([...queued].sort())
  const bySeq = new Map(commands.map((c) => [c.id, c.seq]))
  for (const c of commands) {
    expect(['acked', 'rejected']).toContain(c.status)
    // Processed exactly once, whatever the network did.
    expect(server.processed.get(c.id)).toBe(1)
    const answer = server.records.get(c.id)?.answer
    expect(answer).toBeTruthy()
    if (c.status === 'acked') {
      expect(answer!.status).toBe(200)
      expect(c.response).toEqual(answer!.body)
    } else {
      expect(c.lastError).toMatchObject({
        status: answer!.status,
        code: (answer!.body as { code: string }).code,
      })
      expect(c.lastError?.code).not.toBe('idempotency_key_reused')
    }
  }
  // The server took the commands up in seq order, so commands for the same trip applied in seq order.
  const seqs = server.firstSeen.map((key) => bySeq.get(key) ?? -1)
  expect(seqs).toEqual([...seqs].sort((a, b) => a - b))
  const perTrip = new Map<string, number[]>()
  for (const effect of server.effects) {
    perTrip.set(effect.tripId, [...(perTrip.get(effect.tripId) ?? []), bySeq.get(effect.key) ?? -1])
  }
  for (const order of perTrip.values()) expect(order).toEqual([...order].sort((a, b) => a - b))
}

describe('outbox under faults (property)', () => {
  it('loses no command and applies none twice', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        check(await play(s))
      }),
      { numRuns: 1000 },
    )
  }, 300_000)

  it('survives a kill on every request until the faults stop', async () => {
    const everyKill: Scenario = {
      commands: [1, 2, 3].map((n) => ({ command: { type: 'trip.cancel' as const, trips: [n] }, batch: 0 })),
      faults: ['killAfter', 'killBefore', 'killAfter', 'dropResponse', 'expireToken', 'killAfter'],
      pickups: [],
      releases: [],
    }
    const result = await play(everyKill)
    check(result)
    expect(result.commands.map((c: OutboxCommand) => c.status)).toEqual(['acked', 'acked', 'acked'])
  })
})
