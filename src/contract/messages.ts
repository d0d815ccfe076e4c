import { z } from 'zod'
import { messageContentMaxLength, messagePageSize } from './codes'
import { id, isoDateTime, text, textLimits } from './common'

export { messageContentMaxLength, messagePageSize } from './codes'

/**
 * Messages between a passenger's guardians and the transport operator (spec sections 2, 4 and 5). Each belongs
 * to one passenger; a user sees the messages of every passenger granted to them, their co-guardians' included.
 *
 * Paging: messages are numbered in the order they arrived, oldest first, and page 1 holds the oldest ten. Items
 * within a page are oldest first too, so pages laid one above the other show the thread oldest to newest, the
 * newest at the bottom. Without `page` the answer is the last page, the newest, which may hold fewer than ten:
 * the portal then loads the page before it (spec section 4). A new message joins the last page, so the pages
 * before it keep their messages; a newly granted passenger's history joins the order where it belongs, which
 * may move a message to a neighbouring page (the portal keeps messages by id).
 */

/** The operator, named by its signature (the tenant's name unless the operator signs otherwise). */
export const messageOperator = z.object({ kind: z.literal('operator'), name: text(textLimits.name) })
/** A user of the portal: the writer, or the co-guardian who confirmed. */
export const messageUser = z.object({ kind: z.literal('user'), id, name: text(textLimits.name) })
/** Every guardian of the passenger: whom the operator writes to. */
export const messageGuardians = z.object({ kind: z.literal('guardians') })

export const message = z.object({
  id,
  passengerId: id,
  from: z.discriminatedUnion('kind', [messageOperator, messageUser]),
  to: z.discriminatedUnion('kind', [messageOperator, messageGuardians]),
  content: text(messageContentMaxLength),
  createdAt: isoDateTime,
  /**
   * When this user saw it (`PUT api/message/{id}/seen`); each user has their own, and their own messages have
   * none. In the operator API: when a guardian first saw the operator's message.
   */
  seenAt: isoDateTime.nullable(),
  /** Null when the message asks for no confirmation; else who confirmed it and when (one guardian suffices). */
  confirmation: z
    .object({ confirmedAt: isoDateTime.nullable(), confirmedBy: messageUser.nullable() })
    .nullable(),
})
export type Message = z.infer<typeof message>

export const messagePage = z.object({
  items: z.array(message).max(messagePageSize),
  /** From 1; the last page when the request named none. */
  page: z.number().int().min(1),
  /** At least 1: with no messages, page 1 is empty. */
  totalPages: z.number().int().min(1),
  hasPreviousPage: z.boolean(),
  /** Messages from others this user has not seen, on every page: the navigation's badge. */
  unseenCount: z.number().int().min(0),
})
export type MessagePage = z.infer<typeof messagePage>

export const messagePageQuery = z.object({
  page: z.coerce
    .number<string | number>()
    .int()
    .min(1)
    .max(1_000_000)
    .optional()
    .describe('From 1, the oldest; the last page (the newest messages) when left out'),
})

/** What a user's message says, about which passenger (one granted to them). */
export const sendMessageRequest = z.object({
  passengerId: id,
  content: text(messageContentMaxLength, { min: 1, trim: true }),
})
export type SendMessageRequest = z.input<typeof sendMessageRequest>

export const messageParams = z.object({ id })

/** The operator's message to a passenger's guardians. */
export const operatorMessageRequest = z.object({
  content: text(messageContentMaxLength, { min: 1, trim: true }),
  requestConfirmation: z.boolean().default(false),
  senderName: text(textLimits.name, { min: 1, trim: true })
    .optional()
    .describe("The signature the guardians see; the tenant's name when left out"),
})
export type OperatorMessageRequest = z.input<typeof operatorMessageRequest>

/** Digits: where a passenger's messages were last read up to. */
export const messageCursor = z.string().regex(/^\d{1,18}$/)

export const operatorMessagesQuery = z.object({
  after: messageCursor.optional().describe('The `cursor` of the last answer; from the first message without'),
})

/** The operator's read limit per call; `hasMore` says whether more follow. */
export const operatorMessagesLimit = 100

export const operatorMessages = z.object({
  /** In the order they arrived. */
  items: z.array(message).max(operatorMessagesLimit),
  /** Where the next call goes on from: the last item's, or the `after` given when nothing is new. */
  cursor: messageCursor.nullable(),
  hasMore: z.boolean(),
})
export type OperatorMessages = z.infer<typeof operatorMessages>
