import { randomBytes, randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BookingResponse } from '../../src/contract/booking'
import type { CalendarFeed } from '../../src/contract/notifications'
import type { Passenger, Place } from '../../src/contract/passenger'
import type { Trip } from '../../src/contract/trip'
import { loadConfig } from '../../server/config/config'
import { tenantDb } from '../../server/db/tenantDb'
import { tenantTimeZone } from '../../server/time/timeZone'
import { api, createTestApp, testPort, tokenFor, type TestApp } from './support/app'
import { homeToMain, permissionRecord } from './support/bookings'
import { backends } from './support/database'
import { timeZone } from './support/trips'

/** A dev host this deployment names (DEV_HOSTS): a .us name, whose zone the spec's rule would make US/Central. */
const devHost = 'dev.x.us'
const loopback = `127.0.0.1:${testPort}`

describe('DEV_HOSTS', () => {
  it('reads the dev and staging host names that serve every tenant', () => {
    expect(loadConfig({}).devHosts).toEqual([])
    expect(loadConfig({ DEV_HOSTS: 'Portal.Dev.Example.fi, staging.example.fi' }).devHosts).toEqual([
      'portal.dev.example.fi',
      'staging.example.fi',
    ])
  })

  it.each(['portal.example.fi', 'dev.example.fi:8080', 'https://dev.example.fi'])(
    'refuses %j, which the portal would not take for a dev or staging host',
    (raw) => {
      expect(() => loadConfig({ DEV_HOSTS: raw })).toThrow(/DEV_HOSTS entry .* is not a dev or staging host/)
    },
  )
})

describe('the server’s time-zone rule', () => {
  const extraHosts = { 'portal.example.uk': 'espoo' } as const
  it.each([
    ['demo', 'demo.passengerportal.us', 'US/Central'],
    ['demo', 'demo.passengerportal.co.uk', 'Europe/London'],
    ['demo', 'demo.matkaportaali.fi', 'Europe/Helsinki'],
    ['espoo', 'portal.example.uk', 'Europe/London'],
    // Hosts the tenant does not configure: its first production host's zone.
    ['demo', 'dev.x.us', 'Europe/Helsinki'],
    ['espoo', 'demo.passengerportal.us', 'Europe/Helsinki'],
    ['demo', 'demo.localhost', 'Europe/Helsinki'],
    ['demo', undefined, 'Europe/Helsinki'],
  ] as const)('%s on %s: %s', (tenant, hostname, zone) => {
    expect(tenantTimeZone(tenant, hostname, extraHosts)).toBe(zone)
  })
})

/**
 * The server trusts only the hosts it is configured with: the time zone is the tenant's,
 * dev and staging hosts serve every tenant only when listed, and the links it writes name PUBLIC_ORIGIN's
 * protocol and port with a host it knows.
 */
