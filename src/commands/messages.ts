import { msg } from '@lingui/core/macro'
import { errorCodes } from '../contract/codes'
import { defineCommand, type Contract } from './definition'

/**
 * The messages screen's commands (spec sections 2 and 4): writing to the operator, and marking another's
 * message seen or confirmed. None touches a trip; each answers the message as it now is.
 */

const touchesNoTrip = { trips: () => [], done: () => false } as const
const answerMessage = { trips: () => [], messages: (answer: unknown) => [answer] }

const messageNotFound = msg({ id: 'messages.problem.not_found', message: 'The message was not found.' })
const ownMessage = msg({
  id: 'messages.problem.own_message',
  message: 'Your own messages cannot be marked as seen or confirmed.',
})

/** A message to the operator about one of the user's passengers. */
export const sendMessageCommand = defineCommand({
  type: 'message.send',
  payload: (contract) => contract.sendMessageRequest,
  endpoint: 'sendMessage',
  request: ({ passengerId, content }) => ({ body: { passengerId, content } }),
  ...touchesNoTrip,
  // The sent message joins the thread with the pull that follows the ack, at its place in the server's order.
  affects: { trips: () => [] },
  rejection: {
    title: msg({ id: 'messages.send_failed', message: 'The message could not be sent.' }),
    notice: msg({ id: 'notice.message_rejected', message: 'The message was not sent. {reason}' }),
    byCode: {
      [errorCodes.notFound]: msg({
        id: 'messages.problem.passenger_not_found',
        message: 'The passenger is no longer among yours.',
      }),
    },
  },
})

/** What a seen mark and a confirmation share: a PUT on the message's id, answered by the message as it now is. */
const markParts = {
  payload: (contract: Contract) => contract.messageParams,
  request: ({ id }: { id: string }) => ({ params: { id } }),
  ...touchesNoTrip,
  affects: answerMessage,
}
const markRefusals = { [errorCodes.notFound]: messageNotFound, [errorCodes.ownMessage]: ownMessage }

/** Another's message has been on screen for 4 s (spec section 4). */
export const markSeenCommand = defineCommand({
  type: 'message.seen',
  endpoint: 'markMessageSeen',
  ...markParts,
  rejection: {
    title: msg({ id: 'messages.seen_failed', message: 'The message could not be marked as seen.' }),
    notice: msg({
      id: 'notice.message_seen_rejected',
      message: 'The message was not marked as seen. {reason}',
    }),
    byCode: markRefusals,
  },
})

/** The user clicked another's message that asks for a confirmation (spec section 4). */
export const confirmMessageCommand = defineCommand({
  type: 'message.confirm',
  endpoint: 'confirmMessage',
  ...markParts,
  rejection: {
    title: msg({ id: 'messages.confirm_failed', message: 'The message could not be confirmed.' }),
    notice: msg({
      id: 'notice.message_confirm_rejected',
      message: 'The confirmation was not sent. {reason}',
    }),
    byCode: {
      ...markRefusals,
      [errorCodes.confirmationNotRequested]: msg({
        id: 'messages.problem.confirmation_not_requested',
        message: 'The message does not ask for a confirmation.',
      }),
    },
  },
})
