import { endpoints, fillPath, type TripRef } from '../../../src/contract'
import type { CommandBatchRequest } from '../../../src/contract/commandBatch'

/**
 * What the outbox property (outboxProperty.ts) needs of the server it runs against: the fake with the real
 * idempotency semantics (idempotentServer.ts), or the real API host (tests/server/support/outboxAppServer.ts).
 * Besides answering, it tells what it did, for the property's checks.
 */

/** A request as it reaches the server: a batch of commands (`POST api/command/batch`). */
export interface Delivered {
  authorization: string | null
  /** The batch, as sent. */
  body: string
}

/** A command of a delivered batch as its own call would carry it: the path with its ids, its key, its body. */
export interface DeliveredCommand {
  method: string
  path: string
  key: string
  /** JSON, '' for none. */
  body: string
}

/** The commands a batch carries, in order. */
export function commandsOf(request: Delivered): DeliveredCommand[] {
  const { commands } = JSON.parse(request.body) as CommandBatchRequest
  return commands.map((command) => ({
    method: endpoints[command.call].method,
    path: fillPath(endpoints[command.call].path, command.params),
    key: command.key,
    body: command.body === undefined ? '' : JSON.stringify(command.body),
  }))
}

/** An answer: to a request, or to one command of its batch. */
export interface Answer {
  status: number
  body: unknown
}

export interface Effect {
  key: string
  /** What it changed: a trip's id, a message's id, or `thread:{passengerId}` for a message sent. */
  target: string
  kind: 'cancel' | 'review' | 'send' | 'seen' | 'confirm'
}

/** The messages the scenario names: others' (one plain, two asking to confirm), the user's own, and one unknown. */
export const scenarioMessages = ['m1', 'm2', 'm3', 'mine', 'gone'] as const
export type ScenarioMessage = (typeof scenarioMessages)[number]
export const scenarioPassengers = ['p1', 'p2'] as const
export type ScenarioPassenger = (typeof scenarioPassengers)[number]
/** Trips 1 to 4. */
export const scenarioTrips = [1, 2, 3, 4] as const

/** What the scenario's trips, passengers and messages are on this server. */
export interface ScenarioIds {
  trip(n: number): TripRef
  passenger(name: ScenarioPassenger): string
  message(name: ScenarioMessage): string
}

export interface PropertyServer {
  readonly ids: ScenarioIds
  /** The token a request must carry now; others are refused with 401. */
  readonly validToken: string
  /** The session's token was rotated: requests with the old one get 401. */
  rotateToken(): Promise<void>
  /** The operator's pickup of a scenario trip: cancelling it is refused from then on. */
  pickUp(trip: number): Promise<void>
  /**
   * Time passes on the server (epoch milliseconds of the client's clock move as much): the idempotency keys
   * stored longer ago than the contract's retention are purged, as the server's purge does.
   */
  elapse(ms: number): Promise<void>
  /**
   * Receives a request: answered at once, or started (its batch run up to a command left in the middle of its
   * processing), to finish when `finish` is called (and awaited).
   */
  begin(request: Delivered): Promise<{ answer: Answer } | { finish: () => Promise<Answer> }>
  /** Receives a request and answers it. */
  handle(request: Delivered): Promise<Answer>

  /** Each command key's first answer (2xx or 4xx), the one the server replays; null while it is processed. */
  readonly records: ReadonlyMap<string, { answer: Answer | null }>
  /** How often the server ran each key's command; idempotency keeps it at most 1. */
  readonly processed: ReadonlyMap<string, number>
  /**
   * Every command the business rules ran for, by what it asks (path and body), whatever its key: a command
   * applied twice shows here even if it came back under another key or the key store let it through.
   */
  readonly applications: readonly { path: string; body: string }[]
  /** Keys in the order the server first took them up. */
  readonly firstSeen: readonly string[]
  /** What each request changed, in the order it changed it. */
  readonly effects: readonly Effect[]
  /** Messages sent to it, in the order it took them. */
  readonly sent: readonly { key: string }[]
}
