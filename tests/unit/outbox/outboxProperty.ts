import { IDBFactory } from 'fake-indexeddb'
import fc from 'fast-check'
import { expect } from 'vitest'
import { outboxLockName } from '../../../src/db/names'
import { getCommand, listCommands } from '../../../src/db/outbox'
import type { OutboxCommand } from '../../../src/commands/outboxCommand'
import type { PortalDb } from '../../../src/db/portalDb'
import { replayOutbox, type ReplayResult } from '../../../workers/outbox/replay'
import { unlessOutboxLocked, waitForOutboxLock } from '../../../workers/outbox/lock'
import { FaultyNetwork, faults, type Fault } from './faultyNetwork'
import { apiOver, freshDb, queue } from './harness'
import {
  commandsOf,
  scenarioMessages,
  scenarioPassengers,
  scenarioTrips,
  type PropertyServer,
  type ScenarioIds,
} from './propertyServer'
import { InMemoryLocks } from './webLocks'

/**
 * The outbox property, with every command type (trip cancellations and reviews; messages sent, seen and
 * confirmed), against a fault-injecting network (faultyNetwork.ts): dropped requests and responses, duplicated
 * and delayed deliveries, a key still in flight, 503, 429 and 408 answers, a 401 in the middle of the queue, and
 * the worker killed mid-replay and restarted from what IndexedDB holds. Backoff is on, on a simulated clock: a
 * replayer woken before the head's retry time must send nothing. Some runs have a tab's worker and background
 * sync replaying at once under the outbox lock, and some queue rows that do not match the contract. Once the
 * faults stop, every command must end acked or rejected, applied by the server exactly once (counted by what it
 * asks, not by its key), with the server's first answer, in seq order, and no replayer ever has two requests in
 * the air; a row that does not match is refused without a request, before anything behind it is sent.
 *
 * `play` and `check` run against any `PropertyServer`: the fake in tests/unit/outbox/property.test.ts, the real
 * API host in tests/server/outboxProperty.test.ts.
 */

const command = fc.oneof(
  fc.record({
    type: fc.constant('trip.cancel' as const),
    trips: fc.uniqueArray(fc.constantFrom(...scenarioTrips), { minLength: 1, maxLength: 3 }),
  }),
  fc.record({ type: fc.constant('trip.review' as const), trip: fc.constantFrom(...scenarioTrips) }),
  // Messages to two passengers' threads, the same text at times (each is a message of its own).
  fc.record({
    type: fc.constant('message.send' as const),
    passenger: fc.constantFrom(...scenarioPassengers),
    text: fc.constantFrom('Hello', 'Thanks'),
  }),
  // Seen marks and confirmations of others' messages, the user's own (409) and an unknown one (404).
  fc.record({
    type: fc.constantFrom('message.seen' as const, 'message.confirm' as const),
    message: fc.constantFrom(...scenarioMessages),
  }),
  // A row the contract refuses: a message longer than it takes, as another version or a tampering might store.
  fc.record({ type: fc.constant('broken' as const), passenger: fc.constantFrom(...scenarioPassengers) }),
)
type ScenarioCommand = typeof command extends fc.Arbitrary<infer C> ? C : never

/** The command a scenario queues, as the screens would; a broken one is stored as they never would. */
async function queueScenario(db: PortalDb, c: ScenarioCommand, ids: ScenarioIds) {
  switch (c.type) {
    case 'trip.cancel':
      return queue(db, 'trip.cancel', {
        trips: c.trips.map((n) => ids.trip(n)),
        reason: 'Sick',
        passengerIds: [ids.passenger('p1')],
      })
    case 'trip.review':
      return queue(db, 'trip.review', {
        trip: ids.trip(c.trip),
        comment: 'Fine',
        driverStars: 4,
        experienceStars: 5,
        passengerId: ids.passenger('p1'),
      })
    case 'message.send':
      return queue(db, 'message.send', { passengerId: ids.passenger(c.passenger), content: c.text })
    case 'broken': {
      const stored = await queue(db, 'message.send', {
        passengerId: ids.passenger(c.passenger),
        content: 'x',
      })
      const payload = { passengerId: stored.payload.passengerId, content: 'x'.repeat(2001) }
      await db.outbox.update(stored.id, { payload })
      return { ...stored, payload }
    }
    default:
      return queue(db, c.type, { id: ids.message(c.message) })
  }
}

