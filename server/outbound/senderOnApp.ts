import type { FastifyInstance } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import type { VersionWatch } from '../reads/versionWatch'
import type { DeliveryCounts, DeliveryLoop } from './deliveryLoop'

const announcedPoll = Temporal.Duration.from({ seconds: 10 })
const unannouncedPoll = Temporal.Duration.from({ seconds: 1 })

/**
 * How long an idle sender waits before it looks anyway: while the listener is connected every queued row is
 * announced (the outbox's trigger on the `read_versions` channel), so the poll only finds retries come due and
 * leases run out; without it, a second.
 */
export const idlePollOf = (watch: VersionWatch) => () => (watch.connected ? announcedPoll : unannouncedPoll)

/**
 * Runs an outbox's sender with the app: started when it is ready, woken whenever the database announces `tag`
 * (a row queued by any instance) or the listener (re)connects, stopped when it closes, and then `closed`.
 */
export function runSenderOnApp<Counts extends DeliveryCounts>(
  app: FastifyInstance,
  sender: DeliveryLoop<Counts>,
  tag: string,
  closed: () => void,
): void {
  app.versionWatch.follow({
    // On (re)connecting, what was queued meanwhile was not heard: look now.
    listening: () => sender.wake(),
    notified: (payload) => {
      if (payload === tag) sender.wake()
    },
    lost: () => {},
  })
  app.addHook('onReady', async () => sender.start())
  app.addHook('onClose', async () => {
    await sender.stop()
    closed()
  })
}
