import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { sql, type Kysely } from 'kysely'
import { errorCodes } from '../../../src/contract/codes'
import {
  commandBatchMaxCount,
  type CommandAnswer,
  type CommandBatchResponse,
} from '../../../src/contract/commandBatch'
import { endpoints } from '../../../src/contract/endpoints'
import type { Message } from '../../../src/contract/messages'
import type { TripRef } from '../../../src/contract/tripCommands'
import type { TenantId } from '../../../tenants'
import type { Database } from '../../../server/db/schema'
import { tenantDb } from '../../../server/db/tenantDb'
import { purgeExpiredKeys } from '../../../server/idempotency/purge'
import {
  commandsOf,
  type Answer,
  type Delivered,
  type DeliveredCommand,
  type Effect,
  type PropertyServer,
  type ScenarioIds,
  type ScenarioMessage,
} from '../../unit/outbox/propertyServer'
import { sessionFor, testPort } from './app'
import { messagesOf, newGuardian, operatorMessagesOf } from './messages'
import { bookTrip, completedTodayStart, helsinkiIn, operatorEvent } from './trips'

/**
 * The real API host as the outbox property's server (tests/unit/outbox/outboxProperty.ts): each batch the
 * network delivers goes to the app through `inject`, and what the server did is read from its answers. A fresh
 * guardian per scenario with two passengers of their own; four trips of the first passenger, three from
 * tomorrow (they can be cancelled, not yet reviewed) and one completed today (it can be reviewed, not cancelled);
 * and in the first passenger's thread three messages of the operator (two asking for a confirmation) and one of
 * the guardian's own.
 *
 * What the server did, from its answers: a command's answer not `replayed` that is neither a 401, a key in flight
 * nor a reused key is a run of its call's handler (its business rules, or the validation before them).
 * A second such answer for one key is a command applied twice. Effects are the answer's: the trips a
 * cancellation answers, the reviewed trip, the thread of a message sent, and the first seen mark or confirmation
 * of a message (the database keeps one of each; a later one changes nothing).
 */
