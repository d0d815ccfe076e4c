import { randomUUID } from 'node:crypto'
import ical, { type VEvent } from 'node-ical'
import { Temporal } from 'temporal-polyfill'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { CalendarFeed } from '../../src/contract/notifications'
import { operatorTripEvent, type OperatorTripEvent } from '../../src/contract/operator'
import { tenantDb } from '../../server/db/tenantDb'
import { demoOperatorKey } from '../../server/demo/operatorKeys'
import { appendOperatorEvent } from '../../server/trips/operatorEvents'
import type { TenantId } from '../../tenants'
import { api, createTestApp, testPort, tokenFor, type TestApp } from './support/app'
import { backends } from './support/database'
import { address, bookTrip, timeZone } from './support/trips'

const feedCall = (method: 'GET' | 'POST') => ({
  method,
  url: '/api/calendar/feed',
  headers: method === 'POST' ? { 'idempotency-key': randomUUID() } : ({} as Record<string, string>),
})

/** The path of a feed's URL, to fetch it from the test app. */
const pathOf = (feed: CalendarFeed) => new URL(feed.url).pathname

/** The calendar's properties RFC 5545 (3.6) and the feed's readers want before its components. */
const calendarProperties = [
  'VERSION',
  'PRODID',
  'NAME',
  'X-WR-CALNAME',
  'X-WR-TIMEZONE',
  'REFRESH-INTERVAL',
  'X-PUBLISHED-TTL',
]

/**
 * A feed read line by line as RFC 5545 writes it: every line ends in CRLF (the last too), none holds a bare CR or
 * LF, each unfolded line is `NAME[;params]:value`, and BEGIN and END nest. Returns what sits directly in the
 * VCALENDAR: its properties' names and its components' kinds, in order.
 */
function calendarOutline(body: string): { properties: string[]; components: string[] } {
  expect(body.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/)
  const lines = body
    .replace(/\r\n$/, '')
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
  expect(lines[0]).toBe('BEGIN:VCALENDAR')
  const open: string[] = []
  const outline = { properties: [] as string[], components: [] as string[] }
  for (const line of lines) {
    const [, name, value] = /^([A-Z][A-Z0-9-]*)(?:;[^:]*)?:(.*)$/.exec(line) ?? []
    expect(name, line).toBeDefined()
    if (name === 'BEGIN') {
      if (open.length === 1) outline.components.push(value!)
      open.push(value!)
    } else if (name === 'END') {
      expect(open.pop(), line).toBe(value)
    } else if (open.length === 1) {
      // A property after a component is out of order (and an injected SUMMARY would land here).
      expect(outline.components, line).toEqual([])
      outline.properties.push(name!)
    }
  }
  expect(open).toEqual([])
  expect(body.endsWith('END:VCALENDAR\r\n'), 'a CRLF after END:VCALENDAR').toBe(true)
  return outline
}

