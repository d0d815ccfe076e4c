import { i18n, type MessageDescriptor } from '@lingui/core'
import type { Notice } from '../../../machines/notices/notices.machine'
import type { OutboxCommand } from '../../commands/outboxCommand'
import { commandErrorMessage, rejectionNoticeOf } from '../../commands/rejections'
import { tripsOfCommand } from '../../commands/tripView'
import { openTrip } from './sessionNotices'

/**
 * Loaded with the first refusal, not with the user session: refusals are rare, and this brings the command
 * catalogue and every command's rejection texts.
 */

/** A command the server refused, with its reason, and a link to the first trip it touches. */
export function rejectionNotice(command: OutboxCommand): Notice {
  const reason = command.lastError ? i18n._(commandErrorMessage(command.lastError, command.type)) : ''
  const notice: MessageDescriptor = { ...rejectionNoticeOf(command), values: { reason } }
  const message = i18n._(notice)
  const trip = tripsOfCommand(command)[0]
  return { message, severity: 'error', ...(trip ? { action: openTrip(trip) } : {}) }
}
