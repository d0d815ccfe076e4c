import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { vi } from 'vitest'
import { createApiClient, type ApiClient } from '../../../src/api/client'
import type { Trip } from '../../../src/contract'
import { appendCommand } from '../../../src/db/outbox'
import type { CommandPayloads, CommandType } from '../../../src/commands/catalogue'
import { PortalDb } from '../../../src/db/portalDb'
import type { ReplayDeps } from '../../../workers/outbox'
import { json } from '../api/fakeServer'
import { passengerOf, tripOf } from '../db/samples'

/** A database of its own, on an IndexedDB factory of its own: runs never share state. */
export function freshDb(factory = new IDBFactory(), name = 'portal:espoo:user-1'): PortalDb {
  return new PortalDb(name, { indexedDB: factory, IDBKeyRange })
}

export const anna = passengerOf('p1', 'Anna')

export function tripNo(n: number, overrides: Partial<Trip> = {}): Trip {
  return { ...tripOf(`t${n}`, anna, '2026-11-23T08:00:00+02:00'), ...overrides }
}

export const cancelOf = (...ids: number[]): CommandPayloads['trip.cancel'] => ({
  trips: ids.map((n) => ({ id: `t${n}`, date: '2026-11-23' })),
  reason: 'Sick',
  passengerIds: ['p1'],
})

export const reviewOf = (n: number): CommandPayloads['trip.review'] => ({
  trip: { id: `t${n}`, date: '2026-11-23' },
  comment: 'Fine',
  driverStars: 4,
  experienceStars: 5,
  passengerId: 'p1',
})

let ids = 0
export async function queue<T extends CommandType>(db: PortalDb, type: T, payload: CommandPayloads[T]) {
  ids += 1
  return appendCommand(db, { id: `cmd-${ids}`, type, payload, createdAt: '2026-11-21T10:00:00Z' })
}

export interface SeenRequest {
  path: string
  key: string | null
  authorization: string | null
  body: unknown
}

/** One scripted answer: a response, or 'network' for a request that never reaches the server. */
export type Answer = Response | 'network' | ((request: SeenRequest) => Response | Promise<Response>)

/** A fetch that answers trip commands from a script, in order, and records what it saw. */
export function scriptedServer(script: Answer[]) {
  const seen: SeenRequest[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    const text = await request.text()
    const recorded: SeenRequest = {
      path: new URL(request.url).pathname,
      key: request.headers.get('Idempotency-Key'),
      authorization: request.headers.get('Authorization'),
      body: text ? (JSON.parse(text) as unknown) : undefined,
    }
    seen.push(recorded)
    const answer = script.shift()
    if (answer === undefined) throw new Error(`unscripted request ${recorded.path}`)
    if (answer === 'network') throw new TypeError('Failed to fetch')
    return typeof answer === 'function' ? answer(recorded) : answer
  })
  return { fetch: fetch as unknown as typeof globalThis.fetch, seen }
}

export const problem = (status: number, code: string, errors?: { property: string; error: string }[]) =>
  json(status, { statusCode: status, code, message: code, ...(errors ? { errors } : {}) })

export function apiOver(fetch: typeof globalThis.fetch, token: () => string | null = () => 'tok'): ApiClient {
  return createApiClient({
    origin: 'http://portal.test',
    tenantId: 'espoo',
    token,
    onUnauthorized: () => {},
    fetch,
  })
}

/** Replay dependencies at a fixed time, with no jitter unless asked. */
export function replayDeps(db: PortalDb, api: ApiClient, overrides: Partial<ReplayDeps> = {}): ReplayDeps {
  return { db, api, token: () => 'tok', now: () => 1_000_000, random: () => 0, ...overrides }
}
