import type { FastifyReply, FastifyRequest } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { apiError, errorCodes } from '../../src/contract/common'
import type { KeyRef } from '../db/repositories/idempotencyKeys'
import { HttpError } from '../errors/httpError'
import { answerTransaction } from './answerTransaction'
import { requestFingerprint } from './fingerprint'

/** An in-flight claim this old belongs to a run that died (a crashed instance): a retry takes it over. */
export const staleClaimAfter = Temporal.Duration.from({ minutes: 2 })

/**
 * The OpenAPI answer 409 of every call that takes an Idempotency-Key: besides the call's own conflicts, the key
 * may be in flight, also for a while after a crash.
 */
export const idempotencyConflict = apiError.meta({
  description: `Conflict. \`idempotency_in_flight\`: a request with this Idempotency-Key is still running, or its run ended without an answer (its server instance crashed), which holds the key for up to ${staleClaimAfter.total('minutes')} minutes; \`Retry-After\` gives the whole seconds until a retry may run it again. Other codes are the call's own (see its summary).`,
  headers: {
    'retry-after': {
      description: 'With idempotency_in_flight: whole seconds until the key can be taken over',
      type: 'integer',
    },
  },
})

interface HeldClaim {
  ref: KeyRef
  lease: string
  /** The key in this instance's releases (keyReleases.ts). */
  id: string
  /** When a retry may take the claim over anyway. */
  staleAt: Temporal.Instant
}

const claims = new WeakMap<FastifyRequest, HeldClaim>()

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
  const id = JSON.stringify([request.db.tenant, principal, key])
  const fingerprint = requestFingerprint(request.method, request.url, request.body)
  const now = Temporal.Now.instant()
  const claim = await request.db.idempotencyKeys.claim(ref, fingerprint, now, staleClaimAfter)
  switch (claim.kind) {
    case 'claimed':
      claims.set(request, { ref, lease: claim.lease, id, staleAt: now.add(staleClaimAfter) })
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
      // A run of this instance that failed while the database was away may still owe the release.
      if (await request.server.keyReleases.settle(id)) return beginIdempotent(request, reply, principal)
      reply.header('retry-after', String(secondsUntil(claim.staleAt)))
      throw inFlight()
  }
}

/**
 * Whole seconds from now until `instant`, at least 1: a key in flight answers 409 until its run answers or,
 * if that run died (its instance crashed), until its claim is stale and a retry takes it over.
 */
function secondsUntil(instant: Temporal.Instant): number {
  const left = Temporal.Now.instant().until(instant).total('seconds')
  return Math.max(1, Math.ceil(left))
}

function inFlight(): HttpError {
  return new HttpError(
    409,
    errorCodes.idempotencyInFlight,
    'A request with this Idempotency-Key is still being processed: try again shortly',
  )
}

/**
 * Runs the handler of a request that claimed its key (others run as they are) and stores its serialized answer
 * in the same transaction as everything the handler wrote: a crash before the commit leaves nothing done and
 * the key to be taken over, one after it leaves the answer to replay. A run whose claim was taken over in the
 * meantime (it was stale) rolls back and answers 409 in flight; the run that took over answers the retries.
 * Returns the serialized answer; a handler's error rolls back and goes on to the error handler (see below).
 */
export async function runIdempotent(
  request: FastifyRequest,
  reply: FastifyReply,
  handler: () => Promise<unknown>,
): Promise<unknown> {
  const claim = claims.get(request)
  if (!claim) return handler()
  const outside = request.db
  const unit = answerTransaction(outside)
  request.db = unit.db
  try {
    // The contract's JSON serializer gives text, which is what a replay sends back.
    const body = reply.serialize(await handler()) as string
    const contentType = 'application/json; charset=utf-8'
    reply.type(contentType)
    await unit.commit(async (db) => {
      const answer = { statusCode: reply.statusCode, contentType, body }
      if (!(await db.idempotencyKeys.complete(claim.ref, claim.lease, answer))) {
        // The run that took the claim over answers shortly.
        reply.header('retry-after', '1')
        throw inFlight()
      }
    })
    claims.delete(request)
    return body
  } catch (error) {
    await unit.rollback()
    throw error
  } finally {
    request.db = outside
  }
}

/**
 * The route's onSend hook, for answers not stored with the handler's writes (errors): a 4xx, already
 * serialized, is stored for byte-identical replays (the handler's writes were rolled back, so a crash before
 * this leaves nothing done); after a 5xx, or a 4xx that cannot be stored, the key is released so that a retry
 * runs again, and released later if the database is away now (keyReleases.ts).
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
  const release = () =>
    request.server.keyReleases.release(claim.id, () => keys.release(claim.ref, claim.lease), claim.staleAt)
  if (reply.statusCode >= 500 || typeof payload !== 'string') {
    const released = release()
    // A 503 says the database (or a service) is away: its answer goes out without waiting for the release.
    if (reply.statusCode !== 503) await released
    return
  }
  try {
    const contentType = reply.getHeader('content-type')
    await keys.complete(claim.ref, claim.lease, {
      statusCode: reply.statusCode,
      contentType: typeof contentType === 'string' ? contentType : null,
      body: payload,
    })
  } catch (error) {
    // The answer still goes out, unstored: a retry runs again.
    request.log.warn({ err: error }, 'could not store the answer of an idempotent request')
    void release()
  }
}
