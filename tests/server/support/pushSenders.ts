import type { Kysely } from 'kysely'
import type { Database } from '../../../server/db/schema'
import type { ServerI18n } from '../../../server/i18n/catalogs'
import { createEndpointRefusals, type EndpointRefusals } from '../../../server/outbound/endpointRefusals'
import { vapidKeysOnce } from '../../../server/notifications/vapid'
import { defaultOutboundPorts } from '../../../server/outbound/endpointPolicy'
import { createPushTransport, type PushTransport } from '../../../server/notifications/pushTransport'
import { createPushSender, type PushSender } from '../../../server/notifications/sender'
import type { SenderLog } from '../../../server/outbound/deliveryLoop'
import type { Clock } from '../../../server/time/clock'

const quiet: SenderLog = { warn: () => undefined, error: () => undefined }

/**
 * A sender over `db`, as an instance of the server makes one, on `clock`: it reaches a push service stand-in
 * (pushServiceStandIn.ts) only by the endpoints' names, through the same policy as any push service.
 */
export async function senderFor(
  db: Kysely<Database>,
  i18n: ServerI18n,
  clock: Clock,
  log: SenderLog = quiet,
): Promise<{ sender: PushSender; transport: PushTransport; refusals: EndpointRefusals }> {
  const transport = createPushTransport({
    vapid: vapidKeysOnce(db, null),
    subject: 'mailto:test@example.com',
    allowedPorts: defaultOutboundPorts,
  })
  const refusals = createEndpointRefusals()
  return {
    sender: createPushSender({ db, transport, i18n, clock, log, refusals }),
    transport,
    refusals,
  }
}
