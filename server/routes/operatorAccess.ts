import type { FastifyInstance } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { errorCodes } from '../../src/contract/common'
import { operatorAccessEndpoints } from '../../src/contract/operatorAccess'
import type { KeyStore } from '../auth/accessTokens'
import type { TravelCardRow } from '../db/repositories/invitations'
import { zonedIso } from '../domain/tripView'
import { HttpError } from '../errors/httpError'
import { issueAccessCode } from '../invitations/accessCodes'
import { removeGuardian } from '../invitations/guardians'
import { invitationLink, issueInvitation } from '../invitations/issuedInvitations'
import { issueTravelCard } from '../invitations/issuedTravelCards'
import { registerEndpoint } from './registerEndpoint'

const notFound = (what: string) => new HttpError(404, errorCodes.notFound, `${what} not found`)

const cardView = (card: TravelCardRow) => ({
  cardNumber: card.card_number,
  passengerId: card.passenger_id,
  holderName: card.holder_name,
})

/**
 * Guardians' access through the operator API (the tenant's X-Api-Key): access codes, invitations and travel cards
 * that give a user a passenger, who holds each passenger, and taking a passenger away from a user.
 */
export function registerOperatorAccessRoutes(app: FastifyInstance, keys: KeyStore): void {
  const endpoints = operatorAccessEndpoints

  registerEndpoint(app, keys, endpoints.createAccessCode, async ({ request, params, body }) => {
    const timeZone = request.tenant.timeZone
    const { code, row } = await issueAccessCode(request.db, params.id, Temporal.Now.instant(), body)
    return {
      id: row.id,
      code,
      hint: row.hint,
      expiresAt: zonedIso(row.expires_at, timeZone),
      createdAt: zonedIso(row.created_at, timeZone),
    }
  })

  registerEndpoint(app, keys, endpoints.listAccessCodes, async ({ request, params }) => {
    if (!(await request.db.passengers.find(params.id))) throw notFound('Passenger')
    const timeZone = request.tenant.timeZone
    const at = (instant: Temporal.Instant | null) => (instant ? zonedIso(instant, timeZone) : null)
    return (await request.db.passengers.listAccessCodes(params.id)).map((row) => ({
      id: row.id,
      hint: row.hint,
      expiresAt: zonedIso(row.expires_at, timeZone),
      usedAt: at(row.used_at),
      usedByUserId: row.used_by_user_id,
      createdAt: zonedIso(row.created_at, timeZone),
    }))
  })

  registerEndpoint(app, keys, endpoints.revokeAccessCode, async ({ request, params }) => {
    if (!(await request.db.passengers.deleteAccessCode(params.id))) throw notFound('Access code')
    return null
  })

  registerEndpoint(app, keys, endpoints.createInvitation, async ({ request, body }) => {
    const row = await issueInvitation(request.db, body, Temporal.Now.instant())
    return {
      code: row.code,
      link: invitationLink(request.tenant.portalUrl, row.code),
      expiresAt: zonedIso(row.expires_at, request.tenant.timeZone),
    }
  })

  registerEndpoint(app, keys, endpoints.deleteInvitation, async ({ request, params }) => {
    if (!(await request.db.invitations.delete(params.code))) throw notFound('Invitation')
    return null
  })

  registerEndpoint(app, keys, endpoints.putTravelCard, async ({ request, params, body }) =>
    cardView(await issueTravelCard(request.db, { cardNumber: params.number, ...body })),
  )

  registerEndpoint(app, keys, endpoints.listTravelCards, async ({ request, params }) => {
    if (!(await request.db.passengers.find(params.id))) throw notFound('Passenger')
    return (await request.db.invitations.cardsOf(params.id)).map(cardView)
  })

  registerEndpoint(app, keys, endpoints.deleteTravelCard, async ({ request, params }) => {
    if (!(await request.db.invitations.deleteCard(params.number))) throw notFound('Travel card')
    return null
  })

  registerEndpoint(app, keys, endpoints.listGuardians, async ({ request, params }) => {
    if (!(await request.db.passengers.find(params.id))) throw notFound('Passenger')
    return (await request.db.passengers.guardiansOf(params.id)).map((guardian) => ({
      userId: guardian.userId,
      name: guardian.name,
      strongAuthentication: guardian.identityVerified,
      grantedAt: zonedIso(guardian.grantedAt, request.tenant.timeZone),
    }))
  })

  registerEndpoint(app, keys, endpoints.removeGuardian, async ({ request, params }) => {
    if (!(await removeGuardian(request.db, params.id, params.userId))) throw notFound('Guardian')
    return null
  })
}
