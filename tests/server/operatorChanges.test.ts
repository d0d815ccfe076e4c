import { createHash, randomUUID } from 'node:crypto'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BookingRequest, BookingResponse } from '../../src/contract/booking'
import type { Message } from '../../src/contract/messages'
import {
  changeFeed,
  type ChangeFeed,
  type ChangeType,
  type FeedChange,
} from '../../src/contract/operatorChanges'
import type { Passenger, Place } from '../../src/contract/passenger'
import type { SeriesBookingRequest, SeriesBookingResponse } from '../../src/contract/series'
import type { TrackingLink } from '../../src/contract/tracking'
import { bookedDates, seriesDates } from '../../src/domain/series/seriesDates'
import { tenantDb } from '../../server/db/tenantDb'
import { demoOperatorKey } from '../../server/demo/operatorKeys'
import { issueAccessCode } from '../../server/invitations/accessCodes'
import { api, createTestApp, testPort, tokenFor, type TestApp } from './support/app'
import { homeToMain, permissionRecord } from './support/bookings'
import { feedCaughtUp, feedOf } from './support/operatorChanges'
import { backends } from './support/database'
import { messagesOf, operatorMessagesOf } from './support/messages'
import { linkOf } from './support/tracking'
import { bookTrip, completedTodayStart, helsinkiIn, timeZone } from './support/trips'

const tenant = 'kovanen'
const today = () => Temporal.Now.plainDateISO(timeZone)
/** A day ahead at `time` in Helsinki, with its offset, as the portal sends a booked time. */
const dayAheadAt = (days: number, time: string) =>
  today().add({ days }).toZonedDateTime({ timeZone, plainTime: time }).toString({ timeZoneName: 'never' })

/**
 * Every change a guardian makes, told to the operator: driven through the portal's API as a guardian, read back
 * from the operator's change feed with the tenant's key. The feed is the tenant's, shared by the tests: each finds
 * its own changes by what they name.
 */
