import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { operatorTripEvent } from '../../../src/contract/operator'
import { passengerItem, placeItem } from '../../../src/contract/operatorPassengers'
import { CsvFileError, csvColumns, csvItems, placeLookup, type CsvItem } from '../../../server/tools/csvItems'

const header = (kind: keyof typeof csvColumns) => csvColumns[kind].join(',')
const items = (list: CsvItem[]) => list.map((entry) => ('item' in entry ? entry.item : entry.error))
const lines = (list: CsvItem[]) => list.map((entry) => entry.source.line)

const places = csvItems(
  [
    header('places'),
    'P1,home,Koti,"Koivukuja 3, 02770 Espoo",60.2058,24.6582,x,X,,0,false',
    'P1,school,Koulu,"Espoonkatu 10, 02770 Espoo",,,0,1,TRUE,true,',
  ].join('\n'),
  'places',
  'places.csv',
)

describe('the CSV files as items of the bulk call', () => {
  it('maps a passenger row, leaving out empty initials and nulling an empty phone and language', () => {
    const text = `${header('passengers')}\nP1,Aino Virtanen,AV,+358401234567,fi\nP2,Elias Lindholm,,,\n`
    expect(items(csvItems(text, 'passengers', 'passengers.csv'))).toEqual([
      {
        type: 'passenger',
        externalRef: 'P1',
        name: 'Aino Virtanen',
        initials: 'AV',
        phone: '+358401234567',
        language: 'fi',
      },
      { type: 'passenger', externalRef: 'P2', name: 'Elias Lindholm', phone: null, language: null },
    ])
  })

  it('maps a place row with its flags, and empty coordinates as null for the server to geocode', () => {
    expect(items(places)).toEqual([
      {
        type: 'place',
        passengerRef: 'P1',
        externalRef: 'home',
        alias: 'Koti',
        address: 'Koivukuja 3, 02770 Espoo',
        latitude: 60.2058,
        longitude: 24.6582,
        isHome: true,
        isPickup: true,
        isViaPoint: false,
        isMain: false,
        isSecondaryPlace: false,
      },
      expect.objectContaining({
        externalRef: 'school',
        latitude: null,
        longitude: null,
        isHome: false,
        isPickup: true,
        isViaPoint: true,
        isMain: true,
        isSecondaryPlace: false,
      }),
    ])
  })

  it("takes a trip's addresses from the places it names, or from its address columns", () => {
    const text = [
      header('trips'),
      'T1,P1,2027-01-11T07:40:00+02:00,2027-01-11T08:00:00+02:00,home,school,,,',
      'T2,P1,2027-01-11T14:10:00+02:00,2027-01-11T14:30:00+02:00,school,,,"Uimahalli, Espoo",Uimakoulu',
    ].join('\n')
    const [first, second] = items(csvItems(text, 'trips', 'trips.csv', placeLookup(places)))
    expect(first).toEqual({
      type: 'tripEvent',
      tripId: 'T1',
      event: {
        type: 'booked',
        passengerRef: 'P1',
        start: '2027-01-11T07:40:00+02:00',
        end: '2027-01-11T08:00:00+02:00',
        startPlaceRef: 'home',
        endPlaceRef: 'school',
        startAddress: { alias: 'Koti', address: 'Koivukuja 3, 02770 Espoo', lat: 60.2058, lng: 24.6582 },
        endAddress: { alias: 'Koulu', address: 'Espoonkatu 10, 02770 Espoo', lat: null, lng: null },
        note: null,
      },
    })
    expect(second).toMatchObject({
      event: {
        startPlaceRef: 'school',
        endAddress: { alias: null, address: 'Uimahalli, Espoo', lat: null, lng: null },
        note: 'Uimakoulu',
      },
    })
    // Not sent: the trip ends at no saved place.
    expect(JSON.stringify(second)).not.toContain('endPlaceRef')
  })

  it('gives each row the line it starts on, past empty lines, quoted line breaks and CRLF', () => {
    const text = [header('passengers'), 'P1,Aino,,,', '', 'P2,"Elias', 'Lindholm",,,', 'P3,Noah,,,'].join(
      '\r\n',
    )
    const list = csvItems(`\uFEFF${text}`, 'passengers', 'passengers.csv')
    expect(lines(list)).toEqual([2, 4, 6])
    expect(items(list)[1]).toMatchObject({ name: 'Elias\r\nLindholm' })
  })

  it('reports a bad row with its line and column, and maps the rows around it', () => {
    const text = [
      header('places'),
      'P1,home,Koti,Koivukuja 3,60.2,24.6,yes,,,,',
      'P1,school,Koulu,Espoonkatu 10,north,24.6,,,,,',
      'P1,too,few',
      'P1,park,Puisto,Puistotie 1,,,,,,,',
    ].join('\n')
    const list = csvItems(text, 'places', 'places.csv')
    expect(list.map((entry) => [entry.source, 'error' in entry ? entry.error.errors : 'item'])).toEqual([
      [{ file: 'places.csv', line: 2 }, [{ property: 'isHome', error: 'invalid_flag' }]],
      [{ file: 'places.csv', line: 3 }, [{ property: 'latitude', error: 'invalid_number' }]],
      [{ file: 'places.csv', line: 4 }, [{ property: 'row', error: 'column_count' }]],
      [{ file: 'places.csv', line: 5 }, 'item'],
    ])
  })

  it('refuses a trip without an address that no place of the places file gives', () => {
    const text = `${header('trips')}\nT1,P1,2027-01-11T07:40:00+02:00,2027-01-11T08:00:00+02:00,cottage,school,,,`
    const [trip] = csvItems(text, 'trips', 'trips.csv', placeLookup(places))
    expect(trip).toEqual({
      source: { file: 'trips.csv', line: 2 },
      error: expect.objectContaining({ errors: [{ property: 'startAddress', error: 'required' }] }),
    })
  })

  it('refuses a file whose header misses, repeats or adds a column', () => {
    const wrong = [
      'externalRef,name,initials,phone',
      `${header('passengers')},name`,
      `${header('passengers')},age`,
    ]
    for (const text of wrong) expect(() => csvItems(text, 'passengers', 'p.csv')).toThrow(CsvFileError)
    expect(() => csvItems(`${header('passengers')}\n"P1,Aino,,,`, 'passengers', 'p.csv')).toThrow(/p\.csv/)
  })

  it('maps the sample files to items the operator contract takes', () => {
    const sample = (name: string) => readFileSync(`docs/examples/operator-load/${name}.csv`, 'utf8')
    const samplePlaces = csvItems(sample('places'), 'places', 'places.csv')
    const all = [
      ...csvItems(sample('passengers'), 'passengers', 'passengers.csv'),
      ...samplePlaces,
      ...csvItems(sample('trips'), 'trips', 'trips.csv', placeLookup(samplePlaces)),
    ]
    expect(all.filter((entry) => 'error' in entry)).toEqual([])
    for (const { item } of all as { item: Record<string, unknown> }[]) {
      const { type, ...fields } = item
      if (type === 'passenger') expect(passengerItem.safeParse(fields).error).toBeUndefined()
      else if (type === 'place') expect(placeItem.safeParse(fields).error).toBeUndefined()
      else expect(operatorTripEvent.safeParse(fields.event).error).toBeUndefined()
    }
    expect(all.map((entry) => (entry as { item: { type: string } }).item.type)).toEqual([
      ...Array<string>(3).fill('passenger'),
      ...Array<string>(7).fill('place'),
      ...Array<string>(30).fill('tripEvent'),
    ])
  })
})
