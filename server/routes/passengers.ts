import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { errorCodes } from '../../src/contract/common'
import { endpoints } from '../../src/contract/endpoints'
import type { KeyStore } from '../auth/accessTokens'
import type { PassengerRow } from '../db/repositories/passengers'
import type { UserRow } from '../db/repositories/users'
import { withPassenger } from '../domain/tripView'
import { HttpError } from '../plugins/errors'
import { tripWindow } from '../reads/tripWindow'
import { requestTimeZone } from '../trips/access'
import { registerEndpoint } from './registerEndpoint'
import { toPassengerView, toPlaceView } from './views'

const passengerNotFound = () => new HttpError(404, errorCodes.notFound, 'Passenger not found')

/** A passenger granted to this user in this tenant; anything else is indistinguishable from a missing one. */
export async function grantedPassenger(
  request: FastifyRequest,
  user: UserRow,
  passengerId: string,
): Promise<PassengerRow> {
  const passenger = await request.db.passengers.findGranted(user.id, passengerId)
  if (!passenger) throw passengerNotFound()
  return passenger
}

/**
 * The two hot reads answer from the app's answer cache when the version they read with their authorization (a
 * grant in this tenant; for the list, the user itself) is the cached answer's (server/reads/answerCache.ts).
 */
export function registerPassengerRoutes(app: FastifyInstance, keys: KeyStore): void {
  registerEndpoint(app, keys, endpoints.listPassengers, async ({ request, user }) => {
    const version = await request.db.readVersions.passengerList(user.id)
    if (version === undefined)
      throw new HttpError(401, errorCodes.unauthorized, 'The access token is not valid')
    return request.server.answerCache.answer(
      `passengers\u0000${request.tenant.id}\u0000${user.id}`,
      version,
      async () => (await request.db.passengers.listGranted(user.id)).map(toPassengerView),
    )
  })

  registerEndpoint(app, keys, endpoints.addPassenger, async ({ request, user, body }) => {
    const passengerId = await request.db.passengers.claimWithAccessCode(
      user.id,
      body.token,
      Temporal.Now.instant(),
    )
    if (!passengerId)
      throw new HttpError(404, errorCodes.invalidToken, 'The access code is unknown, used or expired')
    return toPassengerView(await grantedPassenger(request, user, passengerId))
  })

  registerEndpoint(app, keys, endpoints.updatePassenger, async ({ request, user, params, body }) => {
    const passenger = await grantedPassenger(request, user, params.id)
    return toPassengerView(await request.db.passengers.updateAvatarText(passenger.id, body.avatarText))
  })

  registerEndpoint(app, keys, endpoints.listPlaces, async ({ request, user, params }) => {
    const passenger = await grantedPassenger(request, user, params.id)
    return (await request.db.places.listForPassenger(passenger.id)).map(toPlaceView)
  })

  registerEndpoint(app, keys, endpoints.listTrips, async ({ request, user, params }) => {
    const version = await request.db.readVersions.grantedPassenger(user.id, params.id)
    if (version === undefined) throw passengerNotFound()
    const timeZone = requestTimeZone(request)
    const window = tripWindow(timeZone)
    const key = `trips\u0000${request.tenant.id}\u0000${params.id}\u0000${timeZone}\u0000${window.today}`
    return request.server.answerCache.answer(key, version, async () => {
      const found = await request.db.trips.grantedPassengerTrips(
        user.id,
        params.id,
        window.from,
        window.to,
        timeZone,
      )
      if (!found) throw passengerNotFound()
      return found.trips.map((trip) => withPassenger(trip, found.passenger))
    })
  })
}
