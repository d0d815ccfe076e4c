import type { CancellationReceipt } from '../../contract/trip'

/**
 * What the guardian is told of the transport service's answer to their cancellation: it is awaited, received,
 * refused, or overdue (not received by its deadline: call, so that the car does not come).
 */
export type ReceiptNotice = 'waiting' | 'received' | 'refused' | 'overdue'

/** The notice for a receipt, once its deadline has passed or not; null when no answer is awaited or given. */
export function receiptNotice(
  receipt: CancellationReceipt | null,
  deadlinePassed: boolean,
): ReceiptNotice | null {
  if (!receipt) return null
  if (receipt.state !== 'awaiting') return receipt.state
  return deadlinePassed && receipt.acknowledgeBy !== null ? 'overdue' : 'waiting'
}
