import type { Kysely } from 'kysely'
import type { Database } from '../../../server/db/schema'
import type { ServerI18n } from '../../../server/i18n/catalogs'
import { vapidKeysOnce } from '../../../server/notifications/vapid'
import { createPushTransport, type PushTransport } from '../../../server/notifications/pushTransport'
import { createPushSender, type PushSender, type SendCounts } from '../../../server/notifications/sender'
import type { Clock } from '../../../server/simulator/clock'

const quiet = { warn: () => undefined, error: () => undefined }

/** A sender over `db` to the stand-in at `origin`, as an instance of the server makes one, on `clock`. */
export async function senderFor(
  db: Kysely<Database>,
  origin: string,
  i18n: ServerI18n,
  clock: Clock,
): Promise<{ sender: PushSender; transport: PushTransport }> {
  const transport = createPushTransport({
    vapid: vapidKeysOnce(db, null),
    subject: 'mailto:test@example.com',
    allowedOrigins: [origin],
  })
  return { sender: createPushSender({ db, transport, i18n, clock, log: quiet }), transport }
}

/** Runs batches until one claims nothing; the counts summed. */
export async function drain(sender: PushSender): Promise<SendCounts> {
  const total: SendCounts = { claimed: 0, delivered: 0, expired: 0, retried: 0, dropped: 0, gone: 0 }
  for (;;) {
    const counts = await sender.runBatch()
    for (const key of Object.keys(total) as (keyof SendCounts)[]) total[key] += counts[key]
    if (counts.claimed === 0) return total
  }
}