/**
 * How a run starts: `timer` at the head's retry time, `early` halfway to it (must send nothing), `online`
 * (the network came back: sends at once, as a forced run does), `both` (a tab's worker and background sync
 * together, under the lock), now and then `weeks` (back online after longer than the server keeps idempotency
 * keys, which it has purged meanwhile).
 */
const wake = fc.oneof(
  { arbitrary: fc.constantFrom('timer', 'early', 'online', 'both'), weight: 12 },
  { arbitrary: fc.constant('weeks'), weight: 1 },
)
/** Longer than the server keeps a key (30 days). */
const weeksMs = 31 * 24 * 60 * 60 * 1000

export const scenario = fc.record({
  /** `batch`: the replay run before which the command is queued (some arrive while others are replayed). */
  commands: fc.array(fc.record({ command, batch: fc.nat({ max: 3 }) }), { minLength: 1, maxLength: 6 }),
  faults: fc.array(fc.constantFrom<Fault>(...faults), { maxLength: 24 }),
  /** The operator's pickups before some run: later cancellations of that trip are refused. */
  pickups: fc.array(fc.record({ run: fc.nat({ max: 8 }), trip: fc.constantFrom(...scenarioTrips) }), {
    maxLength: 2,
  }),
  /** How many held-back deliveries the network lets through before each run, while faults last. */
  releases: fc.array(fc.nat({ max: 2 }), { maxLength: 24 }),
  wakes: fc.array(wake, { maxLength: 24 }),
  jitter: fc.double({ min: 0, max: 0.999, noNaN: true }),
})
export type Scenario = typeof scenario extends fc.Arbitrary<infer S> ? S : never

const maxRuns = 300
const dbName = 'portal:espoo:user-1'

/** The Web Locks of the browser; a killed worker's are gone with it, so a restart gets fresh ones. */
let locks = new InMemoryLocks()

/** `navigator` for the property's replayers (stub it with `vi.stubGlobal`): its locks are the current run's. */
export const propertyNavigator = {
  get locks() {
    return locks
  },
}

export interface Played {
  server: PropertyServer
  network: FaultyNetwork
  queued: OutboxCommand[]
  /** The rows queued not matching the contract. */
  broken: OutboxCommand[]
  commands: OutboxCommand[]
  /** Requests that left while a row that does not match, queued before theirs, was still waiting. */
  overtaken: string[]
}

