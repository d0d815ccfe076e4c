import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { vi } from 'vitest'
import { createApiClient, type ApiClient } from '../../../src/api/client'
import { endpoints, fillPath, type Trip } from '../../../src/contract'
import type { CommandAnswer, CommandBatchRequest } from '../../../src/contract/commandBatch'
import { batchGoesOn } from '../../../src/contract/failureKind'
import { appendCommand } from '../../../src/db/outbox'
import type { CommandPayloads, CommandType } from '../../../src/commands/catalogue'
import { PortalDb } from '../../../src/db/portalDb'
import type { ReplayDeps } from '../../../workers/outbox/replay'
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

/** A command as the server saw it, in its batch: its own call's path, its key, the batch's token, its body. */
export interface SeenRequest {
  path: string
  key: string | null
  authorization: string | null
  body: unknown
}

/** An answer to a whole request rather than to one command of its batch (a 401 for the token, a proxy's 503). */
export interface Whole {
  whole: Response
}
export const whole = (response: Response): Whole => ({ whole: response })

/**
 * One scripted answer: to a command, a response or a function of the command's request; to the whole request
 * (scripted where a batch's first command is due), 'network' for one that never reaches the server, or `whole`.
 */
export type Answer = Response | 'network' | Whole | ((request: SeenRequest) => Response | Promise<Response>)

async function commandAnswer(response: Response): Promise<CommandAnswer> {
  const text = await response.text()
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null, replayed: false }
}

/**
 * A fetch that answers batches of commands from a script, command by command in order, as the server does: it
 * stops a batch after a command that is to be tried again. It records each command it saw and the keys of
 * each request.
 */
export function scriptedServer(script: Answer[]) {
  const seen: SeenRequest[] = []
  const requests: string[][] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    if (new URL(request.url).pathname !== endpoints.runCommands.path)
      throw new Error(`not a batch: ${request.url}`)
    const { commands } = (await request.json()) as CommandBatchRequest
    requests.push(commands.map((command) => command.key))
    const first = script[0]
    if (first === 'network') {
      script.shift()
      throw new TypeError('Failed to fetch')
    }
    if (first !== undefined && typeof first === 'object' && 'whole' in first) {
      script.shift()
      return first.whole
    }
    const authorization = request.headers.get('Authorization')
    const answers: CommandAnswer[] = []
    for (const command of commands) {
      const path = fillPath(endpoints[command.call].path, command.params)
      const recorded: SeenRequest = { path, key: command.key, authorization, body: command.body }
      seen.push(recorded)
      const answer = script.shift()
      if (answer === undefined) throw new Error(`unscripted command ${path}`)
      if (answer === 'network' || 'whole' in answer)
        throw new Error(`an answer to a whole request scripted for ${path}, in the middle of a batch`)
      const answered = await commandAnswer(typeof answer === 'function' ? await answer(recorded) : answer)
      answers.push(answered)
      const code = (answered.body as { code?: string } | null)?.code ?? null
      if (!batchGoesOn(answered.status, code)) break
    }
    return json(200, { answers })
  })
  return { fetch: fetch as unknown as typeof globalThis.fetch, seen, requests }
}

/** A batch's answer, to commands each answered `status` with `body`. */
export const batchAnswer = (...answers: { status: number; body: unknown }[]) =>
  json(200, { answers: answers.map((answer) => ({ ...answer, replayed: false })) })

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
