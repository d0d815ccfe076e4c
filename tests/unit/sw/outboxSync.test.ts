import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TokenResult } from '../../../machines/auth/auth.machine'
import type { CommandBatchRequest } from '../../../src/contract/commandBatch'
import { outboxLockName } from '../../../src/db/names'
import { listCommands } from '../../../src/db/outbox'
import { PortalDb } from '../../../src/db/portalDb'
import { syncOutboxes, type OutboxSyncDeps } from '../../../sw/outboxSync'
import { serviceWorkerSyncDeps } from '../../../sw/outboxSyncDeps'
import { json } from '../api/fakeServer'
import { replayOutbox, type ReplayResult } from '../../../workers/outbox/replay'
import { unlessOutboxLocked, waitForOutboxLock } from '../../../workers/outbox/lock'
import {
  apiOver,
  batchAnswer,
  freshDb,
  problem,
  queue,
  replayDeps,
  reviewOf,
  tripNo,
} from '../outbox/harness'
import { InMemoryLocks } from '../outbox/webLocks'

const token = (userId: string, value = `tok-${userId}`): TokenResult => ({
  kind: 'token',
  token: value,
  expiresIn: 300,
  userId,
  sessionEndsIn: 3600,
})

/** The server's answer to a batch of one waiting review: done. */
const reviewed = () => batchAnswer({ status: 200, body: tripNo(1) })

/** Databases of several tenants and users on one IndexedDB, each with one waiting review. */
async function device(names: string[]) {
  const factory = new IDBFactory()
  for (const name of names) {
    const db = freshDb(factory, name)
    await queue(db, 'trip.review', reviewOf(1))
    db.close()
  }
  const open = (name: string) => new PortalDb(name, { indexedDB: factory, IDBKeyRange })
  const statuses = async (name: string) => {
    const db = open(name)
    const result = (await listCommands(db)).map((c) => c.status)
    db.close()
    return result
  }
  return { factory, open, statuses }
}

function deps(
  setup: Awaited<ReturnType<typeof device>>,
  tokens: Record<string, TokenResult[]>,
  answer: (authorization: string | null) => Response = reviewed,
): OutboxSyncDeps & { requests: { tenant: string | null; authorization: string | null }[]; locks: string[] } {
  const requests: { tenant: string | null; authorization: string | null }[] = []
  const locks: string[] = []
  return {
    requests,
    locks,
    databases: () => setup.factory.databases(),
    fetchToken: async (tenantId) => tokens[tenantId]?.shift() ?? { kind: 'none' },
    openDb: setup.open,
    api: (tenantId, current) =>
      apiOver(
        (async (input: RequestInfo | URL, init?: RequestInit) => {
          const request = new Request(input, init)
          const authorization = request.headers.get('Authorization')
          requests.push({ tenant: tenantId, authorization })
          return answer(authorization)
        }) as typeof fetch,
        current,
      ),
    withLock: async (lockName, replay) => {
      locks.push(lockName)
      return replay()
    },
    now: () => 0,
    random: () => 0,
  }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('background sync of the outbox', () => {
  it('replays only the database of the token’s user, per tenant, under its lock', async () => {
    const setup = await device(['portal:espoo:u1', 'portal:espoo:u2', 'portal:default:u3', 'unrelated'])
    const d = deps(setup, { espoo: [token('u1')], default: [{ kind: 'none' }] })
    const result = await syncOutboxes(d)
    expect(result).toEqual({ retry: false, replayed: ['portal:espoo:u1'] })
    expect(d.locks).toEqual(['outbox:portal:espoo:u1'])
    expect(await setup.statuses('portal:espoo:u1')).toEqual(['acked'])
    // Another user's commands, and those of a tenant without a session, wait for their own sign-in.
    expect(await setup.statuses('portal:espoo:u2')).toEqual(['pending'])
    expect(await setup.statuses('portal:default:u3')).toEqual(['pending'])
    expect(d.requests).toEqual([{ tenant: 'espoo', authorization: 'Bearer tok-u1' }])
  })

  it('asks to be fired again when the server cannot be reached', async () => {
    const setup = await device(['portal:espoo:u1'])
    const result = await syncOutboxes(deps(setup, { espoo: [{ kind: 'unreachable' }] }))
    expect(result.retry).toBe(true)
    expect(await setup.statuses('portal:espoo:u1')).toEqual(['pending'])
  })

  it('asks to be fired again when a command must be retried', async () => {
    const setup = await device(['portal:espoo:u1'])
    const result = await syncOutboxes(
      deps(setup, { espoo: [token('u1')] }, () => problem(503, 'internal_error')),
    )
    expect(result).toEqual({ retry: true, replayed: ['portal:espoo:u1'] })
  })

  it('leaves a database to the tab that holds its lock', async () => {
    const setup = await device(['portal:espoo:u1'])
    const d = deps(setup, { espoo: [token('u1')] })
    d.withLock = async () => null
    expect((await syncOutboxes(d)).replayed).toEqual([])
    expect(await setup.statuses('portal:espoo:u1')).toEqual(['pending'])
  })

  it('gets one fresh token on a 401 and goes on', async () => {
    const setup = await device(['portal:espoo:u1'])
    const d = deps(setup, { espoo: [token('u1', 'stale'), token('u1', 'fresh')] }, (authorization) =>
      authorization === 'Bearer fresh' ? reviewed() : problem(401, 'unauthorized'),
    )
    await syncOutboxes(d)
    expect(d.requests.map((r) => r.authorization)).toEqual(['Bearer stale', 'Bearer fresh'])
    expect(await setup.statuses('portal:espoo:u1')).toEqual(['acked'])
  })

  it('stops at a 401 when the fresh token is for someone else, keeping the commands', async () => {
    const setup = await device(['portal:espoo:u1'])
    const d = deps(setup, { espoo: [token('u1'), token('u2')] }, () => problem(401, 'unauthorized'))
    const result = await syncOutboxes(d)
    expect(d.requests).toHaveLength(1)
    expect(result.retry).toBe(false)
    expect(await setup.statuses('portal:espoo:u1')).toEqual(['pending'])
  })

  it('gets its token itself, same-origin, with X-Tenant for a non-default tenant', async () => {
    const seen: Request[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        seen.push(new Request(input, init))
        return json(200, { accessToken: null, expiresIn: null })
      }),
    )
    const real = serviceWorkerSyncDeps('http://portal.test')
    expect(await real.fetchToken('espoo')).toEqual({ kind: 'none' })
    expect(await real.fetchToken('default')).toEqual({ kind: 'none' })
    expect(seen.map((r) => [new URL(r.url).pathname, r.headers.get('X-Tenant'), r.credentials])).toEqual([
      ['/api/auth/access_token', 'espoo', 'same-origin'],
      ['/api/auth/access_token', null, 'same-origin'],
    ])
  })
})

