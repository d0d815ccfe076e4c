import type { Temporal } from 'temporal-polyfill'
import { z } from 'zod'
import { errorCodes, tripId } from '../../src/contract/common'
import { operatorTripEvent } from '../../src/contract/operator'
import type { BulkResult } from '../../src/contract/operatorBulk'
import {
  passengerItem,
  permissionItem,
  placeItem,
  type PassengerItem,
  type PermissionItem,
  type PlaceItem,
} from '../../src/contract/operatorPassengers'
import type { TenantDb } from '../db/tenantDb'
import { HttpError, toApiErrorBody } from '../errors/httpError'
import { failed, succeeded, type Outcome } from '../errors/outcomes'
import type { Geocoder } from '../geo/geocoder'
import { locatePlaces } from '../passengers/placeLocations'
import { upsertPassengers } from '../passengers/upsertPassengers'
import { upsertPermissions } from '../passengers/upsertPermissions'
import { upsertPlaces } from '../passengers/upsertPlaces'
import { isDataException, unstorableValue } from '../plugins/errors'
import { bookTrips, type TripBooking } from '../trips/operatorBookings'
import { appendOperatorEvent } from '../trips/operatorEvents'

const tripEventItem = z.object({ tripId, event: operatorTripEvent })
type TripEventItem = z.output<typeof tripEventItem>

/** An item checked against its type's schema. */
type Item =
  | { type: 'passenger'; item: PassengerItem }
  | { type: 'place'; item: PlaceItem }
  | { type: 'permission'; item: PermissionItem }
  | { type: 'tripEvent'; item: TripEventItem }

/** What an item wrote: the portal's id of it (a trip's: the trip id), and a trip event's seq. */
interface Written {
  id: string
  seq: number | null
}

const schemas = {
  passenger: passengerItem,
  place: placeItem,
  permission: permissionItem,
  tripEvent: tripEventItem,
} as const

const isItemType = (type: string): type is keyof typeof schemas => Object.hasOwn(schemas, type)

/** One item of the request checked against its type's schema: 400 validation_failed naming each field. */
function parseItem(raw: Record<string, unknown> & { type: string }): Outcome<Item> {
  const { type, ...fields } = raw
  if (!isItemType(type)) {
    return failed(
      new HttpError(400, errorCodes.validation, `Unknown item type ${type}`, [
        { property: 'type', error: 'invalid_value' },
      ]),
    )
  }
  const parsed = schemas[type].safeParse(fields)
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({
      property: issue.path.join('.') || 'item',
      error: issue.code,
    }))
    return failed(new HttpError(400, errorCodes.validation, 'The item is not valid', errors))
  }
  return succeeded({ type, item: parsed.data } as Item)
}

/**
 * The order types are written in: each may name what a type before it wrote (a place its passenger, a permission
 * its places, a booking its passenger and places), never one after it.
 */
const typeOrder: readonly Item['type'][] = ['passenger', 'place', 'permission', 'tripEvent']

/**
 * The items of each type, with their places in the request, type by type in `typeOrder` and each type's in the
 * request's order; items that failed are left out. A load that lists each passenger with its places is written
 * in four batches, not one per item.
 */
function runsOf(items: readonly Outcome<Item>[]): { type: Item['type']; indexes: number[] }[] {
  return typeOrder
    .map((type) => ({
      type,
      indexes: items.flatMap((outcome, index) => (outcome.ok && outcome.value.type === type ? [index] : [])),
    }))
    .filter((run) => run.indexes.length > 0)
}

const withId = <T extends { id: string }>(outcome: Outcome<T>): Outcome<Written> =>
  outcome.ok ? succeeded({ id: outcome.value.id, seq: null }) : outcome

/**
 * A run of trip events: consecutive bookings together (server/trips/operatorBookings.ts), any other event on its
 * own in a savepoint, so that one refused undoes only itself.
 */
async function writeTripEvents(
  db: TenantDb,
  items: readonly TripEventItem[],
  now: Temporal.Instant,
): Promise<Outcome<Written>[]> {
  const outcomes: Outcome<Written>[] = []
  for (let from = 0; from < items.length;) {
    const bookings: TripBooking[] = []
    for (let item = items[from]; item?.event.type === 'booked'; item = items[from + bookings.length])
      bookings.push({ tripId: item.tripId, event: item.event })
    if (bookings.length > 0) {
      const booked = await bookTrips(db, bookings, now)
      booked.forEach((outcome, index) =>
        outcomes.push(outcome.ok ? succeeded({ id: bookings[index]!.tripId, seq: outcome.value }) : outcome),
      )
      from += bookings.length
      continue
    }
    const { tripId: id, event } = items[from]!
    try {
      const seq = await db.transaction((savepoint) => appendOperatorEvent(savepoint, id, event, now))
      outcomes.push(succeeded({ id, seq }))
    } catch (error) {
      if (!(error instanceof HttpError)) throw error
      outcomes.push(failed(error))
    }
    from++
  }
  return outcomes
}