describe.each(backends)('hosts the server knows on $name', (backend) => {
  let test: TestApp
  let token: string
  let passenger: Passenger
  let places: Place[]

  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['demo', 'espoo'], config: { devHosts: [devHost] } })
    token = await tokenFor(test.app, 'demo', 'guardian', 'demo-guardian-2026')
    passenger = (await api(test.app, 'demo', token, { url: '/api/passenger' })).json<Passenger[]>()[0]!
    places = (await api(test.app, 'demo', token, { url: `/api/passenger/${passenger.id}/places` })).json<
      Place[]
    >()
  })
  afterAll(() => test.close())

  /** A call of the demo tenant's API through its path prefix on `host`. */
  const onHost = (host: string, request: { method?: 'GET' | 'POST'; url: string; payload?: object }) =>
    test.app.inject({
      method: request.method ?? 'GET',
      url: `/demo${request.url}`,
      headers: { host, authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
      ...(request.payload ? { payload: request.payload } : {}),
    })

  it('dates a booking at 00:30 on 1 January Helsinki time on 1 January, whatever the Host', async () => {
    const year = Temporal.Now.plainDateISO(timeZone).year + 1
    const december = { startDate: `${year - 1}-12-01`, endDate: `${year - 1}-12-31` }
    const january = { startDate: `${year}-01-01`, endDate: `${year}-01-31` }
    const base = permissionRecord(passenger.id)
    const record = {
      ...base,
      startDate: december.startDate,
      endDate: january.endDate,
      // December's trips are all used; January's are free.
      periods: [
        { ...base.periods[0]!, ...december, totalQuota: 4, usedQuota: 4 },
        { ...base.periods[0]!, ...january, totalQuota: 4, usedQuota: 0 },
      ],
    }
    const data = tenantDb(test.db, 'demo')
    await data.transaction((db) => db.permissions.insertMany([record]))
    const departure = `${year}-01-01T00:30:00+02:00`

    for (const host of [loopback, devHost]) {
      const response = await onHost(host, {
        method: 'POST',
        url: '/api/booking',
        payload: homeToMain(passenger, places, record.id, departure),
      })
      expect(response.statusCode, `${host}: ${response.body}`).toBe(200)
      expect(response.json<BookingResponse>().date, host).toBe(`${year}-01-01`)
    }
    const used = (await data.permissions.find(record.id))!.periods.map((period) => period.usedQuota)
    expect(used).toEqual([4, 2])
  })

  it('answers trips in the tenant’s zone on a .us dev host, as on loopback', async () => {
    const tripsOn = async (host: string) => {
      const response = await onHost(host, { url: `/api/passenger/${passenger.id}/trips` })
      expect(response.statusCode).toBe(200)
      return response.json<Trip[]>()
    }
    const local = await tripsOn(loopback)
    expect(local.length).toBeGreaterThan(0)
    for (const trip of local) expect(trip.startDateTime).toMatch(/\+0[23]:00$/)
    expect(await tripsOn(devHost)).toEqual(local)
    // On a .us host the tenant configures, the spec's zone holds.
    const us = await test.app.inject({
      url: `/api/passenger/${passenger.id}/trips`,
      headers: { host: 'demo.passengerportal.us', authorization: `Bearer ${token}` },
    })
    const usTrips = us.json<Trip[]>()
    expect(usTrips.length).toBeGreaterThan(0)
    for (const trip of usTrips) expect(trip.startDateTime).toMatch(/-0[56]:00$/)
  })

  it('serves no tenant on a dev or staging host it is not configured with', async () => {
    for (const host of ['dev.other.example', 'staging.example.fi', 'portal-dev.example.us']) {
      const apiCall = await onHost(host, { url: '/api/passenger' })
      expect(apiCall.statusCode, host).toBe(404)
      expect(apiCall.json(), host).toMatchObject({ code: 'unknown_tenant' })
      const header = await test.app.inject({
        url: '/api/passenger',
        headers: { host, 'x-tenant': 'demo', authorization: `Bearer ${token}` },
      })
      expect(header.json(), host).toMatchObject({ code: 'unknown_tenant' })
      const page = await test.app.inject({ url: '/demo/login', headers: { host } })
      expect(page.statusCode, host).toBe(404)
    }
    // The configured one serves every tenant under its path prefix, as loopback names do.
    expect((await onHost(devHost, { url: '/api/passenger' })).statusCode).toBe(200)
  })

  describe('links the server writes', () => {
    let espooToken: string
    /** An instance whose PUBLIC_ORIGIN is https, reached over plain http (no proxy it trusts). */
    let public_: FastifyInstance
    beforeAll(async () => {
      espooToken = await tokenFor(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
      public_ = await test.secondInstance({ publicOrigin: 'https://matkaportaali.fi' })
    })

    const renewFeed = async (app: FastifyInstance, headers: Record<string, string>) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/calendar/feed',
        headers: { authorization: `Bearer ${espooToken}`, 'idempotency-key': randomUUID(), ...headers },
      })
      expect(response.statusCode, response.body).toBe(200)
      return response.json<CalendarFeed>().url
    }

    it('gives a calendar feed PUBLIC_ORIGIN’s protocol and port on the tenant’s host, never the request’s', async () => {
      const url = await renewFeed(public_, { host: 'espoo.matkaportaali.fi:8443' })
      expect(url).toMatch(/^https:\/\/espoo\.matkaportaali\.fi\/calendar\/[A-Za-z0-9_-]{22}\.ics$/)
    })

    it('names the tenant’s path prefix in a feed made on a local host through the X-Tenant header', async () => {
      const url = await renewFeed(test.app, { host: `localhost:${testPort}`, 'x-tenant': 'espoo' })
      expect(url).toMatch(new RegExp(`^http://localhost:${testPort}/espoo/calendar/[A-Za-z0-9_-]{22}\\.ics$`))
      const feed = await test.app.inject({
        url: new URL(url).pathname,
        headers: { host: `localhost:${testPort}` },
      })
      expect(feed.statusCode).toBe(200)
      expect(feed.body).toContain(`URL;VALUE=URI:http://localhost:${testPort}/espoo/trips/`)
    })

    it('stores a device’s portal root with PUBLIC_ORIGIN’s protocol and port on the tenant’s host', async () => {
      const endpoint = `https://fcm.googleapis.com/fcm/send/${randomUUID()}`
      const response = await public_.inject({
        method: 'POST',
        url: '/api/notifications/subscriptions',
        headers: {
          host: 'espoo.matkaportaali.fi:8443',
          authorization: `Bearer ${espooToken}`,
          'idempotency-key': randomUUID(),
        },
        payload: {
          endpoint,
          keys: {
            p256dh: randomBytes(65).toString('base64url'),
            auth: randomBytes(16).toString('base64url'),
          },
          locale: 'fi',
        },
      })
      expect(response.statusCode, response.body).toBe(200)
      const stored = await sql<{ portal_url: string }>`
        select portal_url from push_subscriptions where endpoint = ${endpoint}`.execute(test.db)
      expect(stored.rows).toEqual([{ portal_url: 'https://espoo.matkaportaali.fi' }])
    })
  })
})
