import type { FastifyReply, FastifyRequest } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { errorCodes } from '../../src/contract/common'
import type { KeyRef } from '../db/repositories/idempotencyKeys'
import { HttpError } from '../plugins/errors'
import { requestFingerprint } from './fingerprint'

/** Keys are kept at least this long; older ones are purged. */
export const keyRetention = Temporal.Duration.from({ hours: 30 * 24 })
/** An in-flight claim this old belongs to a run that died (a crashed instance): a retry takes it over. */
export const staleClaimAfter = Temporal.Duration.from({ minutes: 2 })

const claims = new WeakMap<FastifyRequest, { ref: KeyRef; lease: string }>()

/**
 * Before a state-changing handler runs: claims the request's Idempotency-Key for `principal`. Returns true when
 * it answered by replaying the first answer; throws 422 for a key reused with another request and 409 for one
 * still in flight; returns false when the handler should run (a new key, or no key at all). (Not the reply
 * itself: a reply is thenable, and awaiting it would wait for the answer to be sent.)
 */
export async function beginIdempotent(
  request: FastifyRequest,
  reply: FastifyReply,
  principal: string,
): Promise<boolean> {
  const key = request.headers['idempotency-key']
  if (typeof key !== 'string') return false
  const ref = { principal, key }
  const fingerprint = requestFingerprint(request.method, request.url, request.body)
  const claim = await request.db.idempotencyKeys.claim(
    ref,
    fingerprint,
    Temporal.Now.instant(),
    staleClaimAfter,
  )
  switch (claim.kind) {
    case 'claimed':
      claims.set(request, { ref, lease: claim.lease })
      return false
    case 'replay': {
      const { statusCode, contentType, body } = claim.answer
      if (contentType) reply.header('content-type', contentType)
      reply.code(statusCode).header('idempotent-replayed', 'true').send(body)
      return true
    }
    case 'reused':
      throw new HttpError(
        422,
        errorCodes.idempotencyKeyReused,
        'This Idempotency-Key was used with another request',
      )
    case 'in_flight':
      reply.header('retry-after', '1')
      throw new HttpError(
        409,
        errorCodes.idempotencyInFlight,
        'A request with this Idempotency-Key is still being processed: try again shortly',
      )
  }
}

/**
 * The route's onSend hook: the answer of a claimed key as it goes out, already serialized, is stored for
 * byte-identical replays (2xx and 4xx); after a 5xx the key is released so that a retry runs again.
 */
export async function finishIdempotent(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<void> {
  const claim = claims.get(request)
  if (!claim) return
  claims.delete(request)
  const keys = request.db.idempotencyKeys
  try {
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      await keys.release(claim.ref, claim.lease)
      return
    }
    const contentType = reply.getHeader('content-type')
    await keys.complete(claim.ref, claim.lease, {
      statusCode: reply.statusCode,
      contentType: typeof contentType === 'string' ? contentType : null,
      body: payload,
    })
  } catch (error) {
    // The answer still goes out; the key stays in flight until it is stale, and a retry then runs again.
    request.log.error({ err: error }, 'could not store the answer of an idempotent request')
  }
}