describe('the outbox lock between a tab’s sync worker and background sync', () => {
  const name = 'portal:espoo:u1'

  /** The server holds each answer until released, and counts sends in flight at once. */
  function gatedServer() {
    let inFlight = 0
    let mostInFlight = 0
    const gates: (() => void)[] = []
    const keys: string[] = []
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const { commands } = (await new Request(input, init).json()) as CommandBatchRequest
      keys.push(...commands.map((command) => command.key))
      inFlight += 1
      mostInFlight = Math.max(mostInFlight, inFlight)
      await new Promise<void>((resolve) => gates.push(resolve))
      inFlight -= 1
      return reviewed()
    }) as typeof globalThis.fetch
    const arrived = (count: number) => vi.waitFor(() => expect(keys).toHaveLength(count))
    return {
      fetch,
      keys,
      arrived,
      release: () => gates.splice(0).forEach((open) => open()),
      most: () => mostInFlight,
    }
  }

  function setupLocks() {
    const locks = new InMemoryLocks()
    vi.stubGlobal('navigator', { locks })
    return locks
  }

  it('background sync skips the database while the tab replays it, so a command is never sent twice', async () => {
    setupLocks()
    const setup = await device([name])
    const server = gatedServer()
    const tabDb = setup.open(name)
    const tab = waitForOutboxLock<ReplayResult>(outboxLockName(name))(() =>
      replayOutbox(replayDeps(tabDb, apiOver(server.fetch)), { force: true }),
    )
    await server.arrived(1)
    const sw = deps(setup, { espoo: [token('u1')] })
    sw.api = (_tenant, current) => apiOver(server.fetch, current)
    sw.withLock = unlessOutboxLocked
    expect(await syncOutboxes(sw)).toEqual({ retry: false, replayed: [] })
    server.release()
    expect((await tab).acked).toHaveLength(1)
    tabDb.close()
    expect(server.keys).toHaveLength(1)
    expect(await setup.statuses(name)).toEqual(['acked'])
  })

  it('the tab waits while background sync replays, then finds the command done', async () => {
    const locks = setupLocks()
    const setup = await device([name])
    const server = gatedServer()
    const sw = deps(setup, { espoo: [token('u1')] })
    sw.api = (_tenant, current) => apiOver(server.fetch, current)
    sw.withLock = unlessOutboxLocked
    const background = syncOutboxes(sw)
    await server.arrived(1)
    const tabDb = setup.open(name)
    const tab = waitForOutboxLock<ReplayResult>(outboxLockName(name))(() =>
      replayOutbox(replayDeps(tabDb, apiOver(server.fetch)), { force: true }),
    )
    await vi.waitFor(() => expect(locks.waiting(outboxLockName(name))).toBe(1))
    server.release()
    expect(await background).toEqual({ retry: false, replayed: [name] })
    expect((await tab).stop).toEqual({ kind: 'empty' })
    tabDb.close()
    expect(server.keys).toHaveLength(1)
    expect(server.most()).toBe(1)
  })
})
