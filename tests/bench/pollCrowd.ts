/**
 * The polling crowd of the pollCapacity bench, written into the API host's database through the server's
 * tenant-scoped database layer (as many as the demo seed's three users per tenant cannot give), many rows a
 * statement: guardians, each a user of their
 * own with a passenger of their own (the demo's places and names) whose trip starts in 10 minutes with its car
 * on the way (the demo's event log for such a trip), and a session of their own, minted as a login mints one
 * (server/auth/sessions.ts: a random id, only its hash stored) with an access token signed with the tenant's
 * stored key as `api/auth/access_token` signs it; and drivers' offices, each following the tracking link one
 * guardian made for their trip. Grown as the ramp needs more; all in the default tenant.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { Temporal } from 'temporal-polyfill'
import { issueAccessToken } from '../../server/auth/accessTokens'
import { hashSessionId } from '../../server/auth/sessions'
import { openDatabase } from '../../server/db/connect'
import { tenantDb } from '../../server/db/tenantDb'
import { scopeToTenant } from '../../server/db/tenantScope'
import { cars, demoPhone } from '../../server/demo/people'
import { demoPlace, demoPlaces } from '../../server/demo/places'
import { embeddedGeocoder } from '../../server/geo/gazetteer/embeddedGeocoder'
import { valuesOf } from '../../server/passengers/outcomes'
import { upsertPassengers } from '../../server/passengers/upsertPassengers'
import { upsertPlaces } from '../../server/passengers/upsertPlaces'
import { regions } from '../../server/demo/regions'
import { demoTimeZone } from '../../server/demo/schedule'
import { demoTripEvents } from '../../server/demo/tripEvents'
import { newLinkToken } from '../../server/tracking/links'
import type { Poller } from './openLoop'

const tenant = 'default'
/** Guardians written together, a statement per table; a few batches run at once on the pool's connections. */
const batchSize = 500
const parallelBatches = 4
/** Longer than the whole bench: no token or session ends during it. */
const tokenTtlSeconds = 3600

interface Guardian {
  userId: string
  tripId: string
  date: string
}

const apiHeaders = { accept: 'application/json' }

export async function openPollingCrowd(databaseUrl: string) {
  const db = await openDatabase({ databaseUrl, pgliteDir: null, applicationName: 'bench-crowd' })
  const tenantData = tenantDb(db, tenant)
  const scoped = scopeToTenant(db, tenant)
  const key = await tenantData.signingKeys.getOrCreate()
  const region = regions[tenant]
  const guardians: Guardian[] = []
  const guardianPollers: Poller[] = []
  const officePollers: Poller[] = []

  /** `count` guardians numbered from `first`, a statement per table; returns them with their pollers in order. */
  async function writeGuardians(first: number, count: number, start: Temporal.Instant) {
    const date = start.toZonedDateTimeISO(demoTimeZone).toPlainDate().toString()
    // Written by the operator API's functions, as the demo seed writes its passengers and places.
    const numbers = Array.from({ length: count }, (_, offset) => first + offset)
    const rows = valuesOf(
      await upsertPassengers(
        tenantData,
        numbers.map((number) => ({
          externalRef: `bench-${number}`,
          name: `Bench Oppilas ${number}`,
          phone: demoPhone(number),
          language: null,
        })),
      ),
    )
    const items = rows.flatMap((row, index) => demoPlaces(row.id, 'child', region, numbers[index]!))
    const places = valuesOf(await upsertPlaces(tenantData, embeddedGeocoder(), items)).map((row, index) =>
      demoPlace(items[index]!.externalRef, row),
    )
    const passengers = rows.map((row, index) => ({
      id: row.id,
      number: numbers[index]!,
      places: places.filter((place) => place.row.passenger_id === row.id),
    }))
    const now = Temporal.Now.instant()
    const written = passengers.map((passenger) => {
      const place = (role: string) => passenger.places.find((candidate) => candidate.role === role)!
      const plan = {
        passengerId: passenger.id,
        from: place('home'),
        to: place('main'),
        start,
        durationMinutes: 30,
        state: 'dispatched' as const,
        car: cars[passenger.number % cars.length]!,
        deductibleCents: null,
        note: null,
      }
      return {
        userId: randomUUID(),
        name: `Bench Huoltaja ${passenger.number}`,
        passengerId: passenger.id,
        tripId: randomUUID(),
        date,
        sessionId: randomUUID(),
        events: demoTripEvents(plan, now),
      }
    })
    await tenantData.trips.recordNewTrips(written.map(({ tripId, events }) => ({ id: tripId, events })))
    // The repositories write users, grants and sessions one at a time; the same rows, in one statement each.
    await scoped
      .insertInto('users')
      .values(written.map(({ userId, name }) => ({ id: userId, name })))
      .execute()
    await scoped
      .insertInto('passenger_grants')
      .values(written.map(({ userId, passengerId }) => ({ user_id: userId, passenger_id: passengerId })))
      .execute()
    const expiresAt = now.add({ seconds: tokenTtlSeconds })
    await scoped
      .insertInto('sessions')
      .values(
        written.map(({ userId, sessionId }) => ({
          id_hash: hashSessionId(randomBytes(32).toString('base64url')),
          sid: sessionId,
          user_id: userId,
          expires_at: expiresAt,
        })),
      )
      .execute()
    return Promise.all(
      written.map(async (row) => {
        const token = await issueAccessToken(
          key,
          tenant,
          { userId: row.userId, sessionId: row.sessionId },
          tokenTtlSeconds,
        )
        const poller: Poller = {
          method: 'POST',
          path: '/api/trip/status',
          headers: { ...apiHeaders, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ passengerId: row.passengerId, tripId: row.tripId, date: row.date }),
        }
        return { guardian: row, poller }
      }),
    )
  }

  async function growGuardians(count: number) {
    const start = Temporal.Now.instant().add({ minutes: 10 })
    while (guardians.length < count) {
      const batches: Promise<Awaited<ReturnType<typeof writeGuardians>>>[] = []
      for (let batch = 0; batch < parallelBatches && guardians.length + batch * batchSize < count; batch++) {
        const first = guardians.length + batch * batchSize
        batches.push(writeGuardians(first, Math.min(batchSize, count - first), start))
      }
      for (const written of await Promise.all(batches)) {
        for (const { guardian, poller } of written) {
          guardians.push(guardian)
          guardianPollers.push(poller)
        }
      }
    }
  }

  /** Offices follow the links of the first guardians' trips, one office per guardian at most. */
  async function growOffices(count: number) {
    if (officePollers.length >= count) return
    const links = guardians.slice(officePollers.length, count).map((guardian) => ({
      link: newLinkToken(),
      trip_id: guardian.tripId,
      date: guardian.date,
      created_by_user_id: guardian.userId,
    }))
    await scoped.insertInto('tracking_links').values(links).execute()
    for (const { link } of links) {
      officePollers.push({ method: 'GET', path: `/api/track/${link}`, headers: apiHeaders })
    }
  }

  return {
    guardians: guardianPollers as readonly Poller[],
    offices: officePollers as readonly Poller[],
    /** Makes sure the crowd has at least this many guardians and offices. */
    async grow(guardianCount: number, officeCount: number): Promise<void> {
      await growGuardians(guardianCount)
      await growOffices(officeCount)
    },
    close: () => db.destroy(),
  }
}
