import { describe, expect, it } from 'vitest'
import type { CancellationReceipt } from '../../../../src/contract/trip'
import { receiptNotice } from '../../../../src/domain/trips/cancellationReceipt'

const awaiting: CancellationReceipt = {
  state: 'awaiting',
  at: null,
  reason: null,
  acknowledgeBy: '2026-11-21T09:30:00+02:00',
  phone: '+358 9 4242 4242',
}

describe('the notice of a cancellation receipt', () => {
  it.each([
    ['nothing when no receipt is tracked', null, false, null],
    ['waiting before the deadline', awaiting, false, 'waiting'],
    ['overdue at and after the deadline', awaiting, true, 'overdue'],
    ['waiting with no deadline, however late', { ...awaiting, acknowledgeBy: null }, true, 'waiting'],
    ['received, before or after the deadline', { ...awaiting, state: 'received' }, true, 'received'],
    ['refused, before or after the deadline', { ...awaiting, state: 'refused' }, false, 'refused'],
  ] as const)('%s', (_, receipt, deadlinePassed, notice) => {
    expect(receiptNotice(receipt, deadlinePassed)).toBe(notice)
  })
})
