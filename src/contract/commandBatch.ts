import { z } from 'zod'
import { id } from './common'

/**
 * Several commands in one request (`POST api/command/batch`): what the portal's outbox replays when it comes back
 * online, a request per window of its queue rather than per command. Each command runs as its own call would,
 * under its own `Idempotency-Key` (the key of each, per user and tenant like every key), in order, and is
 * answered as that call would have answered. So a command sent singly and then in a batch, or twice in batches,
 * is applied once and answered alike.
 */

/** The calls a batch may carry: the writes the portal may make offline (its outbox's commands, src/commands). */
export const commandCalls = [
  'cancelTrips',
  'reviewTrip',
  'sendMessage',
  'markMessageSeen',
  'confirmMessage',
] as const
export type CommandCall = (typeof commandCalls)[number]

/** The most commands one batch carries. */
export const commandBatchMaxCount = 50
/** The largest batch body, in bytes of its JSON: the client ends a batch early rather than pass it. */
export const commandBatchMaxBytes = 1024 * 1024

/**
 * The `Idempotency-Key` of a state-changing call, and a batched command's `key`: 1 to 255 visible ASCII
 * characters (the portal's outbox sends the command's UUID).
 */
export const idempotencyKey = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/)

export const batchedCommand = z.object({
  key: idempotencyKey.describe("The command's Idempotency-Key, exactly as its own call would take it"),
  call: z
    .enum(commandCalls)
    .describe(
      'The call: cancelTrips (POST api/trip/cancel), reviewTrip (POST api/trip/review), sendMessage (POST api/message), markMessageSeen (PUT api/message/{id}/seen), confirmMessage (PUT api/message/{id}/confirm)',
    ),
  params: z
    .record(z.string(), id)
    .optional()
    .describe("The call's path parameters by name (`id` of a message); a name its path has is required"),
  body: z.unknown().optional().describe("The call's request body as it takes it; none for a PUT on an id"),
})
export type BatchedCommand = z.input<typeof batchedCommand>

export const commandBatchRequest = z.object({
  commands: z.array(batchedCommand).min(1).max(commandBatchMaxCount),
})
export type CommandBatchRequest = z.input<typeof commandBatchRequest>

export const commandAnswer = z.object({
  status: z.number().int().describe('The HTTP status its own call would have answered'),
  body: z
    .unknown()
    .describe("What its own call would have answered: the call's response, or an apiError from 400 on"),
  replayed: z
    .boolean()
    .describe("The first answer of the command's key, replayed (its own call's `Idempotent-Replayed: true`)"),
})
export type CommandAnswer = z.output<typeof commandAnswer>

export const commandBatchResponse = z.object({
  answers: z
    .array(commandAnswer)
    .max(commandBatchMaxCount)
    .describe(
      'In the order of the commands, up to and including the first that the client must try again or after a sign-in (401; 408, 429, 5xx and 409 idempotency_in_flight): the commands after it were not run',
    ),
})
export type CommandBatchResponse = z.output<typeof commandBatchResponse>
