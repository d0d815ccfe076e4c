import type { MessageDescriptor } from '@lingui/core'
import type { z } from 'zod'
import type * as contract from '../contract/commandPayloads'
import type { CommandCall, Endpoints, FieldError, Trip, TripRef } from '../contract'

/**
 * What every command of the catalogue declares (design brief, "Writes are commands"). A definition is plain data
 * and functions with no runtime import of zod, Dexie or React, so the page, the sync worker and the service
 * worker all read the same one; the contract's schemas are handed in by the replayer when it checks a payload.
 */

export type CommandStatus = 'pending' | 'sending' | 'acked' | 'rejected'

/** Why the server refused a command: its HTTP status, the error code and field errors of the answer. */
export interface CommandError {
  status: number
  code: string
  errors?: FieldError[]
}

/**
 * Refusals the replayer makes by itself, with no request: `status` 0 and one of these codes.
 * - `invalid`: the stored row does not match the contract (half-formed, tampered with, or of a type this version
 *   does not know), so it is never sent.
 * - `unconfirmed`: it was sent with no final answer longer ago than the server keeps idempotency keys, so sending
 *   it again could apply it twice; it may or may not have taken effect.
 */
export const localRefusalCodes = { invalid: 'command_invalid', unconfirmed: 'command_unconfirmed' } as const

/**
 * What the payload schemas are built from: the contract's schemas for commands (src/contract/commandPayloads.ts),
 * loaded only where a payload is checked (the replayer). Not zod itself: handing its whole namespace over would
 * keep all of it in the workers' bundles.
 */
export type Contract = typeof contract

/** The endpoints a command may call: the writes a batch of commands may carry (a body, or a PUT on an id). */
export type CommandEndpoint = CommandCall
/** What a command's call carries: its `:params` and its body, as the endpoint's contract takes them. */
export type EndpointRequest<N extends CommandEndpoint> = (Endpoints[N] extends { params: z.ZodType }
  ? { params: z.input<Endpoints[N]['params']> }
  : object) &
  (Endpoints[N] extends { body: z.ZodType } ? { body: z.input<Endpoints[N]['body']> } : object)

/** The read models of the local database an answer updates, each with its rows as the answer carries them. */
export interface AnswerRows {
  /** Trips of the answer (still to be checked against the contract); a stored one is replaced by it. */
  trips(answer: unknown): unknown[]
  /** Messages of the answer (checked likewise); a stored one takes its seen time and confirmation. */
  messages?(answer: unknown): unknown[]
}

/** The trip a screen overlays a command on, as far as the done rules look at it. */
export type ShownTrip = Pick<Trip, 'id' | 'date' | 'cancelledAt' | 'reviews'>

export interface CommandDefinition<Type extends string, Schema extends z.ZodType, E extends CommandEndpoint> {
  type: Type
  /** The payload as stored in the outbox; local fields (e.g. passenger ids for the screens) stay out of `body`. */
  payload(contract: Contract): Schema
  /** The API call that carries it, in a batch under its command id as the Idempotency-Key. */
  endpoint: E
  /** Its `:params` and body: only what the contract defines is sent. */
  request(payload: z.input<Schema>): EndpointRequest<E>
  /** The trips it touches, for the screens' overlay and the notices' link; none for a message. */
  trips(payload: z.input<Schema>): TripRef[]
  /** The read models its answer updates, applied in the transaction that acks it. */
  affects: AnswerRows
  /**
   * The local trip shows the command's outcome, so the screens stop calling it pending. Rejections are not
   * asked: they show until the user dismisses them.
   */
  done(trip: ShownTrip, command: { status: CommandStatus; response: unknown }): boolean
  /** Its refusal as the screens and notices say it; the reason itself comes from `rejections.ts`. */
  rejection: {
    /** The heading of the refusal on the screens. */
    title: MessageDescriptor
    /** The notice, with the reason in `{reason}`. */
    notice: MessageDescriptor
    /** Reasons for error codes only this command gets, when the answer names no trip problem. */
    byCode: Partial<Record<string, MessageDescriptor>>
  }
}

/** Infers a definition's types; the body is checked against its endpoint's contract. */
export function defineCommand<const Type extends string, Schema extends z.ZodType, E extends CommandEndpoint>(
  definition: CommandDefinition<Type, Schema, E>,
): CommandDefinition<Type, Schema, E> {
  return definition
}
