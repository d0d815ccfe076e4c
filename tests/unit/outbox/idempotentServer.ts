import { Temporal } from 'temporal-polyfill'
import type { Message, Trip } from '../../../src/contract'
import { idempotencyKeyRetention } from '../../../src/contract/codes'
import type { CommandAnswer } from '../../../src/contract/commandBatch'
import { batchGoesOn } from '../../../src/contract/failureKind'
import { messageOf } from '../db/samples'
import { tripNo } from './harness'
import {
  commandsOf,
  scenarioTrips,
  type Answer,
  type Delivered,
  type DeliveredCommand,
  type Effect,
  type PropertyServer,
  type ScenarioIds,
} from './propertyServer'

/**
 * A fake API host with the real server's idempotency semantics (docs: Server facts), for batches of commands:
 * the first answer (2xx or 4xx) of a command's key is stored and replayed, the same key with another payload is
 * 422, a key still being processed is 409 `idempotency_in_flight`, and a batch stops after a command to be
 * tried again. It applies cancel and review effects to its own trips, and messages sent,
 * seen and confirmed to its own messages (the real server's rules: another's only, again is no change), and
 * logs every effect with the key that caused it, so a test can check that nothing was applied twice. The
 * scenario's names are its ids: trips t1 to t4, passengers p1 and p2, messages m1, m2, m3 and mine.
 */

interface ServerTrip {
  cancelled: boolean
  pickedUp: boolean
  reviewed: boolean
}

interface ServerMessage {
  own: boolean
  asksConfirmation: boolean
  seen: boolean
  confirmed: boolean
}

interface KeyRecord {
  body: string
  answer: Answer | null
  /** When the key was stored, on the server's clock. */
  at: number
}

const retentionMs = Temporal.Duration.from(idempotencyKeyRetention).total('milliseconds')

const problem = (status: number, code: string, errors?: { property: string; error: string }[]): Answer => ({
  status,
  body: { statusCode: status, code, message: code, ...(errors ? { errors } : {}) },
})

export class IdempotentServer implements PropertyServer {
  readonly ids: ScenarioIds = {
    trip: (n) => ({ id: tripNo(n).id, date: tripNo(n).date }),
    passenger: (name) => name,
    message: (name) => name,
  }
  validToken = 'tok-0'
  private tokens = 0
  /** Milliseconds passed on the server since it started. */
  private now = 0
  readonly trips = new Map<string, ServerTrip>()
  readonly messages = new Map<string, ServerMessage>([
    ['m1', { own: false, asksConfirmation: false, seen: false, confirmed: false }],
    ['m2', { own: false, asksConfirmation: true, seen: false, confirmed: false }],
    ['m3', { own: false, asksConfirmation: true, seen: false, confirmed: false }],
    ['mine', { own: true, asksConfirmation: false, seen: false, confirmed: false }],
  ])
  /** Messages sent to it, in the order it took them. */
  readonly sent: { key: string; passengerId: string; content: string }[] = []
  /** The key store, purged as time passes; `records` keeps each key's first answer for the checks. */
  private readonly keys = new Map<string, KeyRecord>()
  readonly records = new Map<string, KeyRecord>()
  /** Keys in the order the server first accepted them for processing. */
  readonly firstSeen: string[] = []
  readonly effects: Effect[] = []
  /** How often each key was processed (effects evaluated); idempotency keeps it at most 1. */
  readonly processed = new Map<string, number>()
  /**
   * Every request the business rules ran for, by what it asks (path and body), whatever its key: a command
   * applied twice shows here even if it came back under another key or the key store let it through.
   */
  readonly applications: { path: string; body: string }[] = []

  constructor() {
    for (const n of scenarioTrips)
      this.trips.set(`t${n}`, { cancelled: false, pickedUp: false, reviewed: false })
  }

  rotateToken(): Promise<void> {
    this.tokens += 1
    this.validToken = `tok-${this.tokens}`
    return Promise.resolve()
  }

  pickUp(trip: number): Promise<void> {
    const found = this.trips.get(`t${trip}`)
    if (found) found.pickedUp = true
    return Promise.resolve()
  }

  elapse(ms: number): Promise<void> {
    this.now += ms
    for (const [key, record] of this.keys) {
      if (this.now - record.at > retentionMs) this.keys.delete(key)
    }
    return Promise.resolve()
  }

  begin(request: Delivered): Promise<{ answer: Answer } | { finish: () => Promise<Answer> }> {
    const started = this.runBatch(request, true)
    return Promise.resolve(
      'answer' in started ? started : { finish: () => Promise.resolve(started.finish()) },
    )
  }

  handle(request: Delivered): Promise<Answer> {
    const started = this.runBatch(request, false)
    return Promise.resolve('answer' in started ? started.answer : started.finish())
  }

  /**
   * A batch as the real server runs it: 401 for a token not valid, else its commands one after another, each
   * answered as its own call would be, stopping after one to be tried again. `hold` leaves the first command it
   * takes up in the middle of its processing, with `finish` to end it and run the rest.
   */
  private runBatch(request: Delivered, hold: boolean): { answer: Answer } | { finish: () => Answer } {
    if (request.authorization !== `Bearer ${this.validToken}`) return { answer: problem(401, 'unauthorized') }
    const commands = commandsOf(request)
    const answers: CommandAnswer[] = []
    const answered = { answer: { status: 200, body: { answers } } }
    const take = (answer: Answer, replayed: boolean) => {
      answers.push({ ...answer, replayed })
      return batchGoesOn(answer.status, (answer.body as { code?: string } | null)?.code ?? null)
    }
    const runFrom = (from: number, holding: boolean): { answer: Answer } | { finish: () => Answer } => {
      for (let index = from; index < commands.length; index++) {
        const started = this.beginNow(commands[index]!)
        if ('answer' in started) {
          if (!take(started.answer, started.replayed)) return answered
        } else if (holding) {
          return {
            finish: () => {
              const goesOn = take(started.finish(), false)
              return goesOn ? (runFrom(index + 1, false) as { answer: Answer }).answer : answered.answer
            },
          }
        } else if (!take(started.finish(), false)) return answered
      }
      return answered
    }
    return runFrom(0, hold)
  }

