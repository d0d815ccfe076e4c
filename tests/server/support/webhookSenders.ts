import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { Temporal } from 'temporal-polyfill'
import type { TenantId } from '../../../tenants'
import type { Database } from '../../../server/db/schema'
import { tenantDb } from '../../../server/db/tenantDb'
import { tellOperator, type ToldOperator } from '../../../server/outbox/operatorChanges'
import type { SenderLog } from '../../../server/outbound/deliveryLoop'
import { defaultOutboundPorts } from '../../../server/outbound/endpointPolicy'
import { createEndpointRefusals } from '../../../server/outbound/endpointRefusals'
import { createOutboundClient, type OutboundClient } from '../../../server/outbound/outboundClient'
import type { Clock } from '../../../server/time/clock'
import { createWebhookSender, type OnDelivered } from '../../../server/webhooks/sender'
import { simulatedClock, type SimulatedClock } from './simulatedClock'

/**
 * Changes and webhook senders as the server makes them, for tests and the bench (no Vitest here): the webhook
 * receiver they reach is tests/server/support/webhookReceiver.ts.
 */

/** A user with a passenger of their own, who makes changes (as a guardian's actions would, through tellOperator). */
export async function changeMaker(db: Kysely<Database>, tenant: TenantId = 'espoo') {
  const data = tenantDb(db, tenant)
  const user = await data.users.create({ name: 'Webhook Huoltaja' })
  const passengerId = randomUUID()
  await data.passengers.insertMany([{ id: passengerId, name: 'Lapsi', phone: null, avatar_text: 'L' }])
  await data.passengers.grant(user.id, [passengerId])
  /** `count` cancellations of trips tomorrow, in one transaction (another `db` for another instance's). */
  return async (count = 1, on: Kysely<Database> = db): Promise<ToldOperator[]> => {
    const start = Temporal.Now.instant().add({ hours: 24 })
    return tenantDb(on, tenant).transaction((trx) =>
      tellOperator(
        trx,
        Array.from({ length: count }, (_, index) => ({
          type: 'trip.cancelled' as const,
          occurredAt: Temporal.Now.instant(),
          passengerId,
          actorUserId: user.id,
          data: {
            trip: {
              id: randomUUID(),
              date: start.toZonedDateTimeISO('Europe/Helsinki').toPlainDate().toString(),
              start: start.add({ minutes: index }).toString(),
            },
            source: 'detail' as const,
            reasonCode: 'sick' as const,
            reason: 'Kuumetta',
          },
        })),
      ),
    )
  }
}

/**
 * A sender's simulated clock, a minute ahead of the database's: what a test queues (due at the database's now)
 * is due at once.
 */
export const senderClock = (): SimulatedClock => simulatedClock(Temporal.Now.instant().add({ minutes: 1 }))

const quiet: SenderLog = { warn: () => undefined, error: () => undefined }

/** A webhook sender over `db`, as an instance makes one, on `clock`, with its own connections. */
export function webhookSenderFor(
  db: Kysely<Database>,
  clock: Clock,
  options: { log?: SenderLog; onDelivered?: OnDelivered; retryHours?: number } = {},
) {
  const client: OutboundClient = createOutboundClient({ allowedPorts: defaultOutboundPorts })
  const refusals = createEndpointRefusals()
  const sender = createWebhookSender({
    db,
    client,
    clock,
    log: options.log ?? quiet,
    refusals,
    retryWindow: Temporal.Duration.from({ hours: options.retryHours ?? 72 }),
    ...(options.onDelivered ? { onDelivered: options.onDelivered } : {}),
  })
  return { sender, client, refusals }
}
