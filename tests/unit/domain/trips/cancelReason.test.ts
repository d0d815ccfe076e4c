import { describe, expect, it } from 'vitest'
import {
  cancelReasonToSend,
  isCompleteCancelReason,
  noCancelReason,
  type CancelReasonChoice,
} from '../../../../src/domain/trips/cancelReason'

const choice = (overrides: Partial<CancelReasonChoice>): CancelReasonChoice => ({
  ...noCancelReason,
  ...overrides,
})

describe('cancel reason: code and text', () => {
  it.each([
    ['nothing', {}, false],
    ['a blank text alone', { text: '  ' }, false],
    ['a text alone', { text: 'Muutto' }, true],
    ['a code alone', { code: 'sick', words: 'Sairas' }, true],
    ['a code whose words are blank', { code: 'sick', words: ' ' }, false],
    ["'other' alone", { code: 'other', words: 'Muu syy' }, false],
    ["'other' with a text", { code: 'other', words: 'Muu syy', text: 'Muutto' }, true],
  ] as const)('%s is complete: %s', (_, overrides, complete) => {
    expect(isCompleteCancelReason(choice(overrides))).toBe(complete)
  })

  it("sends the text when written, else the code's words; text alone is 'other'", () => {
    expect(cancelReasonToSend(choice({ code: 'holiday', words: 'Loma ', text: ' ' }))).toEqual({
      reason: 'Loma',
      reasonCode: 'holiday',
    })
    expect(cancelReasonToSend(choice({ code: 'sick', words: 'Sairas', text: ' Kuumetta ' }))).toEqual({
      reason: 'Kuumetta',
      reasonCode: 'sick',
    })
    expect(cancelReasonToSend(choice({ text: 'Muutto' }))).toEqual({ reason: 'Muutto', reasonCode: 'other' })
  })
})