export async function outboxAppServer(
  app: FastifyInstance,
  db: Kysely<Database>,
  tenant: TenantId,
): Promise<PropertyServer> {
  const guardian = await newGuardian(db, tenant, 'Omaishoitaja', 2)
  const [p1, p2] = guardian.passengerIds as [string, string]
  let session = await sessionFor(db, tenant, guardian.userId, 600)
  const trips: TripRef[] = []
  for (const n of [1, 2, 3]) {
    trips.push(await bookTrip(app, tenant, { passengerId: p1, start: helsinkiIn(24 * 60 + 30 * n) }))
  }
  trips.push(
    await bookTrip(app, tenant, {
      passengerId: p1,
      start: completedTodayStart(),
      then: ['pickedUp', 'droppedOff'],
    }),
  )
  const operator = operatorMessagesOf(app, tenant)
  const written = async (response: { statusCode: number; body: string }) => {
    if (response.statusCode !== 200) throw new Error(`Message not written: ${response.body}`)
    return (JSON.parse(response.body) as Message).id
  }
  const messages: Record<ScenarioMessage, string> = {
    m1: await written(await operator.send(p1, { content: 'Auto on tulossa.' })),
    m2: await written(await operator.send(p1, { content: 'Vahvistathan?', requestConfirmation: true })),
    m3: await written(await operator.send(p1, { content: 'Aika muuttui.', requestConfirmation: true })),
    mine: await written(
      await messagesOf(app, tenant, session.token).send({ passengerId: p1, content: 'Kiitos' }),
    ),
    gone: randomUUID(),
  }
  const ids: ScenarioIds = {
    trip: (n) => trips[n - 1]!,
    passenger: (name) => (name === 'p1' ? p1 : p2),
    message: (name) => messages[name],
  }

  const records = new Map<string, { answer: Answer | null }>()
  const processed = new Map<string, number>()
  const applications: { path: string; body: string }[] = []
  /** Each key's first run, by when its batch arrived and where in it the key was. */
  const firstRuns = new Map<string, number>()
  let batches = 0
  const effects: Effect[] = []
  const sent: { key: string }[] = []

  const effectsOf = (request: DeliveredCommand, answer: Answer): Omit<Effect, 'key'>[] => {
    if (answer.status !== 200) return []
    if (request.path === '/api/trip/cancel') {
      return (answer.body as TripRef[]).map((trip) => ({ target: trip.id, kind: 'cancel' as const }))
    }
    if (request.path === '/api/trip/review') return [{ target: (answer.body as TripRef).id, kind: 'review' }]
    if (request.path === '/api/message') {
      return [{ target: `thread:${(JSON.parse(request.body) as Message).passengerId}`, kind: 'send' }]
    }
    const [, id, action] = /^\/api\/message\/([^/]+)\/(seen|confirm)$/.exec(request.path) ?? []
    const kind = action === 'confirm' ? 'confirm' : 'seen'
    const first = !effects.some((effect) => effect.kind === kind && effect.target === id)
    return first && id ? [{ target: id, kind }] : []
  }

  const observe = (request: DeliveredCommand, arrival: number, answer: CommandAnswer) => {
    const code = (answer.body as { code?: string } | null)?.code
    const notRun =
      answer.status === 401 ||
      answer.replayed ||
      (answer.status === 409 && code === errorCodes.idempotencyInFlight) ||
      (answer.status === 422 && code === errorCodes.idempotencyKeyReused)
    if (notRun) return
    // A batch's commands run one after another, and none behind a key in flight: by when its batch arrived and
    // where in it, runs are in the order the server took the keys up (as it answers them, they may not be).
    if (!firstRuns.has(request.key)) firstRuns.set(request.key, arrival)
    processed.set(request.key, (processed.get(request.key) ?? 0) + 1)
    applications.push({ path: request.path, body: request.body })
    const { status, body } = answer
    if (!records.has(request.key)) records.set(request.key, { answer: { status, body } })
    for (const effect of effectsOf(request, answer)) effects.push({ key: request.key, ...effect })
    if (request.path === '/api/message' && answer.status === 200) sent.push({ key: request.key })
  }

  const handle = async (request: Delivered): Promise<Answer> => {
    const batch = batches++
    const response = await app.inject({
      method: endpoints.runCommands.method,
      url: endpoints.runCommands.path,
      headers: {
        host: `${tenant}.localhost:${testPort}`,
        'content-type': 'application/json',
        ...(request.authorization ? { authorization: request.authorization } : {}),
      },
      payload: request.body,
    })
    const answer: Answer = { status: response.statusCode, body: response.json() }
    if (response.statusCode !== 200) return answer
    const commands = commandsOf(request)
    for (const [index, commandAnswer] of (answer.body as CommandBatchResponse).answers.entries())
      observe(commands[index]!, batch * (commandBatchMaxCount + 1) + index, commandAnswer)
    return answer
  }

  return {
    ids,
    get validToken() {
      return session.token
    },
    // Ended as a logout on this instance ends it: the old token is refused at once.
    async rotateToken() {
      await tenantDb(db, tenant).sessions.delete(session.idHash)
      app.sessionCache.forget(tenant, session.sid)
      session = await sessionFor(db, tenant, guardian.userId, 600)
    },
    // The keys age as if the time had passed, and the server's own purge runs.
    async elapse(ms) {
      await sql`update idempotency_keys set created_at = created_at - ${`${ms} milliseconds`}::interval`.execute(
        db,
      )
      await purgeExpiredKeys(db)
    },
    async pickUp(trip) {
      const response = await operatorEvent(app, tenant, ids.trip(trip).id, { type: 'pickedUp', eta: null })
      // A trip the guardian has cancelled already cannot be picked up; nothing else may fail.
      if (response.statusCode !== 200 && response.statusCode !== 409) throw new Error(response.body)
    },
    // The request runs at once; its answer is taken when the network lets it through.
    begin: (request) => {
      const answer = handle(request)
      return Promise.resolve({ finish: () => answer })
    },
    handle,
    records,
    processed,
    applications,
    get firstSeen() {
      return [...firstRuns].sort(([, a], [, b]) => a - b).map(([key]) => key)
    },
    effects,
    sent,
  }
}
