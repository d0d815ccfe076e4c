import { createHash } from 'node:crypto'
import { z } from 'zod'
import { idempotencyKeyRetention } from '../../src/contract/codes'
import { idempotencyKey } from '../../src/contract/commandBatch'

/** The `Idempotency-Key` header of state-changing calls, as the OpenAPI document tells it. */
const idempotencyKeyHeader = idempotencyKey.describe(
  `Makes the call safe to retry: the first answer (2xx or 4xx) is stored for ${idempotencyKeyRetention.hours / 24} days and replayed with \`Idempotent-Replayed: true\`; the same key with another request is 422, one still running 409 with \`Retry-After\``,
)

/** Loose, so that the other headers pass through validation untouched. */
export const idempotencyHeaders = z.looseObject({ 'idempotency-key': idempotencyKeyHeader.optional() })

/** The headers of a call that must not run without a key (a booking): 400 validation_failed without one. */
export const requiredIdempotencyHeaders = z.looseObject({ 'idempotency-key': idempotencyKeyHeader })

/** JSON with object keys sorted, so that the same body always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/** What a key is bound to: the method, the path (with its ids) and the validated body. */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${url}\n${canonicalJson(body ?? null)}`, 'utf8')
    .digest('hex')
}
