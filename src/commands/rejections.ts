import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { errorCodes, tripProblemCodes, type TripProblemCode } from '../contract/codes'
import { catalogue, commandOf, type CommandType } from './catalogue'
import type { CommandError } from './definition'

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
  },
)

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
export function commandErrorMessage(error: CommandError, type?: CommandType): MessageDescriptor {
  const problem = error.errors?.map((entry) => entry.error).find(isTripProblemCode)
  if (problem) return tripProblemMessages[problem]
  const byCode = (type ? commandOf(type).rejection.byCode[error.code] : undefined) ?? codeMessages[error.code]
  if (byCode) return byCode
  return error.status >= 500 ? serverError : unknownError
}
