import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { Webhook } from 'standardwebhooks'
import type { Temporal } from 'temporal-polyfill'
import { vi } from 'vitest'
import type { TenantId } from '../../../tenants'
import { installOperatorKeys } from '../../../server/auth/operatorKeys'
import type { Database } from '../../../server/db/schema'
import { demoOperatorKey, demoOperatorKeyGrants } from '../../../server/demo/operatorKeys'
import { testPort } from './app'
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
