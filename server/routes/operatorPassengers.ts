import type { FastifyInstance } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { errorCodes } from '../../src/contract/common'
import { operatorPassengersEndpoints as endpoints } from '../../src/contract/operatorPassengers'
import type { KeyStore } from '../auth/accessTokens'
import { HttpError } from '../errors/httpError'
import { noSuchPassenger } from '../errors/passengerErrors'
import type { Geocoder } from '../geo/geocoder'
import { single } from '../passengers/outcomes'
import { upsertPassengers } from '../passengers/upsertPassengers'
import { upsertPermissions } from '../passengers/upsertPermissions'
import { upsertPlaces } from '../passengers/upsertPlaces'
import { toOperatorPassenger, toOperatorPlace } from '../views/operatorPassengerViews'
import { toWrittenPermission } from '../views/quotaViews'
import { registerEndpoint } from './registerEndpoint'

/** A page's cursor: opaque to the operator, the last id of the page to us. */
const toCursor = (id: string) => Buffer.from(id, 'utf8').toString('base64url')
const fromCursor = (cursor: string) => Buffer.from(cursor, 'base64url').toString('utf8')

/**
 * The operator's master data by its own references (operator API, the tenant's X-Api-Key): passengers, their
 * saved places and transportation permissions, each call a batch of one of the functions a bulk load uses
 * (server/passengers/).
 */
export function registerOperatorPassengersRoutes(
  app: FastifyInstance,
  keys: KeyStore,
  services: { geocoder: Geocoder },
): void {
  registerEndpoint(app, keys, endpoints.upsertPassenger, async ({ request, params, body }) => {
    const item = { ...body, externalRef: params.ref }
    return toOperatorPassenger(
      await request.db.transaction(async (db) => single(await upsertPassengers(db, [item]))),
    )
  })

  registerEndpoint(app, keys, endpoints.getPassengerByRef, async ({ request, params }) => {
    const [row] = await request.db.passengers.findNamed({ ids: [], refs: [params.ref] })
    if (!row) throw noSuchPassenger()
    return toOperatorPassenger(row)
  })

  registerEndpoint(app, keys, endpoints.getPassenger, async ({ request, params }) => {
    const row = await request.db.passengers.find(params.id)
    if (!row) throw noSuchPassenger()
    return toOperatorPassenger(row)
  })

  registerEndpoint(app, keys, endpoints.listPassengers, async ({ request, query }) => {
    // One more than the page: whether another page follows, without a last call that finds none.
    const rows = await request.db.passengers.listPage(
      query.cursor === undefined ? null : fromCursor(query.cursor),
      query.limit + 1,
    )
    const page = rows.slice(0, query.limit)
    return {
      passengers: page.map(toOperatorPassenger),
      nextCursor: rows.length > query.limit ? toCursor(page.at(-1)!.id) : null,
    }
  })

  registerEndpoint(app, keys, endpoints.upsertPlace, async ({ request, params, body }) => {
    const item = { ...body, externalRef: params.ref, passengerId: params.id }
    // Not in a transaction of its own: the geocoder is asked before the request's transaction begins (at its
    // first query); its writes are one statement.
    return toOperatorPlace(single(await upsertPlaces(request.db, services.geocoder, [item])))
  })

  registerEndpoint(app, keys, endpoints.listPlaces, async ({ request, params }) => {
    const passenger = await request.db.passengers.find(params.id)
    if (!passenger) throw noSuchPassenger()
    return (await request.db.places.listForPassenger(passenger.id)).map(toOperatorPlace)
  })

  registerEndpoint(app, keys, endpoints.deletePlace, async ({ request, params }) => {
    if (!(await request.db.places.deleteByRef(params.id, params.ref))) {
      throw new HttpError(404, errorCodes.notFound, 'The passenger has no place with this reference')
    }
    return null
  })

  registerEndpoint(app, keys, endpoints.upsertPermissionByRef, async ({ request, params, body }) => {
    const item = { ...body, externalRef: params.ref }
    const permission = await request.db.transaction(async (db) => single(await upsertPermissions(db, [item])))
    const today = Temporal.Now.plainDateISO(request.tenant.timeZone).toString()
    return { ...toWrittenPermission(permission, today), externalRef: permission.externalRef }
  })
}