async function writeRun(
  db: TenantDb,
  geocoder: Geocoder,
  items: readonly Item[],
  now: Temporal.Instant,
): Promise<Outcome<Written>[]> {
  // Every item of a run has the run's type.
  const fields = items.map((item) => item.item)
  switch (items[0]?.type) {
    case 'passenger':
      return (await upsertPassengers(db, fields as PassengerItem[])).map(withId)
    case 'place':
      return (await upsertPlaces(db, geocoder, fields as PlaceItem[])).map(withId)
    case 'permission':
      return (await upsertPermissions(db, fields as PermissionItem[])).map(withId)
    case 'tripEvent':
      return writeTripEvents(db, fields as TripEventItem[], now)
    case undefined:
      return []
  }
}

/** Thrown to undo a savepoint whose writes were only a trial. */
class Trial extends Error {}

/** Whether the database stores `item` written alone (see `writeRunApart`); its writes are undone either way. */
async function storable(
  db: TenantDb,
  geocoder: Geocoder,
  item: Item,
  now: Temporal.Instant,
): Promise<boolean> {
  const undone = await db
    .transaction(async (trial) => {
      await writeRun(trial, geocoder, [item], now)
      throw new Trial()
    })
    .catch((error: unknown) => error)
  if (undone instanceof Trial) return true
  if (isDataException(undone)) return false
  throw undone
}

/**
 * A run written together, in a savepoint. A value the database cannot store (a data exception: a number or date
 * past its column that the contract lets by) undoes the run; each item is then tried alone, and the run written
 * again without those it finds, which answer 400 bad_request as their single calls would, so that they spoil no
 * other item. The run stays one batch, which still refuses an item naming what an earlier one names.
 */
async function writeRunApart(
  db: TenantDb,
  geocoder: Geocoder,
  items: readonly Item[],
  now: Temporal.Instant,
): Promise<Outcome<Written>[]> {
  try {
    return await db.transaction((savepoint) => writeRun(savepoint, geocoder, items, now))
  } catch (error) {
    if (!isDataException(error)) throw error
  }
  const stored: boolean[] = []
  for (const item of items) stored.push(await storable(db, geocoder, item, now))
  const outcomes = await writeRun(
    db,
    geocoder,
    items.filter((_, index) => stored[index]),
    now,
  )
  return stored.map((ok) => (ok ? outcomes.shift()! : failed(unstorableValue())))
}

const toResult = (outcome: Outcome<Written>): BulkResult =>
  outcome.ok
    ? { status: 200, id: outcome.value.id, seq: outcome.value.seq, error: null }
    : { status: outcome.error.statusCode, id: null, seq: null, error: toApiErrorBody(outcome.error) }

/**
 * The items of a bulk call: each checked apart, the places without coordinates geocoded before the first query (a
 * request's transaction begins there, and holds no lock while a geocoder answers), then in one transaction each
 * type's items written by the batch function its single call uses, type by type (`typeOrder`). One result per item,
 * in their order. Call again on a conflict: every result is written anew.
 */
export async function runBulk(
  db: TenantDb,
  geocoder: Geocoder,
  raw: readonly (Record<string, unknown> & { type: string })[],
  now: Temporal.Instant,
): Promise<BulkResult[]> {
  const items = raw.map(parseItem)
  const places = items.flatMap((outcome, index) =>
    outcome.ok && outcome.value.type === 'place' ? [{ index, item: outcome.value.item }] : [],
  )
  const located = await locatePlaces(
    geocoder,
    places.map((place) => place.item),
  )
  places.forEach((place, at) => {
    const outcome = located[at]!
    items[place.index] = outcome.ok ? succeeded({ type: 'place', item: outcome.value }) : outcome
  })
  const results = items.map((outcome) => (outcome.ok ? null : toResult(outcome)))
  await db.transaction(async (trx) => {
    await trx.planEachQuery()
    for (const run of runsOf(items)) {
      const runItems = run.indexes.map((index) => (items[index] as { ok: true; value: Item }).value)
      const outcomes = await writeRunApart(trx, geocoder, runItems, now)
      run.indexes.forEach((index, at) => (results[index] = toResult(outcomes[at]!)))
    }
  })
  return results.map((result) => result!)
}
