import type { z } from 'zod'
import type { TripRef } from '../contract'
import { cancelCommand } from './cancel'
import type { AnswerRows, EndpointRequest } from './definition'
import { confirmMessageCommand, markSeenCommand, sendMessageCommand } from './messages'
import { reviewCommand } from './review'

/**
 * Every command the outbox carries, by type. The outbox's schema, the replay's request, the queueing helpers,
 * the notices and the screens' pending and rejected views read it; a new command is one more module here.
 */
export const catalogue = {
  [cancelCommand.type]: cancelCommand,
  [reviewCommand.type]: reviewCommand,
  [sendMessageCommand.type]: sendMessageCommand,
  [markSeenCommand.type]: markSeenCommand,
  [confirmMessageCommand.type]: confirmMessageCommand,
}

export type Catalogue = typeof catalogue
export type CommandType = keyof Catalogue

/** The payload of each command type, as queued and stored. */
export type CommandPayloads = {
  [T in CommandType]: z.input<ReturnType<Catalogue[T]['payload']>>
}

export const commandTypes = Object.keys(catalogue) as CommandType[]

type Definition = Catalogue[CommandType]
type Payload = CommandPayloads[CommandType]

/**
 * A command's definition, typed to take the payload of any command: each definition's own functions were
 * checked against its payload where it was written, and a stored command's payload is that of its type.
 */
export interface AnyCommand {
  type: CommandType
  payload: Definition['payload']
  endpoint: Definition['endpoint']
  request(payload: Payload): EndpointRequest<Definition['endpoint']>
  trips(payload: Payload): TripRef[]
  affects: AnswerRows
  done: Definition['done']
  rejection: Definition['rejection']
}

export function commandOf(type: CommandType): AnyCommand {
  return catalogue[type] as AnyCommand
}

/** A stored row's type is one this version knows (a row refused as invalid may have another). */
export function isCommandType(type: string): type is CommandType {
  return Object.hasOwn(catalogue, type)
}
