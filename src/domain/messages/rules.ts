import type { Message } from '../../contract/messages'
import { messageContentMaxLength } from '../../contract/codes'

/** The rules of the messages screen (spec sections 4, 5 and 9). */

/** Another's unseen message becomes seen after this long on screen. */
export const seenDelayMs = 4000

export type SendProblem = 'contentRequired' | 'contentTooLong' | 'passengerRequired'

/**
 * Why the send form cannot be sent yet: text is required (spaces alone are none, as the server trims it), and
 * a passenger when there are several (one is chosen by itself).
 */
export function sendProblems(content: string, passengerId: string | null): SendProblem[] {
  const text = content.trim()
  const problems: SendProblem[] = []
  if (text.length === 0) problems.push('contentRequired')
  if (text.length > messageContentMaxLength) problems.push('contentTooLong')
  if (passengerId === null) problems.push('passengerRequired')
  return problems
}

/** The passenger a message is about: the chosen one if still the user's, else the only one, else none. */
export function messagePassenger(passengerIds: readonly string[], chosen: string | null): string | null {
  if (chosen !== null && passengerIds.includes(chosen)) return chosen
  return passengerIds.length === 1 ? passengerIds[0]! : null
}

/** Whether clicking the message confirms it: another's message that asks for a confirmation nobody gave yet. */
export function confirmable(message: Pick<Message, 'confirmation'>, own: boolean): boolean {
  return !own && message.confirmation !== null && message.confirmation.confirmedAt === null
}