describe.each(backends)('changes told to the operator on $name', (backend) => {
  let test: TestApp
  let token: string
  let passenger: Passenger
  let places: Place[]
  /** The demo guardian as every change of theirs names them. */
  let actor: { userId: string; name: string }
  /** The passenger as every change names it: the portal's id and the operator's reference. */
  let named: { id: string; ref: string | null }

  beforeAll(async () => {
    test = await createTestApp(backend, {
      seed: [tenant],
      config: { demoApprovalDelayMs: null, invitationRateLimitPerMinute: 100_000 },
    })
    token = await tokenFor(test.app, tenant, 'guardian', 'demo-guardian-2026')
    passenger = (await api(test.app, tenant, token, { url: '/api/passenger' })).json<Passenger[]>()[0]!
    places = (await api(test.app, tenant, token, { url: `/api/passenger/${passenger.id}/places` })).json()
    const user = (await tenantDb(test.db, tenant).users.findByUserName('guardian'))!
    actor = { userId: user.id, name: user.name }
    named = { id: passenger.id, ref: (await passengerRef(passenger.id)) ?? null }
    expect(named.ref).toMatch(/^demo-/)
  })
  afterAll(() => test.close())

  const passengerRef = async (id: string) =>
    (await tenantDb(test.db, tenant).operatorChanges.namesOf([id], [])).refs.get(id)

  /** One page of the feed as the dispatch system reads it, checked against the contract. */
  async function feedPage(query: Record<string, string> = {}): Promise<ChangeFeed> {
    const response = await test.app.inject({
      url: `/api/operator/changes?${new URLSearchParams(query).toString()}`,
      headers: { host: `${tenant}.localhost:${testPort}`, 'x-api-key': demoOperatorKey(tenant) },
    })
    expect(response.statusCode, response.body).toBe(200)
    return changeFeed.parse(response.json())
  }

  const wholeFeed = () => feedOf(test.app, test.db, tenant)

  /** The changes of a type whose data has `part`. */
  async function told<T extends ChangeType>(
    type: T,
    part: object,
  ): Promise<Extract<FeedChange, { type: T }>[]> {
    const changes = await wholeFeed()
    return changes.filter(
      (change): change is Extract<FeedChange, { type: T }> =>
        change.type === type && expect.objectContaining(part).asymmetricMatch(change.data),
    )
  }

  /** The one change of a type whose data has `part`; fails unless it is listed exactly once. */
  async function toldOnce<T extends ChangeType>(type: T, part: object) {
    const found = await told(type, part)
    expect(found).toHaveLength(1)
    return found[0]!
  }

  async function permission(ref: string | null, period: { usedQuota?: number } = {}): Promise<string> {
    const record = permissionRecord(passenger.id, {}, period)
    const db = tenantDb(test.db, tenant)
    await db.transaction((trx) => trx.permissions.insertMany([record]))
    await test.db
      .updateTable('transportation_permissions')
      .set({ external_ref: ref })
      .where('tenant_id', '=', tenant)
      .where('id', '=', record.id)
      .execute()
    return record.id
  }

  const post = (url: string, payload: unknown, key: string = randomUUID()) =>
    api(test.app, tenant, token, { method: 'POST', url, payload, headers: { 'idempotency-key': key } })

  it('tells a ride and its return booked in the portal, each once, even when the booking is sent again', async () => {
    const permissionId = await permission('PERM-1')
    const outbound = homeToMain(passenger, places, permissionId, dayAheadAt(1, '10:00'))
    const back: BookingRequest = {
      ...outbound,
      departureDateTime: dayAheadAt(1, '14:00'),
      destinations: [...outbound.destinations].reverse(),
    }
    const key = randomUUID()
    const first = await post('/api/booking', outbound, key)
    expect(first.statusCode, first.body).toBe(200)
    const second = await post('/api/booking', back)
    expect(second.statusCode, second.body).toBe(200)
    // The same Idempotency-Key replays the stored answer: the handler does not run, and nothing more is told.
    const replayed = await post('/api/booking', outbound, key)
    expect(replayed.headers['idempotent-replayed']).toBe('true')
    expect(replayed.json()).toEqual(first.json())
    const onPermission = { permission: { id: permissionId, ref: 'PERM-1' } }
    expect(await told('booking.requested', onPermission)).toHaveLength(2)

    for (const [response, start] of [
      [first, outbound.departureDateTime],
      [second, back.departureDateTime],
    ] as const) {
      const booked = response.json<BookingResponse>()
      const change = await toldOnce('booking.requested', {
        trip: expect.objectContaining({ id: booked.tripId }),
      })
      expect(change.data).toEqual({
        passenger: named,
        actor,
        trip: { id: booked.tripId, date: booked.date, start },
        permission: { id: permissionId, ref: 'PERM-1' },
        seriesId: null,
      })
      expect(
        Temporal.Now.instant().since(Temporal.Instant.from(change.timestamp)).total('seconds'),
      ).toBeLessThan(60)
      expect(change.acknowledgeBy).toBeNull()
    }
  })

  it('tells a standing order as one change with its rides, and none of its rides alone', async () => {
    const permissionId = await permission(null)
    let first = today().add({ days: 2 })
    while (first.dayOfWeek !== 2) first = first.add({ days: 1 })
    const dates = bookedDates(
      seriesDates(
        {
          first,
          days: new Set([2, 4] as const),
          until: first.add({ days: 6 }),
          includeHolidays: false,
          removed: new Set(),
        },
        [],
      ),
    )
    const at8 = dates[0]!.toZonedDateTime({ timeZone, plainTime: '08:00' })
    const request: SeriesBookingRequest = {
      booking: homeToMain(passenger, places, permissionId, at8.toString({ timeZoneName: 'never' })),
      weekdays: [2, 4],
      until: dates.at(-1)!.toString(),
      dates: dates.map(String),
      fitOnly: false,
    }
    const response = await post('/api/booking/series', request)
    expect(response.statusCode, response.body).toBe(200)
    const booked = response.json<SeriesBookingResponse>()
    expect(booked.booked.length).toBeGreaterThan(1)

    const change = await toldOnce('series.requested', { seriesId: booked.seriesId })
    expect(change.data).toEqual({
      passenger: named,
      actor,
      seriesId: booked.seriesId,
      permission: { id: permissionId, ref: null },
      trips: booked.booked.map((ride) => ({
        id: ride.tripId,
        date: ride.date,
        start: Temporal.PlainDate.from(ride.date)
          .toZonedDateTime({ timeZone, plainTime: '08:00' })
          .toString({ timeZoneName: 'never' }),
      })),
    })
    const rides = new Set(booked.booked.map((ride) => ride.tripId))
    const alone = (await told('booking.requested', {})).filter((single) => rides.has(single.data.trip.id))
    expect(alone).toEqual([])
  })

  it('tells nothing of a refused write', async () => {
    // A booking beyond the permission's quota.
    const full = await permission('PERM-FULL', { usedQuota: 10 })
    const refused = await post('/api/booking', homeToMain(passenger, places, full, dayAheadAt(1, '11:00')))
    expect(refused.statusCode).toBe(400)
    expect(await told('booking.requested', { permission: { id: full, ref: 'PERM-FULL' } })).toEqual([])

    // A review of a trip not yet driven.
    const upcoming = await bookTrip(test.app, tenant, { passengerId: passenger.id, start: helsinkiIn(120) })
    const review = { trip: upcoming, comment: 'Liian aikaista', driverStars: 4, experienceStars: 4 }
    expect((await post('/api/trip/review', review)).statusCode).toBe(409)
    expect(await told('trip.reviewed', { trip: expect.objectContaining({ id: upcoming.id }) })).toEqual([])

    // A message about a passenger the user does not hold.
    const stranger = randomUUID()
    const content = `Kenen lapsi ${randomUUID()}`
    expect((await post('/api/message', { passengerId: stranger, content })).statusCode).toBe(404)
    expect(await told('message.sent', { message: expect.objectContaining({ content }) })).toEqual([])
  })

  it('tells a review with its stars and comment', async () => {
    const start = completedTodayStart()
    const trip = await bookTrip(test.app, tenant, {
      passengerId: passenger.id,
      start,
      then: ['pickedUp', 'droppedOff'],
    })
    const review = { trip, comment: ' Kiitos kyydistä ', driverStars: 5, experienceStars: 3 }
    expect((await post('/api/trip/review', review)).statusCode).toBe(200)
    const change = await toldOnce('trip.reviewed', { trip: expect.objectContaining({ id: trip.id }) })
    expect(change.data).toEqual({
      passenger: named,
      actor,
      trip: {
        id: trip.id,
        date: trip.date,
        start: start.toString({ timeZoneName: 'never', smallestUnit: 'second' }),
      },
      driverStars: 5,
      experienceStars: 3,
      comment: 'Kiitos kyydistä',
    })
  })

  it("tells a guardian's message and confirmation, not the operator's messages nor marking one seen", async () => {
    const messages = messagesOf(test.app, tenant, token)
    const key = randomUUID()
    const sent = await messages.send({ passengerId: passenger.id, content: ' Lapsi on kipeänä ' }, key)
    expect(sent.statusCode).toBe(200)
    expect(
      (await messages.send({ passengerId: passenger.id, content: ' Lapsi on kipeänä ' }, key)).json(),
    ).toEqual(sent.json())
    const own = sent.json<Message>()
    // The replay wrote no second message: one told, of this content, under the first message's id.
    const change = await toldOnce('message.sent', {
      message: expect.objectContaining({ content: 'Lapsi on kipeänä' }),
    })
    expect(change.data).toEqual({
      passenger: named,
      actor,
      message: { id: own.id, content: 'Lapsi on kipeänä' },
    })

    const operator = operatorMessagesOf(test.app, tenant)
    const asking = (
      await operator.send(passenger.id, { content: 'Vahvistathan uuden ajan', requestConfirmation: true })
    ).json<{ id: string }>()
    const telling = (await operator.send(passenger.id, { content: 'Auto on myöhässä' })).json<{
      id: string
    }>()
    expect((await messages.seen(telling.id)).statusCode).toBe(200)
    expect((await messages.confirm(asking.id)).statusCode).toBe(200)
    // Confirmed before: no change, so nothing more to tell.
    expect((await messages.confirm(asking.id)).statusCode).toBe(200)

    const confirmed = await toldOnce('message.confirmed', { message: { id: asking.id } })
    expect(confirmed.data).toEqual({ passenger: named, actor, message: { id: asking.id } })
    const operators = new Set([asking.id, telling.id])
    const aboutOperators = (await wholeFeed()).filter(
      (item) =>
        'message' in item.data && operators.has(item.data.message.id) && item.type !== 'message.confirmed',
    )
    expect(aboutOperators).toEqual([])
  })

  it('tells a tracking link made and revoked by a stable id that is not the link', async () => {
    const start = helsinkiIn(30)
    const trip = await bookTrip(test.app, tenant, { passengerId: passenger.id, start, durationMinutes: 20 })
    const link = await linkOf(test.app, tenant, token, passenger.id, trip)
    // Asked again while it lives: the same link, no new one to tell.
    expect((await linkOf(test.app, tenant, token, passenger.id, trip)).link).toBe(link.link)
    const linkId = createHash('sha256').update(link.link).digest('hex').slice(0, 32)

    const expected = {
      passenger: named,
      actor,
      trip: { id: trip.id, date: trip.date, start: start.toString({ timeZoneName: 'never' }) },
      linkId,
      validUntil: link.validUntil,
    }
    const created = await toldOnce('trackingLink.created', { linkId })
    expect(created.data).toEqual(expected)
    expect(JSON.stringify(created)).not.toContain(link.link)

    const revoke = () =>
      api(test.app, tenant, token, {
        method: 'DELETE',
        url: `/api/trip/trackingLink/${link.link}`,
        headers: { 'idempotency-key': randomUUID() },
      })
    expect((await revoke()).statusCode).toBe(200)
    expect((await revoke()).statusCode).toBe(404)
    const revoked = await toldOnce('trackingLink.revoked', { linkId })
    expect(revoked.data).toEqual(expected)
  })

  it('tells each passenger gained by an access code, an invitation or a travel card, only when the grant is new', async () => {
    const db = tenantDb(test.db, tenant)
    const newcomer = randomUUID()
    await db.passengers.insertMany([
      { id: newcomer, name: 'Uusi Matkustaja', phone: null, avatar_text: 'UM' },
    ])
    const now = Temporal.Now.instant()
    const fresh = await issueAccessCode(db, newcomer, now, { validDays: 1 })
    const held = await issueAccessCode(db, passenger.id, now, { validDays: 1 })
    for (const code of [fresh.code, held.code])
      expect((await post('/api/passenger', { token: code })).statusCode).toBe(200)
    const byCode = await toldOnce('passenger.added', { passenger: { id: newcomer, ref: null } })
    expect(byCode.data).toEqual({ passenger: { id: newcomer, ref: null }, actor, by: 'accessCode' })
    expect(await told('passenger.added', { passenger: named })).toEqual([])

    // The demo's first invitation, of two passengers nobody holds, accepted by another user: one change each.
    const single = await tokenFor(test.app, tenant, 'single', 'demo-single-2026')
    const singleUser = (await db.users.findByUserName('single'))!
    const accept = (code: string, as = single) =>
      api(test.app, tenant, as, { method: 'POST', url: '/api/invitation', payload: { code } })
    const invited = await accept(`demo-invitation-${tenant}-01`)
    expect(invited.statusCode).toBe(200)
    // Accepted again by the same user: nothing new.
    expect((await accept(`demo-invitation-${tenant}-01`)).statusCode).toBe(200)
    for (const { passenger: gained } of invited.json<{ passenger: Passenger }[]>()) {
      const change = await toldOnce('passenger.added', {
        passenger: expect.objectContaining({ id: gained.id }),
      })
      expect(change.data).toEqual({
        passenger: { id: gained.id, ref: await passengerRef(gained.id) },
        actor: { userId: singleUser.id, name: singleUser.name },
        by: 'invitation',
      })
    }

    const card = await api(test.app, tenant, null, {
      method: 'POST',
      url: '/api/account/registercard',
      payload: { cardNumber: '7300 1000 0001', name: 'Ville Kortesalmi' },
    })
    expect(card.statusCode).toBe(200)
    const { code, items } = card.json<{ code: string; items: { passenger: { id: string } }[] }>()
    expect((await accept(code, token)).statusCode).toBe(200)
    const ville = items[0]!.passenger.id
    const byCard = await toldOnce('passenger.added', { passenger: expect.objectContaining({ id: ville }) })
    expect(byCard.data).toEqual({
      passenger: { id: ville, ref: await passengerRef(ville) },
      actor,
      by: 'travelCard',
    })
  })

  it('lists the feed after a cursor, in pages, and of the types asked for', async () => {
    expect(
      (await post('/api/message', { passengerId: passenger.id, content: 'Ensin tämä' })).statusCode,
    ).toBe(200)
    const { cursor } = (await wholeFeed()).at(-1)!
    const content = `Huomenna ei kyytiä ${randomUUID()}`
    expect((await post('/api/message', { passengerId: passenger.id, content })).statusCode).toBe(200)
    const trip = await bookTrip(test.app, tenant, { passengerId: passenger.id, start: helsinkiIn(45) })
    const link: TrackingLink = await linkOf(test.app, tenant, token, passenger.id, trip)
    expect(link.id).toBe(trip.id)

    await feedCaughtUp(test.db)
    const after = await feedPage({ after: cursor })
    expect(after.changes.map((change) => change.type)).toEqual(['message.sent', 'trackingLink.created'])
    expect(after.hasMore).toBe(false)
    expect(after.cursor).toBe(after.changes[1]!.cursor)
    // Read on from the last cursor: nothing new, and the cursor stays.
    expect(await feedPage({ after: after.cursor! })).toEqual({
      changes: [],
      cursor: after.cursor,
      hasMore: false,
    })

    const paged = await feedPage({ after: cursor, limit: '1' })
    expect(paged.changes).toEqual([after.changes[0]])
    expect(paged.hasMore).toBe(true)
    const rest = await feedPage({ after: paged.cursor!, limit: '1' })
    expect(rest.changes).toEqual([after.changes[1]])
    expect(rest.hasMore).toBe(false)

    const links = await feedPage({ after: cursor, types: 'trackingLink.created,trackingLink.revoked' })
    expect(links.changes).toEqual([after.changes[1]])
    const refused = await test.app.inject({
      url: '/api/operator/changes?types=trip.teleported',
      headers: { host: `${tenant}.localhost:${testPort}`, 'x-api-key': demoOperatorKey(tenant) },
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ code: 'validation_failed' })
  })
})
