import { Temporal } from 'temporal-polyfill'
import type { Clock } from '../time/clock'
import { forEachBounded } from './boundedConcurrency'
import type { EndpointRefusals } from './endpointRefusals'
import type { Blocked } from './outboundClient'

export interface SenderLog {
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

/** What a batch did with the rows it claimed: `claimed`, `blocked`, and an outbox's own outcomes. */
export interface DeliveryCounts {
  claimed: number
  blocked: number
}

/** One claimed batch, as each of its rows' sends sees it. */
export interface Batch<Row, Counts extends DeliveryCounts> {
  /** When the batch was claimed: the attempt's time. */
  now: Temporal.Instant
  counts: Counts
  /** The endpoint policy refused `row`'s URL or an address of its host: counted, logged, on /metrics. */
  blocked(row: Row, outcome: Blocked): void
}

/** How a sender claims and waits; each has its default. */
export interface LoopTuning {
  /** Rows one claim takes (64). */
  batchSize?: number
  /** Sends in flight at once (16). */
  concurrency?: number
  /** How long a claimed row is this sender's before another may take it (60 s): longer than any send. */
  lease?: Temporal.Duration
  /**
   * How long an idle sender waits for a wake() before it looks for due rows anyway (1 s); asked before each
   * wait, as it is longer while the database announces every queued row (senderOnApp.ts).
   */
  idlePoll?: () => Temporal.Duration
}

/** What every outbox's sender is made with (its own options extend it). */
export interface SenderBase extends LoopTuning {
  clock: Clock
  log: SenderLog
  /** Where endpoints the policy refuses at send are counted (on /metrics). */
  refusals: EndpointRefusals
}

export interface DeliveryLoopOptions<Row, Counts extends DeliveryCounts> extends SenderBase {
  /** The outbox's name in the log ('push', 'webhook'). */
  name: string
  /** Claims and leases up to `limit` due rows (server/db/leaseClaim.ts). */
  claim(now: Temporal.Instant, leaseUntil: Temporal.Instant, limit: number): Promise<Row[]>
  /** Sends one claimed row and settles it; a throw leaves the row leased, to be tried when the lease ends. */
  send(row: Row, batch: Batch<Row, Counts>): Promise<void>
  emptyCounts(): Counts
  /** What the log says of a row (its tenant, its kind). */
  describe(row: Row): object
}

export interface DeliveryLoop<Counts extends DeliveryCounts> {
  /** Runs the loop: claims and sends, and when nothing is due waits for wake() or the idle poll. */
  start(): void
  /** Something was queued: look now rather than at the next poll. */
  wake(): void
  /** Ends the loop after the batch in hand; resolves once it has ended. */
  stop(): Promise<void>
  /** Claims one batch of due rows and settles each; what the loop does, for tests and the bench. */
  runBatch(): Promise<Counts>
  /** Every batch's counts summed since the sender was made (the outcomes on /metrics). */
  totals(): Counts
}

/**
 * The one shape of every outbox's sender (push, webhooks; e-mail next): every instance runs one. A batch is
 * claimed across tenants in one short statement and leased, then each row is sent outside any transaction, at
 * most `concurrency` at once, and settled by the outbox's `send`. Any number of senders over one database send
 * each row once (the lease), unless one dies between the receiver's acceptance and the settlement, when the row
 * goes again after the lease.
 */
export function createDeliveryLoop<Row, Counts extends DeliveryCounts>(
  options: DeliveryLoopOptions<Row, Counts>,
): DeliveryLoop<Counts> {
  const { name, clock, log, refusals, describe } = options
  const batchSize = options.batchSize ?? 64
  const concurrency = options.concurrency ?? 16
  const lease = options.lease ?? Temporal.Duration.from({ seconds: 60 })
  const idlePoll = options.idlePoll ?? (() => Temporal.Duration.from({ seconds: 1 }))
  const totals = options.emptyCounts()

  async function sendOne(row: Row, batch: Batch<Row, Counts>): Promise<void> {
    try {
      await options.send(row, batch)
    } catch (error) {
      // The row stays leased and is tried again when the lease ends.
      log.error({ err: error, [name]: describe(row) }, `${name} send failed`)
    }
  }

  async function runBatch(): Promise<Counts> {
    const now = clock.now()
    const rows = await options.claim(now, now.add(lease), batchSize)
    const counts = options.emptyCounts()
    counts.claimed = rows.length
    const batch: Batch<Row, Counts> = {
      now,
      counts,
      blocked(row, { reason, host, address }) {
        counts.blocked++
        refusals.add('send', reason)
        log.warn(
          { [name]: { ...describe(row), reason, host, address } },
          `${name} endpoint refused by the endpoint policy`,
        )
      },
    }
    await forEachBounded(rows, concurrency, (row) => sendOne(row, batch))
    const sum = totals as unknown as Record<string, number>
    for (const [key, value] of Object.entries(counts)) sum[key] = (sum[key] ?? 0) + (value as number)
    return counts
  }

  let running: Promise<void> | null = null
  let stopped = false
  let wakeUp: (() => void) | null = null
  let woken = false

  const idle = () =>
    new Promise<void>((resolve) => {
      if (woken || stopped) return resolve()
      const cancel = clock.schedule(idlePoll(), async () => resolve())
      wakeUp = () => {
        cancel()
        resolve()
      }
    }).finally(() => {
      wakeUp = null
      woken = false
    })

  async function loop(): Promise<void> {
    while (!stopped) {
      woken = false
      let claimed = 0
      try {
        claimed = (await runBatch()).claimed
      } catch (error) {
        log.error({ err: error }, `${name} outbox claim failed`)
      }
      if (claimed < batchSize && !stopped) await idle()
    }
  }

  return {
    start() {
      stopped = false
      running ??= loop().finally(() => {
        running = null
      })
    },
    wake() {
      woken = true
      wakeUp?.()
    },
    async stop() {
      stopped = true
      wakeUp?.()
      await running
    },
    runBatch,
    totals: () => ({ ...totals }),
  }
}
