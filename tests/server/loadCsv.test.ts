import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installOperatorKeys } from '../../server/auth/operatorKeys'
import { main } from '../../server/tools/loadCsv'
import { createTestApp, type TestApp } from './support/app'
import { backends } from './support/database'
import { listen } from './support/tracking'

const samples = 'docs/examples/operator-load'
const key = 'csv-client-test-key-of-espoo-0123456789'
const noWait = () => Promise.resolve()

/**
 * The example client (server/tools/loadCsv.ts) loading the sample files through the HTTP operator API of a
 * listening app, as an operator runs it: the rows end up in the database, and a second run writes nothing new.
 */
describe.each(backends)('the CSV example client on $name', (backend) => {
  let test: TestApp
  let origin: string
  let dir: string

  /** Runs the client with the espoo key; its exit code and what it printed. */
  async function load(args: string[], tenant = 'espoo') {
    const printed: string[] = []
    const print = (line: string) => printed.push(line)
    const code = await main(['--origin', `${origin}/${tenant}`, ...args], {
      env: { OPERATOR_API_KEY: key },
      sleep: noWait,
      print,
      printError: print,
    })
    return { code, printed }
  }

  const sampleArgs = ['passengers', 'places', 'trips'].flatMap((kind) => [
    `--${kind}`,
    `${samples}/${kind}.csv`,
  ])

  /** What the espoo tenant holds of the operator's data, by the operator's references. */
  async function loaded() {
    const passengers = await test.db
      .selectFrom('passengers')
      .select(['external_ref', 'name', 'language'])
      .where('tenant_id', '=', 'espoo')
      .where('external_ref', 'like', 'ESP-%')
      .orderBy('external_ref')
      .execute()
    const places = await test.db
      .selectFrom('places')
      .innerJoin('passengers', (join) =>
        join
          .onRef('passengers.id', '=', 'places.passenger_id')
          .onRef('passengers.tenant_id', '=', 'places.tenant_id'),
      )
      .select(['passengers.external_ref as passenger', 'places.external_ref as place', 'latitude', 'is_main'])
      .where('places.tenant_id', '=', 'espoo')
      .where('passengers.external_ref', 'like', 'ESP-%')
      .orderBy('passengers.external_ref')
      .orderBy('places.external_ref')
      .execute()
    const trips = await test.db
      .selectFrom('trips')
      .innerJoin('passengers', (join) =>
        join
          .onRef('passengers.id', '=', 'trips.passenger_id')
          .onRef('passengers.tenant_id', '=', 'trips.tenant_id'),
      )
      .leftJoin('places', (join) =>
        join.onRef('places.id', '=', 'trips.end_place_id').onRef('places.tenant_id', '=', 'trips.tenant_id'),
      )
      .select([
        'trips.id',
        'passengers.external_ref as passenger',
        'places.external_ref as endPlace',
        'end_address',
      ])
      .where('trips.tenant_id', '=', 'espoo')
      .where('trips.id', 'like', 'ESP-T%')
      .orderBy('trips.id')
      .execute()
    const events = await test.db
      .selectFrom('trip_events')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('tenant_id', '=', 'espoo')
      .where('trip_id', 'like', 'ESP-T%')
      .executeTakeFirstOrThrow()
    return { passengers, places, trips, events: Number(events.count) }
  }

  beforeAll(async () => {
    test = await createTestApp(backend)
    await installOperatorKeys(test.db, [{ tenant: 'espoo', key, name: 'CSV client test' }])
    origin = await listen(test.app)
    dir = await mkdtemp(join(tmpdir(), 'loadCsv-'))
  })
  afterAll(async () => {
    await test.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('loads the sample passengers, places and week of trips, and a second run writes nothing new', async () => {
    const first = await load(sampleArgs)
    expect(first.printed).toEqual([
      `${samples}/passengers.csv: 3 written, 0 failed`,
      `${samples}/places.csv: 7 written, 0 failed`,
      `${samples}/trips.csv: 30 written, 0 failed`,
    ])
    expect(first.code).toBe(0)

    const after = await loaded()
    expect(after.passengers).toEqual([
      { external_ref: 'ESP-1001', name: 'Aino Virtanen', language: 'fi' },
      { external_ref: 'ESP-1002', name: 'Elias Lindholm', language: 'sv' },
      { external_ref: 'ESP-1003', name: 'Noah Smith', language: 'en' },
    ])
    expect(after.places.map((place) => `${place.passenger} ${place.place}`)).toEqual([
      'ESP-1001 home',
      'ESP-1001 school',
      'ESP-1002 home',
      'ESP-1002 school',
      'ESP-1003 grandparents',
      'ESP-1003 home',
      'ESP-1003 school',
    ])
    // The places sent without coordinates were placed by the server's geocoder.
    expect(after.places.every((place) => place.latitude !== null)).toBe(true)
    expect(after.places.filter((place) => place.is_main).map((place) => place.passenger)).toEqual([
      'ESP-1001',
      'ESP-1002',
      'ESP-1003',
    ])
    expect(after.trips).toHaveLength(30)
    expect(after.events).toBe(30)
    expect(after.trips.find((trip) => trip.id === 'ESP-T1003-20270113-PM')).toMatchObject({
      passenger: 'ESP-1003',
      endPlace: 'grandparents',
      end_address: {
        alias: 'Grandparents',
        address: 'Merituulentie 30, 02200 Espoo',
        lat: 60.1725,
        lng: 24.799,
      },
    })
    expect(after.trips.find((trip) => trip.id === 'ESP-T1001-20270115-PM')).toMatchObject({
      endPlace: null,
      end_address: { alias: null, address: 'Kauppamiehentie 6, 02100 Espoo' },
    })

    const second = await load(sampleArgs)
    expect(second.printed).toEqual([
      `${samples}/passengers.csv: 0 written, 3 written by an earlier run, 0 failed`,
      `${samples}/places.csv: 0 written, 7 written by an earlier run, 0 failed`,
      `${samples}/trips.csv: 0 written, 30 written by an earlier run, 0 failed`,
    ])
    expect(second.code).toBe(0)
    expect(await loaded()).toEqual(after)
  })

  it('sends a changed file anew: its unchanged trips are answered as booked and its bad rows reported by line', async () => {
    const trips = (await readFile(`${samples}/trips.csv`, 'utf8')).trimEnd().split('\n')
    const file = join(dir, 'trips.csv')
    await writeFile(
      file,
      [
        ...trips.slice(0, 3),
        'ESP-T9999-20270111-AM,ESP-9999,2027-01-11T07:40:00+02:00,2027-01-11T08:00:00+02:00,,,Koti,Koulu,',
        'ESP-T1001-20270118-AM,ESP-1001,2027-01-18 07:40,2027-01-18T08:00:00+02:00,home,school,,,',
        'ESP-T1001-20270119-AM,ESP-1001,2027-01-19T07:40:00+02:00,2027-01-19T08:00:00+02:00,cottage,school,,,',
        'ESP-T1001-20270120-AM,ESP-1001,2027-01-20T07:40:00+02:00,2027-01-20T08:00:00+02:00,,,Koti,Koulu,',
      ].join('\n'),
    )
    const before = await loaded()
    const { code, printed } = await load(['--places', `${samples}/places.csv`, '--trips', file])
    expect(printed).toEqual([
      `${samples}/places.csv: 0 written, 7 written by an earlier run, 0 failed`,
      `${file}: 3 written, 3 failed`,
      `  ${file}:4 404 not_found No such passenger in this tenant [passengerRef: not_found]`,
      expect.stringMatching(/:5 400 validation_failed .* \[start: invalid_format\]$/),
      `  ${file}:6 - validation_failed startAddress is needed unless startPlaceRef names a place of the passenger in the places file [startAddress: required]`,
    ])
    expect(code).toBe(1)
    const after = await loaded()
    // The two sample trips sent again were answered as booked: nothing new but the one good new row.
    expect(after.trips.map((trip) => trip.id)).toEqual(
      [...before.trips.map((trip) => trip.id), 'ESP-T1001-20270120-AM'].sort(),
    )
    expect(after.events).toBe(before.events + 1)
  })

  it("stops at a request the server refuses as a whole: the espoo key is not another tenant's", async () => {
    const { code, printed } = await load(sampleArgs, 'demo')
    expect(code).toBe(1)
    expect(printed.at(-1)).toMatch(/^Stopped, nothing after it sent: .* answered 401 invalid_api_key/)
    const demoPassengers = await test.db
      .selectFrom('passengers')
      .select('id')
      .where('tenant_id', '=', 'demo')
      .where('external_ref', 'like', 'ESP-%')
      .execute()
    expect(demoPassengers).toEqual([])
  })
})
