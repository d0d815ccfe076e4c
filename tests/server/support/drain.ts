import type { DeliveryCounts } from '../../../server/outbound/deliveryLoop'

/** Runs a sender's batches until one claims nothing; their counts summed. */
export async function drain<Counts extends DeliveryCounts>(sender: {
  runBatch(): Promise<Counts>
}): Promise<Counts> {
  let total: Counts | null = null
  for (;;) {
    const counts = await sender.runBatch()
    if (total === null) total = counts
    else
      for (const key of Object.keys(total) as (keyof Counts)[])
        (total[key] as number) += counts[key] as number
    if (counts.claimed === 0) return total
  }
}