describe.each(backends)('calendar feeds on $name', (backend) => {
  let test: TestApp
  let guardian: string
  let single: string

  const renew = async (token = guardian, tenant: TenantId = 'espoo') => {
    const response = await api(test.app, tenant, token, feedCall('POST'))
    expect(response.statusCode).toBe(200)
    return response.json<CalendarFeed>()
  }
  /** What a calendar app asks: no login, the tenant's host. */
  const poll = (path: string, tenant: TenantId = 'espoo', headers: Record<string, string> = {}) =>
    api(test.app, tenant, null, { url: path, headers })

  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo', 'demo'] })
    guardian = await tokenFor(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    single = await tokenFor(test.app, 'espoo', 'single', 'demo-single-2026')
  })
  afterEach(() => vi.useRealTimers())
  afterAll(() => test.close())

  it('has none until one is made, then shows the same one', async () => {
    expect((await api(test.app, 'espoo', single, feedCall('GET'))).json()).toBeNull()
    const made = await renew(single)
    expect(made.url).toMatch(
      new RegExp(`^http://espoo\\.localhost:${testPort}/calendar/[A-Za-z0-9_-]{22}\\.ics$`),
    )
    expect(made.webcalUrl).toBe(made.url.replace(/^http:/, 'webcal:'))
    expect((await api(test.app, 'espoo', single, feedCall('GET'))).json()).toEqual(made)
    // Another user of the tenant sees their own, not this one.
    const others = (await api(test.app, 'espoo', guardian, feedCall('GET'))).json<CalendarFeed | null>()
    expect(others?.url).not.toBe(made.url)
  })

  it('revokes the old feed at once when a new one is made', async () => {
    const old = await renew()
    expect((await poll(pathOf(old))).statusCode).toBe(200)
    const fresh = await renew()
    expect(fresh.url).not.toBe(old.url)
    expect((await poll(pathOf(old))).statusCode).toBe(404)
    expect((await poll(pathOf(fresh))).statusCode).toBe(200)
  })

  it('keeps one live feed when two renewals race: the other link is already revoked', async () => {
    const [first, second] = await Promise.all([renew(), renew()])
    const answers = [(await poll(pathOf(first))).statusCode, (await poll(pathOf(second))).statusCode]
    expect(answers.toSorted()).toEqual([200, 404])
    const current = (await api(test.app, 'espoo', guardian, feedCall('GET'))).json<CalendarFeed>()
    expect(current.url).toBe(answers[0] === 200 ? first.url : second.url)
  })

  it('names the calendar in the language the link was made in', async () => {
    for (const [language, name] of [
      ['fi', 'Matkat'],
      ['sv', 'Resor'],
      ['en', 'Trips'],
    ] as const) {
      const response = await api(test.app, 'espoo', single, {
        ...feedCall('POST'),
        headers: { ...feedCall('POST').headers, 'accept-language': language },
      })
      const feed = response.json<CalendarFeed>()
      // The calendar app asks with its own language, which changes nothing.
      const body = (await poll(pathOf(feed), 'espoo', { 'accept-language': 'de' })).body
      expect(body.replace(/\r\n[ \t]/g, '')).toMatch(new RegExp(`^X-WR-CALNAME:${name} – .+$`, 'm'))
    }
  })

  it('answers 429 past the per-address limit, before it looks at the token', async () => {
    const strict = await test.secondInstance({ trackRateLimitPerMinute: 2 })
    const feed = await renew()
    const get = (path: string) =>
      strict.inject({ url: path, headers: { host: `espoo.localhost:${testPort}` } })
    expect((await get(pathOf(feed))).statusCode).toBe(200)
    expect((await get(`/calendar/${'A'.repeat(22)}.ics`)).statusCode).toBe(404)
    const limited = await get(pathOf(feed))
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toMatchObject({ code: 'too_many_requests' })
  })

  it('answers 404 to an unknown token, a malformed name, and another tenant host', async () => {
    const feed = await renew()
    expect((await poll(`/calendar/${'A'.repeat(22)}.ics`)).statusCode).toBe(404)
    expect((await poll(pathOf(feed).replace('.ics', '.txt'))).statusCode).toBe(404)
    const elsewhere = await poll(pathOf(feed), 'demo')
    expect(elsewhere.statusCode).toBe(404)
    expect(elsewhere.headers['content-type']).not.toMatch(/html/)
  })

  it('names the tenant path prefix it was asked under', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/espoo/api/calendar/feed',
      headers: {
        host: `localhost:${testPort}`,
        authorization: `Bearer ${guardian}`,
        'idempotency-key': randomUUID(),
      },
    })
    const feed = response.json<CalendarFeed>()
    expect(feed.url).toMatch(
      new RegExp(`^http://localhost:${testPort}/espoo/calendar/[A-Za-z0-9_-]{22}\\.ics$`),
    )
    const got = await test.app.inject({
      url: new URL(feed.url).pathname,
      headers: { host: `localhost:${testPort}` },
    })
    expect(got.statusCode).toBe(200)
  })

  /** A new passenger granted to `guardian`, whose trips their feed shows. */
  async function grantedPassenger(name = 'Aino Virtanen'): Promise<string> {
    const passengerId = randomUUID()
    const db = tenantDb(test.db, 'espoo')
    await db.passengers.insertMany([{ id: passengerId, name, phone: null, avatar_text: 'AV' }])
    await db.passengers.grant((await db.users.findByUserName('guardian'))!.id, [passengerId])
    return passengerId
  }

  /** An operator's booking of a 30-minute trip at `start`, Helsinki time. */
  function booked(passengerId: string, start: string): Extract<OperatorTripEvent, { type: 'booked' }> {
    const at = Temporal.ZonedDateTime.from(`${start}[${timeZone}]`)
    return {
      type: 'booked',
      passengerId,
      start: at.toString({ timeZoneName: 'never' }),
      end: at.add({ minutes: 30 }).toString({ timeZoneName: 'never' }),
      startAddress: address('Koti'),
      endAddress: address('Koulu'),
    }
  }

  const events = (body: string) =>
    Object.values(ical.sync.parseICS(body)).filter((item): item is VEvent => item?.type === 'VEVENT')

  it('never carries the operator trip id that injected an event: the request is 400', async () => {
    const passengerId = await grantedPassenger()
    const feed = await renew()
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2027-06-01T09:00:00Z') })
    const injection = await test.app.inject({
      method: 'POST',
      url: '/api/operator/trips/x%0D%0ABEGIN%3AVEVENT%0D%0ASUMMARY%3APWN%0D%0AEND%3AVEVENT/events',
      headers: { host: `espoo.localhost:${testPort}`, 'x-api-key': demoOperatorKey('espoo') },
      payload: booked(passengerId, '2027-06-03T08:00'),
    })
    expect(injection.statusCode).toBe(400)
    expect(injection.json()).toMatchObject({ code: 'validation_failed', errors: [{ property: 'id' }] })
    const body = (await poll(pathOf(feed))).body
    expect(body).not.toContain('PWN')
    calendarOutline(body)
  })

  it('escapes every text it writes: a stored trip id, address and name with line breaks break no line', async () => {
    const passengerId = await grantedPassenger('Aino\r\nSUMMARY:PWN1 Virtanen')
    const tripId = 'x\r\nBEGIN:VEVENT\r\nSUMMARY:PWN2\r\nEND:VEVENT\r\nX;a=b,c\\d'
    const event = booked(passengerId, '2027-07-06T08:00')
    // No house number: the feed names the stop by its whole street address.
    const home = { ...address('Koti'), alias: null, address: 'Kotikatu\r\nSUMMARY:PWN3\nLOCATION:PWN4' }
    // An id stored before the contract refused such ids: appended past the route's check.
    await tenantDb(test.db, 'espoo').transaction((db) =>
      appendOperatorEvent(
        db,
        tripId,
        operatorTripEvent.parse({ ...event, startAddress: home }),
        Temporal.Instant.from('2027-07-01T09:00:00Z'),
      ),
    )
    const feed = await renew()
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2027-07-01T09:00:00Z') })
    const body = (await poll(pathOf(feed))).body
    const unfolded = body.replace(/\r\n[ \t]/g, '').split('\r\n')
    expect(unfolded.filter((line) => line.includes('PWN'))).toEqual([
      'UID:x\\nBEGIN:VEVENT\\nSUMMARY:PWN2\\nEND:VEVENT\\nX\\;a=b\\,c\\\\d-2027-07-06@espoo.portal',
      // A stop's street address is named in words on one line (`streetAddress`); its comma is escaped.
      'SUMMARY:Aino: Kotikatu SUMMARY:PWN3 LOCATION:PWN4 → Koulukatu 1\\, 02100 Espoo',
      'LOCATION:Kotikatu SUMMARY:PWN3 LOCATION:PWN4',
      expect.stringMatching(/^URL;VALUE=URI:.+\/trips\/x%0D%0ABEGIN%3AVEVENT%0D%0ASUMMARY%3APWN2/),
    ])
    const outline = calendarOutline(body)
    expect(outline.components).toEqual(['VTIMEZONE', 'VEVENT'])
    const [parsed] = events(body)
    // TEXT has one kind of line break (\n): the id reads back whole but for its CRs.
    expect(parsed!.uid).toBe(`${tripId.replaceAll('\r\n', '\n')}-2027-07-06@espoo.portal`)
    expect(parsed!.summary).toBe('Aino: Kotikatu SUMMARY:PWN3 LOCATION:PWN4 → Koulukatu 1, 02100 Espoo')
  })

  it('writes the calendar’s properties before its components, and a CRLF after END:VCALENDAR', async () => {
    const passengerId = await grantedPassenger()
    await bookTrip(test.app, 'espoo', {
      passengerId,
      start: Temporal.ZonedDateTime.from(`2027-08-03T08:00[${timeZone}]`),
    })
    const feed = await renew()
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2027-08-01T09:00:00Z') })
    const body = (await poll(pathOf(feed))).body
    const outline = calendarOutline(body)
    expect(outline.properties.toSorted()).toEqual(calendarProperties.toSorted())
    expect(outline.components).toEqual(['VTIMEZONE', 'VEVENT'])
    expect(events(body)).toHaveLength(1)
  })

  it('shows a no-show as cancelled, described as a no-show in the language of the feed', async () => {
    const passengerId = await grantedPassenger()
    const trip = await bookTrip(test.app, 'espoo', {
      passengerId,
      start: Temporal.ZonedDateTime.from(`2027-09-07T08:00[${timeZone}]`),
      then: ['noShow'],
    })
    for (const [language, description] of [
      ['fi', 'Ei saapunut kyytiin: kuljettaja ei tavannut matkustajaa noutopaikalla.'],
      ['sv', 'Uteblev: chauffören träffade inte passageraren på hämtningsplatsen.'],
      ['en', 'No-show: the driver did not meet the passenger at the pickup.'],
    ] as const) {
      vi.useRealTimers()
      const response = await api(test.app, 'espoo', guardian, {
        ...feedCall('POST'),
        headers: { ...feedCall('POST').headers, 'accept-language': language },
      })
      vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2027-09-01T09:00:00Z') })
      const body = (await poll(pathOf(response.json<CalendarFeed>()))).body
      const [event] = events(body).filter((item) => item.uid === `${trip.id}-${trip.date}@espoo.portal`)
      expect(event?.status, language).toBe('CANCELLED')
      expect(event?.description, language).toBe(description)
    }
  })

  it('is read by an iCalendar parser: a trip on each side of a DST change, and a cancelled one', async () => {
    const passengerId = randomUUID()
    const db = tenantDb(test.db, 'espoo')
    await db.passengers.insertMany([
      { id: passengerId, name: 'Aino Virtanen', phone: null, avatar_text: 'AV' },
    ])
    const userId = (await db.users.findByUserName('guardian'))!.id
    await db.passengers.grant(userId, [passengerId])
    const at = (text: string) => Temporal.ZonedDateTime.from(`${text}[${timeZone}]`)
    // Summer time begins on 2027-03-28 at 03:00 (+02:00 to +03:00).
    const winter = await bookTrip(test.app, 'espoo', { passengerId, start: at('2027-03-27T08:00') })
    const summer = await bookTrip(test.app, 'espoo', { passengerId, start: at('2027-03-29T08:00') })
    const cancelled = await bookTrip(test.app, 'espoo', {
      passengerId,
      start: at('2027-03-30T14:15'),
      then: ['cancelled'],
    })
    const feed = await renew()

    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2027-03-20T10:00:00Z') })
    const response = await poll(pathOf(feed))
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8')
    expect(response.headers['cache-control']).toMatch(/^private/)
    expect(response.body).toContain('DTSTART;TZID=Europe/Helsinki:20270327T080000')
    expect(response.body).toContain('BEGIN:VTIMEZONE')
    // DTSTAMP in UTC, as RFC 5545 wants it: the window's start, midnight in Helsinki.
    expect(response.body).toContain('DTSTAMP:20270319T220000Z')

    const parsed = ical.sync.parseICS(response.body)
    const events = Object.values(parsed).filter((item): item is VEvent => item?.type === 'VEVENT')
    const byUid = new Map(events.map((event) => [event.uid, event]))
    const uid = (trip: { id: string; date: string }) => `${trip.id}-${trip.date}@espoo.portal`
    const winterEvent = byUid.get(uid(winter))!
    const summerEvent = byUid.get(uid(summer))!
    const cancelledEvent = byUid.get(uid(cancelled))!
    expect(winterEvent.start.toISOString()).toBe('2027-03-27T06:00:00.000Z')
    expect(winterEvent.end?.toISOString()).toBe('2027-03-27T06:30:00.000Z')
    expect(summerEvent.start.toISOString()).toBe('2027-03-29T05:00:00.000Z')
    // Stops that are not saved places are named by their street address (support/trips' stops have no place).
    expect(summerEvent.summary).toBe('Aino: Kotikatu 1, 02100 Espoo → Koulukatu 1, 02100 Espoo')
    expect(summerEvent.status).toBe('CONFIRMED')
    expect(cancelledEvent.status).toBe('CANCELLED')
    // Lines longer than 75 octets are folded (RFC 5545, 3.1).
    const unfolded = response.body.replace(/\r\n[ \t]/g, '')
    expect(unfolded).toContain(
      `URL;VALUE=URI:http://espoo.localhost:${testPort}/trips/${summer.id}/${summer.date}`,
    )
    // The calendar's name is in the language the feed was made in (the test's requests name none: the host's).
    expect(response.body).toMatch(/X-WR-CALNAME:.+/)

    // Polled again with the ETag it was given: 304, no body.
    const etag = response.headers.etag as string
    expect(etag).toMatch(/^".+"$/)
    const again = await poll(pathOf(feed), 'espoo', { 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
  })
})
