import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { OperatorMessageRequest } from '../../../src/contract/messages'
import type { TenantId } from '../../../tenants'
import type { Database } from '../../../server/db/schema'
import { tenantDb } from '../../../server/db/tenantDb'
import { demoOperatorKey } from '../../../server/demo/operatorKeys'
import { api, sessionTokenFor, testPort } from './app'

/** Calls of a user's messages, with a bearer token. */
export function messagesOf(app: FastifyInstance, tenant: TenantId, token: string) {
  return {
    page: (page?: number | string) =>
      api(app, tenant, token, { url: page === undefined ? '/api/message' : `/api/message?page=${page}` }),
    send: (payload: unknown, key: string | null = randomUUID()) =>
      api(app, tenant, token, {
        method: 'POST',
        url: '/api/message',
        payload,
        ...(key === null ? {} : { headers: { 'idempotency-key': key } }),
      }),
    seen: (id: string, headers: Record<string, string> = {}) =>
      api(app, tenant, token, { method: 'PUT', url: `/api/message/${encodeURIComponent(id)}/seen`, headers }),
    confirm: (id: string, headers: Record<string, string> = {}) =>
      api(app, tenant, token, {
        method: 'PUT',
        url: `/api/message/${encodeURIComponent(id)}/confirm`,
        headers,
      }),
  }
}

/** The operator API's messages with the tenant's demo key (or `key`). */
export function operatorMessagesOf(
  app: FastifyInstance,
  tenant: TenantId,
  key: string | null = demoOperatorKey(tenant),
) {
  const headers = (extra: Record<string, string> = {}) => ({
    host: `${tenant}.localhost:${testPort}`,
    ...(key ? { 'x-api-key': key } : {}),
    ...extra,
  })
  return {
    send: (
      passengerId: string,
      payload: OperatorMessageRequest | object,
      idempotencyKey: string | null = randomUUID(),
    ) =>
      app.inject({
        method: 'POST',
        url: `/api/operator/passengers/${encodeURIComponent(passengerId)}/messages`,
        headers: headers(idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey }),
        payload,
      }),
    list: (passengerId: string, after?: string) =>
      app.inject({
        url: `/api/operator/passengers/${encodeURIComponent(passengerId)}/messages${after === undefined ? '' : `?after=${after}`}`,
        headers: headers(),
      }),
    get: (messageId: string) =>
      app.inject({ url: `/api/operator/messages/${encodeURIComponent(messageId)}`, headers: headers() }),
  }
}

/**
 * A new user of `tenant` with passengers of their own (none of the demo's), and a bearer token: a thread that
 * starts empty, for counting pages exactly.
 */
export async function newGuardian(db: Kysely<Database>, tenant: TenantId, name: string, passengerCount = 1) {
  const data = tenantDb(db, tenant)
  const user = await data.users.create({ name })
  const passengerIds = Array.from({ length: passengerCount }, () => randomUUID())
  await data.passengers.insertMany(
    passengerIds.map((id, index) => ({ id, name: `Lapsi ${index + 1}`, phone: null, avatar_text: 'L' })),
  )
  await data.passengers.grant(user.id, passengerIds)
  return { userId: user.id, passengerIds, token: await sessionTokenFor(db, tenant, user.id, 600) }
}
