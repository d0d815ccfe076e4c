import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Passenger } from '../../src/contract/passenger'
import type { TripRef } from '../../src/contract/tripCommands'
import { api, createTestApp, type TestApp } from './support/app'
import { backends } from './support/database'
import { linkOf, track } from './support/tracking'
import { guardianWithTripSoon, operatorEvent } from './support/trips'

/**
 * The two polled answers (trip status, a tracking link) carry an ETag and answer 304 while nothing changed,
 * and a new ETag once an event is appended: at once on the instance that took the event, and on another once
 * the database's notification of it has arrived (server/reads/versionWatch.ts).
 */
describe.each(backends)('conditional polling on $name', (backend) => {
  let test: TestApp
  let guardian: string
  let passenger: Passenger
  let trip: TripRef

  const status = (headers: Record<string, string> = {}, token: string | null = guardian) =>
    api(test.app, 'espoo', token, {
      method: 'POST',
      url: '/api/trip/status',
      payload: { passengerId: passenger.id, tripId: trip.id, date: trip.date },
      headers,
    })
  const moveCar = (latitude: number) =>
    operatorEvent(test.app, 'espoo', trip.id, { type: 'position', location: { latitude, longitude: 24.66 } })

  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo'] })
    ;({ guardian, passenger, trip } = await guardianWithTripSoon(test.app, 'espoo'))
  })
  afterAll(() => test.close())

  it('trip status: 304 to its ETag, a new ETag and body after an operator event', async () => {
    const first = await status()
    expect(first.statusCode).toBe(200)
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/)
    const again = await status({ 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    expect((await status({ 'if-none-match': '"something-else"' })).statusCode).toBe(200)

    expect((await moveCar(60.25)).statusCode).toBe(200)
    const moved = await status({ 'if-none-match': etag })
    expect(moved.statusCode).toBe(200)
    expect(moved.headers.etag).not.toBe(etag)
    expect(moved.json()).toMatchObject({ status: { carLocation: { latitude: 60.25 } } })
  })

  it('trip status: the ETag never stands in for the login', async () => {
    const etag = (await status()).headers.etag as string
    expect((await status({ 'if-none-match': etag }, null)).statusCode).toBe(401)
  })

  it('a tracking link: 304 to its ETag, and another instance sees a new event once it is announced', async () => {
    const { link } = await linkOf(test.app, 'espoo', guardian, passenger.id, trip)
    const other = await test.secondInstance()
    const first = await track(other, 'espoo', link)
    expect(first.statusCode).toBe(200)
    const etag = first.headers.etag as string
    expect(first.headers['cache-control']).toBe('private, no-cache')
    expect((await track(other, 'espoo', link, { 'if-none-match': etag })).statusCode).toBe(304)
    // The same bytes get the same tag on every instance.
    expect((await track(test.app, 'espoo', link, { 'if-none-match': etag })).statusCode).toBe(304)

    expect((await moveCar(60.26)).statusCode).toBe(200)
    // The other instance hears of the event by the database's notification, milliseconds after its commit.
    await expect
      .poll(async () => (await track(other, 'espoo', link, { 'if-none-match': etag })).statusCode, {
        timeout: 2_000,
        interval: 5,
      })
      .toBe(200)
    const moved = await track(other, 'espoo', link, { 'if-none-match': etag })
    expect(moved.headers.etag).not.toBe(etag)
    expect(moved.json()).toMatchObject({ status: { carLocation: { latitude: 60.26 } } })
  })
})
