import type { FastifyInstance } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { errorCodes } from '../../src/contract/common'
import { endpoints } from '../../src/contract/endpoints'
import type { KeyStore } from '../auth/accessTokens'
import { createRateWindow } from '../errorReporting/rateWindow'
import type { ServerI18n } from '../i18n/catalogs'
import { reserveRegistration, type CardThrottlePolicy } from '../domain/cardThrottle'
import { acceptInvitation, invitationForCard, visibleInvitation } from '../invitations/invitations'
import { isCardHolder, registrationSubjects } from '../invitations/travelCards'
import { limitKey } from '../net/clientAddress'
import { HttpError } from '../errors/httpError'
import { authenticate } from './authenticate'
import { registerEndpoint } from './registerEndpoint'
import { toPassengerView } from '../views/accountViews'

export interface InvitationRouteOptions {
  keys: KeyStore
  /** INVITATION_RATE_LIMIT_PER_MINUTE. */
  invitationRateLimitPerMinute: number
  /** TRAVEL_CARD_FAILURE_LIMIT and TRAVEL_CARD_FAILURE_WINDOW_HOURS. */
  travelCardFailures: CardThrottlePolicy
  /** The catalogs the guardians' notice is written with. */
  i18n: ServerI18n
}

/**
 * Invitations and travel cards: `GET api/invitation/{code}`, `POST api/invitation` and
 * `POST api/account/registercard`, in a scope of their own whose every request counts against one limit per
 * client address; a registration's failures also count per card number and per name, in the database.
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
      request.tenant.timeZone,
    )
    if (!found) throw new HttpError(404, errorCodes.notFound, 'Invitation not found')
    // The answer depends on the token and names the code: no cache keeps it.
    reply.header('cache-control', 'no-store')
    return found
  })

  registerEndpoint(scope, options.keys, endpoints.acceptInvitation, async ({ request, user, body }) => {
    const acceptance = await acceptInvitation(request.db, user, body.code, Temporal.Now.instant(), {
      i18n: options.i18n,
      timeZone: request.tenant.timeZone,
    })
    if (acceptance.kind === 'not_found') {
      throw new HttpError(404, errorCodes.notFound, 'Invitation was not found or it has expired')
    }
    if (acceptance.kind === 'identity_required') {
      throw new HttpError(
        403,
        errorCodes.identityVerificationRequired,
        'The passenger already has a guardian: accept with strong authentication',
      )
    }
    return acceptance.passengers.map((passenger) => ({ passenger: toPassengerView(passenger) }))
  })

  const noCard = () => new HttpError(404, errorCodes.notFound, 'No travel card has this number and holder')

  registerEndpoint(scope, options.keys, endpoints.registerTravelCard, async ({ request, reply, body }) => {
    if (!request.tenant.config.features.travelCardRegistration) throw noCard()
    // Counted as a failure before the card is looked up, so that concurrent guesses cannot all pass; a match
    // forgives it. A card number or name that failed too often is refused whatever comes with it.
    const now = Temporal.Now.instant()
    const subjects = registrationSubjects(body.cardNumber, body.name)
    const policy = options.travelCardFailures
    const reservation = await request.db.travelCardThrottles.reserve(subjects, now, (card, name) =>
      reserveRegistration(card, name, now, policy),
    )
    if (!reservation.allowed) {
      reply.header('retry-after', String(reservation.retryAfterSeconds))
      throw new HttpError(
        429,
        errorCodes.tooManyRequests,
        'Too many failed registrations of this card number or name; try again later',
      )
    }
    const card = await request.db.invitations.findCard(body.cardNumber)
    if (!card || !isCardHolder(card.holder_name, body.name)) {
      await request.db.travelCardThrottles.pruneBefore(now.subtract({ hours: policy.windowHours }))
      throw noCard()
    }
    await request.db.travelCardThrottles.forgive(subjects)
    return invitationForCard(request.db, card, now, request.tenant.timeZone)
  })
}
