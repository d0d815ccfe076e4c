import type { FastifyInstance } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { errorCodes } from '../../src/contract/common'
import { endpoints } from '../../src/contract/endpoints'
import type { KeyStore } from '../auth/accessTokens'
import { createRateWindow } from '../errorReporting/rateWindow'
import { acceptInvitation, invitationForCard, visibleInvitation } from '../invitations/invitations'
import { isCardHolder } from '../invitations/travelCards'
import { limitKey } from '../net/clientAddress'
import { HttpError } from '../plugins/errors'
import { requestTimeZone } from '../trips/access'
import { authenticate } from './authenticate'
import { registerEndpoint } from './registerEndpoint'
import { toPassengerView } from './views'

export interface InvitationRouteOptions {
  keys: KeyStore
  /** INVITATION_RATE_LIMIT_PER_MINUTE. */
  invitationRateLimitPerMinute: number
}

/**
 * Invitations and travel cards (issue 10): `GET api/invitation/{code}`, `POST api/invitation` and
 * `POST api/account/registercard`, in a scope of their own whose every request counts against one limit per
 * client address.
 */
export async function invitationRoutes(
  scope: FastifyInstance,
  options: InvitationRouteOptions,
): Promise<void> {
  // Each request is a guess at a code or at a card's name and number. Counted before authentication and
  // validation, so a malformed guess counts too, and before the idempotency key is claimed, so a 429 is never
  // stored as a key's answer. In memory per instance like the tracking links' limit: the codes are too long to
  // guess, and a card's number with its holder's name is what a slow guesser would be after.
  const rate = createRateWindow({
    limit: options.invitationRateLimitPerMinute,
    windowMs: 60_000,
    maxKeys: 10_000,
  })
  scope.addHook('onRequest', async (request) => {
    if (!rate.take(limitKey(request.ip))) {
      throw new HttpError(
        429,
        errorCodes.tooManyRequests,
        'Too many requests from this address; wait a minute',
      )
    }
  })

  registerEndpoint(scope, options.keys, endpoints.getInvitation, async ({ request, reply, params }) => {
    // No login needed; a bearer token, which the portal sends whenever it has one, tells whose it is.
    const user = request.headers.authorization ? (await authenticate(request, true, options.keys)).user : null
    const found = await visibleInvitation(
      request.db,
      params.code,
      user?.id ?? null,
      Temporal.Now.instant(),
      requestTimeZone(request),
    )
    if (!found) throw new HttpError(404, errorCodes.notFound, 'Invitation not found')
    // The answer depends on the token and names the code: no cache keeps it.
    reply.header('cache-control', 'no-store')
    return found
  })

  registerEndpoint(scope, options.keys, endpoints.acceptInvitation, async ({ request, user, body }) => {
    const passengers = await acceptInvitation(request.db, user.id, body.code, Temporal.Now.instant())
    if (!passengers) {
      throw new HttpError(404, errorCodes.notFound, 'Invitation was not found or it has expired')
    }
    return passengers.map((passenger) => ({ passenger: toPassengerView(passenger) }))
  })

  registerEndpoint(scope, options.keys, endpoints.registerTravelCard, async ({ request, body }) => {
    const card = request.tenant.config.features.travelCardRegistration
      ? await request.db.invitations.findCard(body.cardNumber)
      : undefined
    if (!card || !isCardHolder(card.holder_name, body.name)) {
      throw new HttpError(404, errorCodes.notFound, 'No travel card has this number and holder')
    }
    return invitationForCard(request.db, card.passenger_id, Temporal.Now.instant(), requestTimeZone(request))
  })
}