/** Plays a scenario against `server`, a fresh one per scenario, until the faults stop and the queue is empty. */
export async function play(s: Scenario, server: PropertyServer): Promise<Played> {
  const factory = new IDBFactory()
  const network = new FaultyNetwork(server, s.faults)
  let token = server.validToken
  let db: PortalDb = freshDb(factory, dbName)
  let clock = 1_000_000
  /** The head's retry time after the last run, if it stopped in backoff. */
  let retryAt: number | null = null
  locks = new InMemoryLocks()
  const queued: OutboxCommand[] = []
  const broken: OutboxCommand[] = []
  const overtaken: string[] = []
  network.onRequest = async (request) => {
    for (const { key } of commandsOf(request)) {
      const seq = queued.find((c) => c.id === key)?.seq ?? 0
      for (const row of broken.filter((b) => b.seq < seq)) {
        if ((await getCommand(db, row.id))?.status !== 'rejected') overtaken.push(key)
      }
    }
  }
  const lastBatch = Math.max(...s.commands.map((c) => c.batch))
  for (let run = 0; run < maxRuns; run += 1) {
    for (const { command: c } of s.commands.filter((entry) => entry.batch === run)) {
      const row = await queueScenario(db, c, server.ids)
      queued.push(row)
      if (c.type === 'broken') broken.push(row)
    }
    for (const pickup of s.pickups.filter((p) => p.run === run)) await server.pickUp(pickup.trip)
    await network.release(network.faultsLeft ? (s.releases[run] ?? 0) : Infinity)

    const how = s.wakes[run] ?? 'timer'
    const early = how === 'early' && retryAt !== null && retryAt - clock >= 2
    if (early) clock += Math.floor((retryAt! - clock) / 2)
    else if (how === 'timer' && retryAt !== null) clock = Math.max(clock, retryAt)
    if (how === 'weeks') {
      // Nothing stays in the network for weeks.
      await network.release()
      clock += weeksMs
      await server.elapse(weeksMs)
    }
    const force = how === 'online' || how === 'both' || how === 'weeks'

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
  return { server, network, queued, broken, commands, overtaken }
}

/** What a command asks, apart from its key: the path and what the body names. */
function askOf(path: string, body: unknown): string {
  const { trips, trip, passengerId, content } = (body ?? {}) as {
    trips?: { id: string }[]
    trip?: { id: string }
    passengerId?: string
    content?: string
  }
  const ids = trips ? trips.map((t) => t.id).join(',') : (trip?.id ?? '')
  return `${path} ${ids}${content === undefined ? '' : `${passengerId}:${content}`}`
}

function commandAsk(c: OutboxCommand): string {
  switch (c.type) {
    case 'trip.cancel':
      return askOf('/api/trip/cancel', c.payload)
    case 'trip.review':
      return askOf('/api/trip/review', c.payload)
    case 'message.send':
      return askOf('/api/message', c.payload)
    default: {
      const { id } = (c as OutboxCommand<'message.seen'>).payload
      return askOf(`/api/message/${id}/${c.type === 'message.seen' ? 'seen' : 'confirm'}`, null)
    }
  }
}

const isRefusedAsInvalid = (c: OutboxCommand) => c.lastError?.code === 'command_invalid'
/** Refused unsent once the server may have forgotten its key: it may or may not have been applied, once. */
const isUnconfirmed = (c: OutboxCommand) => c.lastError?.code === 'command_unconfirmed'

export function check({ server, network, queued, broken, commands, overtaken }: Played): void {
  // One request in the air at a time, also with two replayers.
  expect(network.mostActive).toBeLessThanOrEqual(1)
  // Nothing lost, nothing invented.
  expect(commands.map((c) => c.id).sort()).toEqual(queued.map((c) => c.id).sort())
  // The rows that do not match were refused without a request, and nothing behind one left before it was.
  expect(commands.filter(isRefusedAsInvalid).map((c) => c.id)).toEqual(broken.map((c) => c.id))
  for (const c of broken) expect(server.records.has(c.id)).toBe(false)
  expect(overtaken).toEqual([])
  const sentCommands = commands.filter((c) => !isRefusedAsInvalid(c))
  const unconfirmed = sentCommands.filter(isUnconfirmed)
  const answered = sentCommands.filter((c) => !isUnconfirmed(c))
  // Each command applied exactly once, counted by what it asks: as many applications of each ask as commands
  // (an unconfirmed one once or not at all).
  const tally = (asks: string[]) =>
    asks.reduce((m, a) => m.set(a, (m.get(a) ?? 0) + 1), new Map<string, number>())
  const applied = tally(server.applications.map((a) => askOf(a.path, a.body ? JSON.parse(a.body) : null)))
  const once = tally(answered.map(commandAsk))
  const maybe = tally(unconfirmed.map(commandAsk))
  for (const ask of new Set([...applied.keys(), ...once.keys(), ...maybe.keys()])) {
    expect(applied.get(ask) ?? 0, ask).toBeGreaterThanOrEqual(once.get(ask) ?? 0)
    expect(applied.get(ask) ?? 0, ask).toBeLessThanOrEqual((once.get(ask) ?? 0) + (maybe.get(ask) ?? 0))
  }
  for (const c of unconfirmed) expect(server.processed.get(c.id) ?? 0).toBeLessThanOrEqual(1)
  const bySeq = new Map(commands.map((c) => [c.id, c.seq]))
  for (const c of answered) {
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
  // The server took the commands up in seq order, so commands for the same trip, the same message or the same
  // passenger's thread applied in seq order: each thread holds its messages in the order they were written.
  const seqs = server.firstSeen.map((key) => bySeq.get(key) ?? -1)
  expect(seqs).toEqual([...seqs].sort((a, b) => a - b))
  const perTarget = new Map<string, number[]>()
  for (const effect of server.effects) {
    perTarget.set(effect.target, [...(perTarget.get(effect.target) ?? []), bySeq.get(effect.key) ?? -1])
  }
  for (const order of perTarget.values()) expect(order).toEqual([...order].sort((a, b) => a - b))
  // Every message sent is in its thread once, and the seen marks and confirmations changed each message once.
  const sends = answered.filter((c) => c.type === 'message.send' && c.status === 'acked').map((c) => c.id)
  const sentKeys = server.sent.map((m) => m.key)
  expect(new Set(sentKeys).size).toBe(sentKeys.length)
  expect(sentKeys.filter((key) => !unconfirmed.some((c) => c.id === key)).sort()).toEqual(sends.sort())
  const marks = server.effects.filter((e) => e.kind === 'seen' || e.kind === 'confirm')
  const markKeys = marks.map((e) => `${e.kind} ${e.target}`)
  expect(new Set(markKeys).size).toBe(markKeys.length)
}
