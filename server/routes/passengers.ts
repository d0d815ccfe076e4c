import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { errorCodes } from '../../src/contract/common'
import { endpoints, type PassengerReads } from '../../src/contract/endpoints'
import type { KeyStore } from '../auth/accessTokens'
import type { PassengerRow } from '../db/repositories/passengers'
import type { UserRow } from '../db/repositories/users'
import { toUnapprovedBooking, withPassenger } from '../domain/tripView'
import { claimAccessCode } from '../invitations/accessCodes'
import { passengerQuotas } from '../permissions/passengerQuotas'
import { HttpError } from '../errors/httpError'
import { SerializedAnswer } from '../reads/answerCache'
import { tripWindow } from '../reads/tripWindow'
import { registerEndpoint } from './registerEndpoint'
import { toPassengerView, toPlaceView } from '../views/accountViews'

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
    const passengerId = await claimAccessCode(request.db, user.id, body.token, Temporal.Now.instant())
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
    const trips = await passengerTrips(request, user, params.id)
    if (!trips) throw passengerNotFound()
    return trips
  })

  registerEndpoint(app, keys, endpoints.listPassengerReads, async ({ request, user, query }) => {
    const passengers = await request.db.passengers.listGranted(user.id)
    const reads = await Promise.all(
      passengers.map(async (passenger) => {
        const [version, places, permissions] = await Promise.all([
          request.db.readVersions.grantedPassenger(user.id, passenger.id),
          request.db.places.listForPassenger(passenger.id),
          query.permissions === 'true' ? passengerQuotas(request, passenger.id) : undefined,
        ])
        // A grant taken away since the list was read: the passenger is left out, as the next list would.
        if (version === undefined) return null
        // One version for both: the trips' and the bookings' are those of the same moment.
        const [trips, bookings] = await Promise.all([
          cachedTrips(request, user, passenger.id, version),
          cachedBookings(request, passenger.id, version),
        ])
        const read = {
          passenger: toPassengerView(passenger),
          places: places.map(toPlaceView),
          ...(permissions ? { permissions } : {}),
        }
        return withCached(read, { trips, bookings })
      }),
    )
    const bytes = reads.filter((read) => read !== null)
    return new SerializedAnswer<PassengerReads[]>(
      Buffer.concat([
        Buffer.from('['),
        ...bytes.flatMap((read, index) => (index ? [comma, read] : [read])),
        Buffer.from(']'),
      ]),
    )
  })
}

const comma = Buffer.from(',')

/** `read` as JSON with the cached answers spliced in as they are, not parsed and serialized again. */
function withCached(read: object, cached: Record<string, SerializedAnswer<unknown>>): Buffer {
  const json = JSON.stringify(read)
  return Buffer.concat([
    Buffer.from(json.slice(0, -1)),
    ...Object.entries(cached).flatMap(([name, answer]) => [Buffer.from(`,"${name}":`), answer.bytes]),
    Buffer.from('}'),
  ])
}

/**
 * A granted passenger's trips in the trip window, from the answer cache when the grant's version is the cached
 * answer's; null when the passenger is not granted to the user.
 */
async function passengerTrips(request: FastifyRequest, user: UserRow, passengerId: string) {
  const version = await request.db.readVersions.grantedPassenger(user.id, passengerId)
  if (version === undefined) return null
  return cachedTrips(request, user, passengerId, version)
}

/** The trips of a passenger granted at `version` (which covers the passenger's trips), built once per version. */
function cachedTrips(request: FastifyRequest, user: UserRow, passengerId: string, version: string) {
  const timeZone = request.tenant.timeZone
  const window = tripWindow(timeZone)
  const key = `trips\u0000${request.tenant.id}\u0000${passengerId}\u0000${timeZone}\u0000${window.today}`
  return request.server.answerCache.answer(key, version, async () => {
    const found = await request.db.trips.grantedPassengerTrips(
      user.id,
      passengerId,
      window.from,
      window.to,
      timeZone,
    )
    if (!found) throw passengerNotFound()
    return found.trips.map((trip) => withPassenger(trip, found.passenger))
  })
}

/**
 * The portal bookings of the trip window that await approval or were refused, of a passenger granted at
 * `version`: the same version as the trips', which every change of a trip's approval moves.
 */
function cachedBookings(request: FastifyRequest, passengerId: string, version: string) {
  const timeZone = request.tenant.timeZone
  const window = tripWindow(timeZone)
  const key = `bookings\u0000${request.tenant.id}\u0000${passengerId}\u0000${timeZone}\u0000${window.today}`
  return request.server.answerCache.answer(key, version, async () => {
    const found = await request.db.trips.listUndecidedOrRefused(passengerId, window.from, window.to)
    return found.flatMap((trip) => toUnapprovedBooking(trip, timeZone) ?? [])
  })
}
