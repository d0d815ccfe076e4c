import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { Webhook } from 'standardwebhooks'
import { Temporal } from 'temporal-polyfill'
import { vi } from 'vitest'
import type { TenantId } from '../../../tenants'
import { installOperatorKeys } from '../../../server/auth/operatorKeys'
import type { Database } from '../../../server/db/schema'
import { tenantDb } from '../../../server/db/tenantDb'
import { demoOperatorKey, demoOperatorKeyGrants } from '../../../server/demo/operatorKeys'
import { tellOperator, type ToldOperator } from '../../../server/outbox/operatorChanges'
import type { SenderLog } from '../../../server/outbound/deliveryLoop'
import { defaultOutboundPorts } from '../../../server/outbound/endpointPolicy'
import { createEndpointRefusals } from '../../../server/outbound/endpointRefusals'
import { createOutboundClient, type OutboundClient } from '../../../server/outbound/outboundClient'
import type { Clock } from '../../../server/time/clock'
import { createWebhookSender, type OnDelivered } from '../../../server/webhooks/sender'
import { testPort } from './app'
import { simulatedClock, type SimulatedClock } from './simulatedClock'
import type { ReceivedWebhook } from './webhookReceiver'

/** The operator API's webhook and dispatch calls, with the tenant's demo key (installed by `operatorKeyOf`). */
export function operatorWebhookOf(app: FastifyInstance, tenant: TenantId = 'espoo') {
  const call = (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
    idempotencyKey: string | null = method === 'POST' ? randomUUID() : null,
  ) =>
    app.inject({
      method,
      url,
      headers: {
        host: `${tenant}.localhost:${testPort}`,
        'x-api-key': demoOperatorKey(tenant),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      ...(payload === undefined ? {} : { payload }),
    })
  return {
    get: () => call('GET', '/api/operator/webhook'),
    put: (body: object) => call('PUT', '/api/operator/webhook', body),
    remove: () => call('DELETE', '/api/operator/webhook'),
    rotate: (body: object = {}, key?: string | null) =>
      call('POST', '/api/operator/webhook/secret', body, key),
    deliveries: (query = '') => call('GET', `/api/operator/webhook/deliveries${query}`),
    replay: (body: object, key?: string | null) => call('POST', '/api/operator/webhook/replay', body, key),
    change: (id: string) => call('GET', `/api/operator/changes/${id}`),
    dispatch: () => call('GET', '/api/operator/dispatch'),
    putDispatch: (body: object) => call('PUT', '/api/operator/dispatch', body),
  }
}

/** Stores the tenant's demo operator key, so that `operatorWebhookOf` may call (no demo seed needed). */
export async function operatorKeyOf(db: Kysely<Database>, tenant: TenantId = 'espoo'): Promise<void> {
  await installOperatorKeys(db, demoOperatorKeyGrants([tenant]))
}

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

/** The headers standardwebhooks verifies. */
const signedPart = (received: ReceivedWebhook) => ({
  'webhook-id': String(received.headers['webhook-id']),
  'webhook-timestamp': String(received.headers['webhook-timestamp']),
  'webhook-signature': String(received.headers['webhook-signature']),
})

/**
 * Whether `secret` verifies what was received, as a receiver does with the standardwebhooks package, whose
 * clock (Date, which it checks the timestamp against within five minutes) reads `at`: the receiver's now.
 */
export function verifies(secret: string, received: ReceivedWebhook, at: Temporal.Instant): boolean {
  vi.setSystemTime(at.epochMilliseconds)
  try {
    new Webhook(secret).verify(received.body, signedPart(received))
    return true
  } catch {
    return false
  } finally {
    vi.useRealTimers()
  }
}