  /**
   * Answers a command at once (a replay, 409 in flight, 422), or starts processing it and returns `finish`, which
   * applies the effects and stores the first answer.
   */
  private beginNow(
    command: DeliveredCommand,
  ): { answer: Answer; replayed: boolean } | { finish: () => Answer } {
    const record = this.keys.get(command.key)
    if (record) {
      if (record.body !== command.body)
        return { answer: problem(422, 'idempotency_key_reused'), replayed: false }
      return record.answer
        ? { answer: record.answer, replayed: true }
        : { answer: problem(409, 'idempotency_in_flight'), replayed: false }
    }
    const fresh: KeyRecord = { body: command.body, answer: null, at: this.now }
    this.keys.set(command.key, fresh)
    if (!this.records.has(command.key)) this.records.set(command.key, fresh)
    this.firstSeen.push(command.key)
    return {
      finish: () => {
        this.processed.set(command.key, (this.processed.get(command.key) ?? 0) + 1)
        fresh.answer = this.apply(command)
        return fresh.answer
      },
    }
  }

  private apply(request: DeliveredCommand): Answer {
    this.applications.push({ path: request.path, body: request.body })
    const body = (request.body ? JSON.parse(request.body) : {}) as Record<string, unknown>
    if (request.path === '/api/trip/cancel') return this.cancel(request.key, body)
    if (request.path === '/api/trip/review') return this.review(request.key, body)
    if (request.path === '/api/message') return this.send(request.key, body)
    const [, id, action] = /^\/api\/message\/([^/]+)\/(seen|confirm)$/.exec(request.path) ?? []
    return this.mark(request.key, id ?? '', action === 'confirm' ? 'confirm' : 'seen')
  }

  private send(key: string, body: Record<string, unknown>): Answer {
    const passengerId = body.passengerId as string
    const content = body.content as string
    this.sent.push({ key, passengerId, content })
    this.effects.push({ key, target: `thread:${passengerId}`, kind: 'send' })
    return {
      status: 200,
      body: messageOf(`s${this.sent.length}`, passengerId, { content, fromUser: 'user-1' }),
    }
  }

  private mark(key: string, id: string, kind: 'seen' | 'confirm'): Answer {
    const message = this.messages.get(id)
    if (!message) return problem(404, 'not_found')
    if (message.own) return problem(409, 'own_message')
    if (kind === 'confirm' && !message.asksConfirmation) return problem(409, 'confirmation_not_requested')
    // Again is no change: the first seen mark or confirmation stands.
    const changed = kind === 'seen' ? !message.seen : !message.confirmed
    message.seen = true
    if (kind === 'confirm') message.confirmed = true
    if (changed) this.effects.push({ key, target: id, kind })
    return { status: 200, body: this.messageView(id, message) }
  }

  private messageView(id: string, message: ServerMessage): Message {
    const at = '2026-11-21T10:00:00+02:00'
    return messageOf(id, 'p1', {
      seenAt: message.seen ? at : null,
      confirmation: message.asksConfirmation
        ? {
            confirmedAt: message.confirmed ? at : null,
            confirmedBy: message.confirmed ? { kind: 'user', id: 'user-1', name: 'Greta Guardian' } : null,
          }
        : null,
    })
  }

  private cancel(key: string, body: Record<string, unknown>): Answer {
    const refs = body.trips as { id: string }[]
    const done: Trip[] = []
    const problems: { property: string; error: string }[] = []
    refs.forEach((ref, index) => {
      const trip = this.trips.get(ref.id)
      const reason = !trip ? 'not_found' : trip.cancelled ? 'cancelled' : trip.pickedUp ? 'picked_up' : null
      if (reason || !trip) {
        problems.push({ property: `trips.${index}`, error: reason ?? 'not_found' })
        return
      }
      trip.cancelled = true
      this.effects.push({ key, target: ref.id, kind: 'cancel' })
      done.push(this.view(ref.id))
    })
    return done.length > 0 ? { status: 200, body: done } : problem(409, 'trip_not_cancellable', problems)
  }

  private review(key: string, body: Record<string, unknown>): Answer {
    const id = (body.trip as { id: string }).id
    const trip = this.trips.get(id)
    if (!trip || trip.reviewed || trip.cancelled) {
      return problem(409, 'review_not_available', [
        { property: 'trip', error: trip?.cancelled ? 'cancelled' : 'already_reviewed' },
      ])
    }
    trip.reviewed = true
    this.effects.push({ key, target: id, kind: 'review' })
    return { status: 200, body: this.view(id) }
  }

  private view(id: string): Trip {
    const state = this.trips.get(id)
    const n = Number(id.slice(1))
    return tripNo(n, {
      cancelledAt: state?.cancelled ? '2026-11-21T10:00:00+02:00' : null,
      cancelReason: state?.cancelled ? 'Sick' : null,
      pickupTime: state?.pickedUp ? '2026-11-23T08:01:00+02:00' : null,
      reviews: state?.reviewed
        ? [{ comment: 'Fine', driverStars: 4, experienceStars: 5, createdAt: '2026-11-21T10:00:00+02:00' }]
        : [],
    })
  }
}
