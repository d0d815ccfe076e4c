import type { CancelReasonCode } from '../../contract/codes'
import { isValidCancelReason } from './cancellation'

/**
 * A cancellation's reason as the guardian gives it: one tap on a code of the contract's list, and free text
 * beside it. `words` are the code's words as the screen showed them, sent as the reason when no text is written.
 */
export interface CancelReasonChoice {
  code: CancelReasonCode | null
  words: string
  text: string
}

export const noCancelReason: CancelReasonChoice = { code: null, words: '', text: '' }

/**
 * The spec's rule (a reason, not blank) with the codes: a code other than 'other' is a reason by itself, one tap;
 * 'other', or no code, needs the text, since it says nothing the operator could act on.
 */
export function isCompleteCancelReason(choice: CancelReasonChoice): boolean {
  if (choice.code !== null && choice.code !== 'other' && isValidCancelReason(choice.words)) return true
  return isValidCancelReason(choice.text)
}

/**
 * What the command sends: the text when written, else the code's words (the contract's reason is never blank,
 * and the operator reads it), with the code; text alone is 'other', as the server reads a command without one.
 */
export function cancelReasonToSend(choice: CancelReasonChoice): {
  reason: string
  reasonCode: CancelReasonCode
} {
  const text = choice.text.trim()
  return { reason: text || choice.words.trim(), reasonCode: choice.code ?? 'other' }
}
