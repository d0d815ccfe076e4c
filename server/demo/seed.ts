import { randomUUID } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import { Temporal } from 'temporal-polyfill'
import { accessCodeValidDays } from '../../src/contract/operatorAccess'
import { getTenant, tenantIds, type TenantId } from '../../tenants'
import { installOperatorKeys } from '../auth/operatorKeys'
import { hashPassword } from '../auth/passwords'
import { issueAccessCode } from '../invitations/accessCodes'
import { issueTravelCard } from '../invitations/issuedTravelCards'
import type { Database } from '../db/schema'
import { tenantDb, type TenantDb } from '../db/tenantDb'
import { demoAccounts, demoAccessCodes } from './accounts'
import { fullName, seededIdentity } from './identities'
import { demoMessages } from './messages'
import { addDemoInvitations, demoTravelCards, invitedPassengers, travelCardTenants } from './invitations'
import { demoOperatorKeyGrants } from './operatorKeys'
import { demoPermissions } from './permissions'
import type { Geocoder } from '../geo/geocoder'
import { valuesOf } from '../errors/outcomes'
import { upsertPassengers } from '../passengers/upsertPassengers'
import { upsertPlaces } from '../passengers/upsertPlaces'
import { families, familyKinds, demoPhone, singlePassengers, unclaimedPassengers } from './people'
import type { PassengerKind, PersonTemplate } from './people'
import { demoPlace, demoPlaces } from './places'
import { regions } from './regions'
import { demoTimeZone, guardianTrips, regularTrips, singleTrips, type DemoPassenger } from './schedule'
import { demoTripEvents, type TripPlan } from './tripEvents'

/** example.com addresses without Finnish letters: 'Mäkelä' becomes 'makela'. */
function asciiEmail(address: string): string {
  return address
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
}

interface PasswordHashes {
  guardian: string
  single: string
}

/** The demo's places all have their coordinates: it never geocodes. */
const noGeocoder: Geocoder = {
  search: () => Promise.reject(new Error('The demo places have coordinates')),
}

/**
 * Creates passengers with their places through the operator API's functions, the passengers referenced
 * `demo-<n>` and their places by role; returns them for trip planning.
 */
async function addPassengers(
  db: TenantDb,
  people: readonly { name: string; kind: PassengerKind }[],
  seedBase: number,
): Promise<DemoPassenger[]> {
  const region = regions[db.tenant]
  const passengers = valuesOf(
    await upsertPassengers(
      db,
      people.map((person, index) => ({
        externalRef: `demo-${seedBase + index}`,
        name: person.name,
        phone: demoPhone(seedBase + index),
        language: null,
      })),
    ),
  )
  const items = passengers.flatMap((passenger, index) =>
    demoPlaces(passenger.id, people[index]!.kind, region, seedBase + index),
  )
  const places = valuesOf(await upsertPlaces(db, noGeocoder, items)).map((row, index) =>
    demoPlace(items[index]!.externalRef, row),
  )
  return passengers.map((passenger, index) => ({
    id: passenger.id,
    kind: people[index]!.kind,
    index,
    places: places.filter((place) => place.row.passenger_id === passenger.id),
  }))
}

const asPeople = (templates: readonly PersonTemplate[]) =>
  templates.map((person) => ({ name: person.givenName, kind: person.kind }))

/** The passengers of the demo invitations and travel cards, granted to nobody, with the invitations and cards. */
async function addInvitedPassengers(
  db: TenantDb,
  tenantIndex: number,
  now: Temporal.ZonedDateTime,
  guardian: { id: string; passengerId: string },
): Promise<DemoPassenger[]> {
  const invited = await addPassengers(db, asPeople(invitedPassengers), tenantIndex * 20 + 15)
  await addDemoInvitations(db, now, {
    invited,
    guardianId: guardian.id,
    guardianPassengerId: guardian.passengerId,
  })
  if (!travelCardTenants.includes(db.tenant)) return invited
  const holders = await addPassengers(
    db,
    asPeople(demoTravelCards.map((card) => card.holder)),
    tenantIndex * 20 + 18,
  )
  for (const [index, card] of demoTravelCards.entries()) {
    await issueTravelCard(db, {
      cardNumber: card.cardNumber,
      holderName: card.holder.givenName,
      passengerId: holders[index]!.id,
    })
  }
  return [...invited, ...holders]
}

/** The demo tenant's dispatch settings: acknowledged cancellations, due 30 minutes before the pickup. */
export const demoDispatch = { acknowledges: true, acknowledgeByMinutes: 30, phone: '+358 9 4242 4242' }

