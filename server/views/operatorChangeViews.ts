import type { Temporal } from 'temporal-polyfill'
import type { FeedChange, OperatorChange } from '../../src/contract/operatorChanges'
import type { ChangeRow, FeedPosition } from '../db/repositories/operatorChanges'
import { zonedIso } from '../domain/tripView'

/** A feed position as the operator holds it: opaque to it, the transaction's id and the change's. */
export const cursorOf = (position: FeedPosition): string => `${position.txid}_${position.id}`

export function positionOf(cursor: string): FeedPosition {
  const [txid = '0', id = '0'] = cursor.split('_')
  return { txid, id }
}

/** Orders two positions as the feed does. */
export function comparePositions(a: FeedPosition, b: FeedPosition): number {
  const byTxid = BigInt(a.txid) - BigInt(b.txid)
  if (byTxid !== 0n) return byTxid < 0n ? -1 : 1
  const byId = BigInt(a.id) - BigInt(b.id)
  return byId === 0n ? 0 : byId < 0n ? -1 : 1
}

/**
 * A change as told (`id`, `type`, `timestamp`, `data`): the feed's item without its place in the feed and its
 * acknowledgement, and every webhook's body. Its times in the tenant's zone (its data was written so).
 */
export function toOperatorChange(
  row: Pick<ChangeRow, 'change_id' | 'type' | 'occurred_at' | 'data'>,
  timeZone: string,
): OperatorChange {
  return {
    id: row.change_id,
    type: row.type,
    timestamp: zonedIso(row.occurred_at, timeZone),
    data: row.data,
  } as OperatorChange
}

/** A change as the feed lists it. */
export function toFeedChange(row: ChangeRow, timeZone: string): FeedChange {
  const at = (instant: Temporal.Instant | null) => (instant ? zonedIso(instant, timeZone) : null)
  return {
    ...toOperatorChange(row, timeZone),
    cursor: cursorOf(row),
    acknowledgement:
      row.ack_outcome && row.acknowledged_at
        ? { outcome: row.ack_outcome, reason: row.ack_reason, at: zonedIso(row.acknowledged_at, timeZone) }
        : null,
    acknowledgeBy: at(row.acknowledge_by),
  }
}
