import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Passenger } from '../../src/contract/passenger'
import { trip as tripSchema, tripStatusCodes, type Trip } from '../../src/contract/trip'
import type { TripRef } from '../../src/contract/tripCommands'
import type { TenantId } from '../../tenants'
import { tenantDb } from '../../server/db/tenantDb'
import { api, createTestApp, tokenFor, type TestApp } from './support/app'
import { backends } from './support/database'
import { bookTrip, completedTodayStart, helsinkiIn, type BookOptions } from './support/trips'

type ReviewTenant = Extract<TenantId, 'espoo' | 'fcg' | 'demo'>

describe.each(backends)('reviews and trip status on $name', (backend) => {
  let test: TestApp
  const tokens = {} as Record<ReviewTenant | 'single', string>
  const passengers = {} as Record<ReviewTenant, Passenger[]>

  const book = (tenant: ReviewTenant, options: Omit<BookOptions, 'passengerId'>) =>
    bookTrip(test.app, tenant, { passengerId: passengers[tenant][0]!.id, ...options })
  /** A trip that ended an hour ago and was dropped off. */
  const completed = (tenant: ReviewTenant = 'espoo', options: Partial<BookOptions> = {}) =>
    book(tenant, { start: completedTodayStart(), then: ['pickedUp', 'droppedOff'], ...options })
  const review = (
    trip: TripRef,
    stars: { driverStars?: number; experienceStars?: number } = {},
    tenant: ReviewTenant = 'espoo',
    token = tokens[tenant],
  ) =>
    api(test.app, tenant, token, {
      method: 'POST',
      url: '/api/trip/review',
      payload: { trip, comment: ' Mukava kuljettaja ', driverStars: 4, experienceStars: 3, ...stars },
    })
  const status = (tenant: ReviewTenant, token: string, payload: object) =>
    api(test.app, tenant, token, { method: 'POST', url: '/api/trip/status', payload })

  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo', 'fcg', 'demo'] })
    for (const tenant of ['espoo', 'fcg', 'demo'] as const) {
      tokens[tenant] = await tokenFor(test.app, tenant, 'guardian', 'demo-guardian-2026')
      passengers[tenant] = (await api(test.app, tenant, tokens[tenant], { url: '/api/passenger' })).json()
    }
    tokens.single = await tokenFor(test.app, 'espoo', 'single', 'demo-single-2026')
  })
  afterAll(() => test.close())

  it('records a review of a completed trip and answers the trip with it', async () => {
    const ref = await completed()
    const response = await review(ref, { driverStars: 5 })
    expect(response.statusCode).toBe(200)
    const trip = response.json<Trip>()
    expect(tripSchema.parse(trip)).toEqual(trip)
    expect(trip.reviews).toEqual([
      { comment: 'Mukava kuljettaja', driverStars: 5, experienceStars: 3, createdAt: expect.any(String) },
    ])
    const createdAt = Temporal.Instant.from(trip.reviews[0]!.createdAt)
    expect(Temporal.Now.instant().since(createdAt).total('seconds')).toBeLessThan(60)
    const events = await tenantDb(test.db, 'espoo').trips.events(ref.id)
    expect(events.at(-1)).toMatchObject({ type: 'reviewed', driverStars: 5, userId: expect.any(String) })
    const listed = (
      await api(test.app, 'espoo', tokens.espoo, { url: `/api/passenger/${passengers.espoo[0]!.id}/trips` })
    ).json<Trip[]>()
    expect(listed.find((listedTrip) => listedTrip.id === ref.id)?.reviews).toHaveLength(1)
  })

  it('locks a reviewed trip: a second review is 409 already_reviewed', async () => {
    const ref = await completed()
    expect((await review(ref)).statusCode).toBe(200)
    const again = await review(ref, { driverStars: 1 })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({
      code: 'review_not_available',
      errors: [{ property: 'trip', error: 'already_reviewed' }],
    })
  })

  it.each([
    ['a trip not yet started', { start: helsinkiIn(60) }, 'not_completed'],
    [
      'a trip picked up less than 10 minutes after its planned end',
      { start: helsinkiIn(-35), then: ['pickedUp'] },
      'not_completed',
    ],
    [
      'a trip the operator does not let be reviewed',
      { start: helsinkiIn(-90), then: ['pickedUp', 'droppedOff'], allowReview: false },
      'not_allowed',
    ],
    ['a cancelled trip', { start: helsinkiIn(-90), then: ['cancelled'] }, 'cancelled'],
    ['a no-show', { start: helsinkiIn(-90), then: ['noShow'] }, 'no_show'],
  ] as const)('answers %s with 409 review_not_available', async (_name, options, problem) => {
    const ref = await book('espoo', { durationMinutes: 30, ...options })
    const response = await review(ref)
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      statusCode: 409,
      code: 'review_not_available',
      message: expect.any(String),
      errors: [{ property: 'trip', error: problem }],
    })
  })

  it('takes a review of a picked-up trip 10 minutes after its planned end, without a drop-off', async () => {
    const ref = await book('espoo', { start: helsinkiIn(-45), durationMinutes: 30, then: ['pickedUp'] })
    expect((await review(ref)).statusCode).toBe(200)
  })

  it('holds stars to the tenant’s scale: 5 is 400 on a 4-star tenant, fine on a 5-star one', async () => {
    const fcgTrip = await completed('fcg')
    const tooMany = await review(fcgTrip, { driverStars: 5, experienceStars: 5 }, 'fcg')
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json()).toMatchObject({
      code: 'validation_failed',
      errors: [
        { property: 'driverStars', error: 'too_big' },
        { property: 'experienceStars', error: 'too_big' },
      ],
    })
    const one = await review(fcgTrip, { experienceStars: 5 }, 'fcg')
    expect(one.json().errors).toEqual([{ property: 'experienceStars', error: 'too_big' }])
    expect((await review(fcgTrip, { driverStars: 4, experienceStars: 4 }, 'fcg')).statusCode).toBe(200)
    expect((await review(await completed('espoo'), { driverStars: 5, experienceStars: 5 })).statusCode).toBe(
      200,
    )
  })

  it.each([
    ['no stars', { driverStars: 0 }, 'driverStars'],
    ['six stars', { experienceStars: 6 }, 'experienceStars'],
    ['half a star', { driverStars: 3.5 }, 'driverStars'],
    ['a blank comment', { comment: '  ' }, 'comment'],
  ])('answers %s with 400', async (_name, change, property) => {
    const payload = {
      trip: { id: 'x', date: '2026-11-24' },
      comment: 'Hyvä',
      driverStars: 4,
      experienceStars: 4,
      ...change,
    }
    const response = await api(test.app, 'espoo', tokens.espoo, {
      method: 'POST',
      url: '/api/trip/review',
      payload,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'validation_failed', errors: [{ property }] })
  })

  it('answers 404 for another user’s or another tenant’s trip, an unknown one, or the wrong date', async () => {
    const ref = await completed()
    const wrongDate = { id: ref.id, date: Temporal.PlainDate.from(ref.date).subtract({ days: 2 }).toString() }
    for (const [tenant, token, trip] of [
      ['espoo', tokens.single, ref],
      ['demo', tokens.demo, ref],
      ['espoo', tokens.espoo, { id: 'no-such-trip', date: ref.date }],
      ['espoo', tokens.espoo, wrongDate],
    ] as const) {
      const response = await review(trip, {}, tenant, token)
      expect(response.statusCode).toBe(404)
      expect(response.json()).toMatchObject({ code: 'not_found' })
    }
    expect((await tenantDb(test.db, 'espoo').trips.find(ref.id))?.reviews).toEqual([])
  })

  it('answers a granted passenger’s trip with its status', async () => {
    const ref = await book('espoo', { start: helsinkiIn(-10), then: ['dispatched', 'pickedUp'] })
    const passengerId = passengers.espoo[0]!.id
    const response = await status('espoo', tokens.espoo, { passengerId, tripId: ref.id, date: ref.date })
    expect(response.statusCode).toBe(200)
    const trip = response.json<Trip>()
    expect(tripSchema.parse(trip)).toEqual(trip)
    expect(trip).toMatchObject({ id: ref.id, carName: 'Taksi 12', passenger: { id: passengerId } })
    expect(trip.status?.code).toBe(tripStatusCodes.Pickup)
  })

  it('answers status 404 unless passenger, trip and date belong together and to the user', async () => {
    // Tomorrow at noon: a trip that ends the day it starts, so the next day is not one of its dates (a trip
    // across midnight is identified by either, spec section 3), whatever the time the test runs.
    const noon = helsinkiIn(24 * 60).with({ hour: 12, minute: 0, second: 0 })
    const ref = await book('espoo', { start: noon })
    const [first, second] = passengers.espoo
    const nextDay = Temporal.PlainDate.from(ref.date).add({ days: 1 }).toString()
    for (const [tenant, token, payload] of [
      ['espoo', tokens.single, { passengerId: first!.id, tripId: ref.id, date: ref.date }],
      ['espoo', tokens.espoo, { passengerId: second!.id, tripId: ref.id, date: ref.date }],
      ['espoo', tokens.espoo, { passengerId: first!.id, tripId: ref.id, date: nextDay }],
      ['espoo', tokens.espoo, { passengerId: first!.id, tripId: 'no-such-trip', date: ref.date }],
      ['demo', tokens.demo, { passengerId: first!.id, tripId: ref.id, date: ref.date }],
    ] as const) {
      const response = await status(tenant, token, payload)
      expect(response.statusCode).toBe(404)
      expect(response.json()).toMatchObject({ statusCode: 404, code: 'not_found' })
    }
    const bad = await status('espoo', tokens.espoo, {
      passengerId: first!.id,
      tripId: ref.id,
      date: '1.2.2026',
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toEqual([{ property: 'date', error: 'invalid_format' }])
  })
})