async function seedTenant(
  db: TenantDb,
  tenantIndex: number,
  hashes: PasswordHashes,
  now: Temporal.ZonedDateTime,
) {
  const family = families[tenantIndex % families.length]!
  const today = now.toPlainDate()
  const guardian = await db.users.create({
    name: `${family.guardian} ${family.familyName}`,
    userName: demoAccounts.guardian.userName,
    passwordHash: hashes.guardian,
    email: asciiEmail(`${family.guardian}.${family.familyName}@example.com`),
    phone: demoPhone(tenantIndex * 20),
  })
  const guardianPassengers = await addPassengers(
    db,
    family.passengers.map((given, index) => ({
      name: `${given} ${family.familyName}`,
      kind: familyKinds[index]!,
    })),
    tenantIndex * 20 + 1,
  )
  await db.passengers.grant(
    guardian.id,
    guardianPassengers.map((passenger) => passenger.id),
  )
  const history = demoMessages(
    guardianPassengers.map((passenger, index) => ({
      id: passenger.id,
      givenName: family.passengers[index]!,
    })),
    guardian.id,
    getTenant(db.tenant).name,
    now,
  )
  await db.messages.insertHistory(history.messages, history.seen)

  const singleName = singlePassengers[tenantIndex % singlePassengers.length]!
  const single = await db.users.create({
    name: `Marja ${singleName.split(' ')[1]}`,
    userName: demoAccounts.single.userName,
    passwordHash: hashes.single,
    phone: demoPhone(tenantIndex * 20 + 5),
  })
  const [singlePassenger] = await addPassengers(
    db,
    [{ name: singleName, kind: 'child' }],
    tenantIndex * 20 + 6,
  )
  await db.passengers.grant(single.id, [singlePassenger!.id])

  const strong = await db.users.create({
    name: fullName(seededIdentity),
    identitySubject: seededIdentity.subject,
    identityVerified: true,
  })
  const [strongPassenger] = await addPassengers(
    db,
    [{ name: `Lauri ${seededIdentity.familyName}`, kind: 'child' }],
    tenantIndex * 20 + 8,
  )
  await db.passengers.grant(strong.id, [strongPassenger!.id])

  const unclaimed = await addPassengers(
    db,
    unclaimedPassengers.map((person) => ({ name: person.givenName, kind: person.kind })),
    tenantIndex * 20 + 10,
  )
  for (const [index, passenger] of unclaimed.entries()) {
    await issueAccessCode(db, passenger.id, now.toInstant(), {
      validDays: accessCodeValidDays.default,
      code: demoAccessCodes[index]!,
    })
  }

  const invited = await addInvitedPassengers(db, tenantIndex, now, {
    id: guardian.id,
    passengerId: guardianPassengers[0]!.id,
  })

  const everyPassenger = [...guardianPassengers, singlePassenger!, strongPassenger!, ...unclaimed, ...invited]
  await db.permissions.insertMany(
    everyPassenger.flatMap((passenger) => demoPermissions(passenger, regions[db.tenant], today)),
  )

  const plans: TripPlan[] = [
    ...guardianTrips(guardianPassengers, now, guardian.id),
    ...singleTrips(singlePassenger!, now),
    ...regularTrips(strongPassenger!, today, 13),
    ...[...unclaimed, ...invited].flatMap((passenger) => regularTrips(passenger, today, 5)),
  ]
  const instant = now.toInstant()
  // The demo tenant's dispatch system acknowledges cancellations (the simulator plays it), so its guardians see
  // when one was received; the number to call is a made-up one.
  if (db.tenant === 'demo') await db.operatorChanges.setDispatchSettings(demoDispatch, instant)
  await db.trips.recordNewTrips(
    plans.map((plan) => ({ id: randomUUID(), events: demoTripEvents(plan, instant) })),
  )
}

/**
 * Seeds every tenant that has no users yet with the demo accounts, passengers, places, access codes,
 * transportation permissions and trips, relative to `now` in Europe/Helsinki, and gives every tenant its demo
 * operator API key (also on a database seeded before keys existed). An advisory lock keeps two instances
 * starting together from both seeding. Returns the tenants it seeded.
 */
export async function seedDemoData(
  db: Kysely<Database>,
  now: Temporal.Instant = Temporal.Now.instant(),
  tenants: readonly TenantId[] = tenantIds,
): Promise<TenantId[]> {
  const hashes = {
    guardian: await hashPassword(demoAccounts.guardian.password),
    single: await hashPassword(demoAccounts.single.password),
  }
  const zoned = now.toZonedDateTimeISO(demoTimeZone)
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(72550001)`.execute(trx)
    const seeded: TenantId[] = []
    for (const tenant of tenants) {
      const scoped = tenantDb(trx, tenant)
      if (await scoped.users.hasAny()) continue
      await seedTenant(scoped, tenantIds.indexOf(tenant), hashes, zoned)
      seeded.push(tenant)
    }
    await installOperatorKeys(trx, demoOperatorKeyGrants(tenants))
    return seeded
  })
}
