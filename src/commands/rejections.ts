import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { errorCodes, tripProblemCodes, type TripProblemCode } from '../contract/codes'
import { catalogue, commandOf, isCommandType } from './catalogue'
import { localRefusalCodes, type CommandError } from './definition'
import type { OutboxCommand } from './outboxCommand'

/** Why the server refused a trip command, per trip (`errors[].error` of a 409). */
export const tripProblemMessages: Record<TripProblemCode, MessageDescriptor> = {
  not_found: msg({ id: 'trips.problem.not_found', message: 'The trip was not found.' }),
  cancelled: msg({ id: 'trips.problem.cancelled', message: 'The trip had already been cancelled.' }),
  picked_up: msg({ id: 'trips.problem.picked_up', message: 'The trip had already started.' }),
  no_show: msg({ id: 'trips.problem.no_show', message: 'The trip had been marked as a no-show.' }),
  completed: msg({ id: 'trips.problem.completed', message: 'The trip had already ended.' }),
  past: msg({ id: 'trips.problem.past', message: 'The date of the trip has passed.' }),
  not_completed: msg({ id: 'trips.problem.not_completed', message: 'The trip has not ended yet.' }),
  not_allowed: msg({ id: 'trips.problem.not_allowed', message: 'This trip cannot be reviewed.' }),
  already_reviewed: msg({
    id: 'trips.problem.already_reviewed',
    message: 'The trip has already been reviewed.',
  }),
}

/**
 * Fallbacks by error code, for answers that name no trip problem: each command's own codes, then the codes of
 * any command (which win: a command's own text for a shared code, such as a message's not_found, is its own).
 */
const codeMessages: Partial<Record<string, MessageDescriptor>> = Object.assign(
  {},
  ...Object.values(catalogue).map((command) => command.rejection.byCode),
  {
    [errorCodes.validation]: msg({
      id: 'trips.problem.validation_failed',
      message: 'The details were not accepted. Check them and try again.',
    }),
    [errorCodes.notFound]: tripProblemMessages.not_found,
    [errorCodes.forbidden]: msg({
      id: 'trips.problem.forbidden',
      message: 'You do not have access to this trip any more.',
    }),
    [errorCodes.idempotencyKeyReused]: msg({
      id: 'trips.problem.duplicate_request',
      message: 'The request conflicted with an earlier one and was not applied.',
    }),
    [localRefusalCodes.invalid]: msg({
      id: 'trips.problem.command_invalid',
      message: 'It was stored incompletely on this device and could not be sent. Please make it again.',
    }),
    [localRefusalCodes.unconfirmed]: msg({
      id: 'trips.problem.command_unconfirmed',
      message:
        'It was sent long ago without an answer, so it was not sent again. It may or may not have taken effect: please check, and make it again if needed.',
    }),
  },
)

/** The notice of a command whose outcome is not known, whatever its type: it may have taken effect. */
const unconfirmedNotice = msg({
  id: 'notice.command_unconfirmed',
  message: 'A change you made offline may not have been saved. {reason}',
})
/** The notice of a refused row of a type this version does not know. */
const unknownCommandNotice = msg({
  id: 'notice.command_rejected',
  message: 'A change you made was not sent. {reason}',
})

const serverError = msg({
  id: 'trips.problem.server_error',
  message: 'The service could not handle the request. Please try again later.',
})
const unknownError = msg({ id: 'trips.problem.unknown', message: 'The request was not accepted.' })

function isTripProblemCode(value: string): value is TripProblemCode {
  return (tripProblemCodes as readonly string[]).includes(value)
}

/**
 * The reason a command was rejected, to translate: the first trip problem the server named, else the text the
 * command (`type`, when known) has for its error code, else any command's, else one by HTTP status. The
 * platform's notices use it too.
 */
export function commandErrorMessage(error: CommandError, type?: string): MessageDescriptor {
  const problem = error.errors?.map((entry) => entry.error).find(isTripProblemCode)
  if (problem) return tripProblemMessages[problem]
  const own = type && isCommandType(type) ? commandOf(type).rejection.byCode[error.code] : undefined
  const byCode = own ?? codeMessages[error.code]
  if (byCode) return byCode
  return error.status >= 500 ? serverError : unknownError
}

/**
 * The notice of a refused command, with the reason in `{reason}`: the command's own ("The cancellation was not
 * made."), except for a command whose outcome is not known, which may have been made.
 */
export function rejectionNoticeOf(command: Pick<OutboxCommand, 'type' | 'lastError'>): MessageDescriptor {
  if (command.lastError?.code === localRefusalCodes.unconfirmed) return unconfirmedNotice
  return isCommandType(command.type) ? commandOf(command.type).rejection.notice : unknownCommandNotice
}
