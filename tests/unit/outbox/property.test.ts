import { IDBFactory } from 'fake-indexeddb'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { outboxLockName } from '../../../src/db/names'
import { listCommands } from '../../../src/db/outbox'
import type { OutboxCommand } from '../../../src/commands/outboxCommand'
import type { PortalDb } from '../../../src/db/portalDb'
import { replayOutbox, type ReplayResult } from '../../../workers/outbox'
import { unlessOutboxLocked, waitForOutboxLock } from '../../../workers/outboxLock'
import { FaultyNetwork, faults, type Fault } from './faultyNetwork'
import { apiOver, freshDb, queue } from './harness'
import { IdempotentServer } from './idempotentServer'
import { InMemoryLocks } from './webLocks'

/**
 * The outbox against a fault-injecting server (issue 3): dropped requests and responses, duplicated and delayed
 * deliveries, a key still in flight, 503, 429 and 408 answers, a 401 in the middle of the queue, and the worker
 * killed mid-replay and restarted from what IndexedDB holds. Backoff is on, on a simulated clock: a replayer
 * woken before the head's retry time must send nothing. Some runs have a tab's worker and background sync
 * replaying at once under the outbox lock. Once the faults stop, every command must end acked or rejected,
 * applied by the server exactly once (counted by what it asks, not by its key), with the server's first
 * answer, in seq order, and no replayer ever has two requests in the air.
 */

const tripIds = [1, 2, 3, 4]
const command = fc.oneof(
  fc.record({
    type: fc.constant('trip.cancel' as const),
    trips: fc.uniqueArray(fc.constantFrom(...tripIds), { minLength: 1, maxLength: 3 }),
  }),
  fc.record({ type: fc.constant('trip.review' as const), trip: fc.constantFrom(...tripIds) }),
)
/**
 * How a run starts: `timer` at the head's retry time, `early` halfway to it (must send nothing), `online`
 * (the network came back: sends at once, as a forced run does), `both` (a tab's worker and background sync
 * together, under the lock).
 */
const wake = fc.constantFrom('timer', 'early', 'online', 'both')
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
  wakes: fc.array(wake, { maxLength: 24 }),
  jitter: fc.double({ min: 0, max: 0.999, noNaN: true }),
})
type Scenario = typeof scenario extends fc.Arbitrary<infer S> ? S : never

const maxRuns = 300
const dbName = 'portal:espoo:user-1'

/** The Web Locks of the browser; a killed worker's are gone with it, so a restart gets fresh ones. */
let locks = new InMemoryLocks()
beforeAll(() => {
  vi.stubGlobal('navigator', {
    get locks() {
      return locks
    },
  })
})
afterAll(() => {
  vi.unstubAllGlobals()
})

async function play(s: Scenario) {
  const factory = new IDBFactory()
  const server = new IdempotentServer(tripIds.map((n) => `t${n}`))
  const network = new FaultyNetwork(server, s.faults)
  let token = server.validToken
  let db: PortalDb = freshDb(factory, dbName)
  let clock = 1_000_000
  /** The head's retry time after the last run, if it stopped in backoff. */
  let retryAt: number | null = null
  locks = new InMemoryLocks()
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

    const how = s.wakes[run] ?? 'timer'
    const early = how === 'early' && retryAt !== null && retryAt - clock >= 2
    if (early) clock += Math.floor((retryAt! - clock) / 2)
    else if (how === 'timer' && retryAt !== null) clock = Math.max(clock, retryAt)
    const force = how === 'online' || how === 'both'

    const killed = new Promise<'killed'>((resolve) => {
      network.onKill = () => resolve('killed')
    })
    const depsOver = (handle: PortalDb) => ({
      db: handle,
      api: apiOver(network.fetch, () => token),
      token: () => token,
      now: () => clock,
      random: () => s.jitter,
    })
    const lock = outboxLockName(dbName)
    const sentBefore = network.sent
    let swDb: PortalDb | null = null
    let replays: Promise<ReplayResult>
    if (how === 'both') {
      // Background sync opens the database on its own and skips it while the tab's worker holds the lock.
      swDb = freshDb(factory, dbName)
      const tab = waitForOutboxLock<ReplayResult>(lock)(() => replayOutbox(depsOver(db), { force }))
      const sw = unlessOutboxLocked(lock, () => replayOutbox(depsOver(swDb!), { force: true }))
      replays = Promise.all([tab, sw]).then(([result]) => result)
    } else {
      replays = waitForOutboxLock<ReplayResult>(lock)(() => replayOutbox(depsOver(db), { force }))
    }
    const outcome = await Promise.race([replays, killed])
    swDb?.close()
    if (outcome === 'killed') {
      // The worker died with a request in the air: a new one starts from what IndexedDB holds.
      db.close()
      db = freshDb(factory, dbName)
      locks = new InMemoryLocks()
      network.resetActive()
      retryAt = null
      continue
    }
    if (early) {
      // Woken before the head's retry time, the replayer waits for it and sends nothing.
      expect(network.sent).toBe(sentBefore)
      expect(outcome.stop).toEqual({ kind: 'backoff', at: retryAt })
    }
    retryAt = outcome.stop.kind === 'backoff' ? outcome.stop.at : null
    // The main thread's auth machine refreshes the token, and the replay goes on with the same command.
    if (outcome.stop.kind === 'unauthorized') token = server.validToken
    if (outcome.stop.kind === 'empty' && run >= lastBatch && !network.faultsLeft && !network.holding) break
  }
  const commands = await listCommands(db)
  db.close()
  return { server, network, queued, commands }
}

/** What a command asks, apart from its key: the path and what the body names. */
function askOf(path: string, body: unknown): string {
  const { trips, trip } = body as { trips?: { id: string }[]; trip?: { id: string } }
  const ids = trips ? trips.map((t) => t.id).join(',') : (trip?.id ?? '')
  return `${path} ${ids}`
}

function commandAsk(c: OutboxCommand): string {
  if (c.type === 'trip.cancel') return askOf('/api/trip/cancel', c.payload)
  return askOf('/api/trip/review', c.payload)
}

function check({ server, network, queued, commands }: Awaited<ReturnType<typeof play>>) {
  // One request in the air at a time, also with two replayers.
  expect(network.mostActive).toBeLessThanOrEqual(1)
  // Each command applied exactly once, counted by what it asks: as many applications of each ask as commands.
  const tally = (asks: string[]) =>
    [...asks.reduce((m, a) => m.set(a, (m.get(a) ?? 0) + 1), new Map<string, number>())].sort()
  expect(tally(server.applications.map((a) => askOf(a.path, JSON.parse(a.body))))).toEqual(
    tally(commands.map(commandAsk)),
  )
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
      { numRuns: 200 },
    )
  }, 300_000)

  it('survives a kill on every request until the faults stop', async () => {
    const everyKill: Scenario = {
      commands: [1, 2, 3].map((n) => ({ command: { type: 'trip.cancel' as const, trips: [n] }, batch: 0 })),
      faults: ['killAfter', 'killBefore', 'killAfter', 'dropResponse', 'expireToken', 'killAfter'],
      pickups: [],
      releases: [],
      wakes: [],
      jitter: 0,
    }
    const result = await play(everyKill)
    check(result)
    expect(result.commands.map((c: OutboxCommand) => c.status)).toEqual(['acked', 'acked', 'acked'])
  })
})
