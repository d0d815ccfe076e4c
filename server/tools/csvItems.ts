import { parse } from 'csv-parse/sync'
import type { FieldError } from '../../src/contract/common'

/**
 * An operator's CSV files as items of the bulk call (POST api/operator/bulk), each with the file and line it came
 * from; the format is in docs/integration.md. A row that cannot become an item is reported like a failed item.
 */

export const csvColumns = {
  passengers: ['externalRef', 'name', 'initials', 'phone', 'language'],
  places: [
    'passengerRef',
    'externalRef',
    'alias',
    'address',
    'latitude',
    'longitude',
    'isHome',
    'isPickup',
    'isViaPoint',
    'isMain',
    'isSecondaryPlace',
  ],
  trips: [
    'tripId',
    'passengerRef',
    'start',
    'end',
    'startPlaceRef',
    'endPlaceRef',
    'startAddress',
    'endAddress',
    'note',
  ],
} as const

export type CsvKind = keyof typeof csvColumns
type Row<K extends CsvKind> = Record<(typeof csvColumns)[K][number], string>

export interface Source {
  file: string
  /** The line the row starts on, 1 for the header. */
  line: number
}

/** What went wrong with a row or an item: the server's apiError, or the client's own in the same shape. */
export interface ItemError {
  code: string
  message: string
  errors?: FieldError[]
}

/** A row as an item of the bulk call, or why it is not one. */
export type CsvItem = { source: Source } & ({ item: BulkItem } | { error: ItemError })

export type BulkItem = Record<string, unknown> & { type: string }

/** A file whose header or quoting is wrong: nothing of it can be loaded. */
export class CsvFileError extends Error {}

const invalid = (property: string, error: string, message: string): ItemError => ({
  code: 'validation_failed',
  message,
  errors: [{ property, error }],
})

/** A row the mapping refuses; caught per row, so that one bad row spoils no other. */
class RowError extends Error {
  constructor(readonly error: ItemError) {
    super(error.message)
  }
}

/** A row of a file by its columns, or why it is not one. */
type CsvRow<K extends CsvKind> = { source: Source } & ({ row: Row<K> } | { error: ItemError })

/**
 * The rows of a CSV file (UTF-8, comma-separated, a header row naming exactly the kind's columns, in any order),
 * each with the line it starts on; empty lines are skipped. Throws CsvFileError for a file that cannot be read
 * as such.
 */
function csvRows<K extends CsvKind>(text: string, kind: K, file: string): CsvRow<K>[] {
  let records: { record: string[]; raw: string }[]
  try {
    // With `raw`, csv-parse gives each record with its text (the types do not know it).
    records = parse(text, { bom: true, trim: true, relax_column_count: true, raw: true }) as unknown as {
      record: string[]
      raw: string
    }[]
  } catch (error) {
    throw new CsvFileError(`${file}: ${error instanceof Error ? error.message : String(error)}`)
  }
  const [header, ...rows] = records
  const expected: readonly string[] = csvColumns[kind]
  const names = header?.record ?? []
  const missing = expected.filter((column) => !names.includes(column))
  const unknown = names.filter((column) => !expected.includes(column))
  if (missing.length > 0 || unknown.length > 0 || new Set(names).size !== names.length) {
    throw new CsvFileError(
      `${file}: the header must name the columns ${expected.join(',')} once each` +
        (missing.length > 0 ? `; missing ${missing.join(',')}` : '') +
        (unknown.length > 0 ? `; unknown ${unknown.join(',')}` : ''),
    )
  }
  // Counted from each record's text (csv-parse's own count is off after a quoted line break in a CRLF file).
  const newlines = (raw: string) => raw.match(/\r\n|\r|\n/g)?.length ?? 0
  let line = 1 + newlines(header!.raw)
  const result: CsvRow<K>[] = []
  for (const { record, raw } of rows) {
    const source = { file, line }
    line += newlines(raw)
    if (record.every((field) => field === '')) continue
    if (record.length !== names.length) {
      const message = `The row has ${record.length} fields, the header ${names.length}`
      result.push({ source, error: invalid('row', 'column_count', message) })
    } else {
      result.push({ source, row: Object.fromEntries(names.map((name, at) => [name, record[at]])) as Row<K> })
    }
  }
  return result
}

const orNull = (value: string) => (value === '' ? null : value)
const orOmitted = (value: string) => (value === '' ? undefined : value)

const flags: Record<string, boolean> = { '': false, '0': false, false: false, '1': true, true: true, x: true }

function flag(row: Record<string, string>, column: string): boolean {
  const value = flags[row[column]!.toLowerCase()]
  if (value === undefined)
    throw new RowError(invalid(column, 'invalid_flag', `${column} is true/false/1/0/x or empty`))
  return value
}

function coordinate(row: Record<string, string>, column: string): number | null {
  const value = row[column]!
  if (value === '') return null
  const number = Number(value)
  if (!Number.isFinite(number))
    throw new RowError(invalid(column, 'invalid_number', `${column} is a decimal number with a point`))
  return number
}

function passengerFromRow(row: Row<'passengers'>): BulkItem {
  return {
    type: 'passenger',
    externalRef: row.externalRef,
    name: row.name,
    // Left out, the initials a guardian chose are kept.
    initials: orOmitted(row.initials),
    phone: orNull(row.phone),
    language: orNull(row.language),
  }
}

/** A place; without coordinates the server places its address with its geocoder. */
function placeFromRow(row: Row<'places'>): BulkItem {
  return {
    type: 'place',
    passengerRef: row.passengerRef,
    externalRef: row.externalRef,
    alias: row.alias,
    address: row.address,
    latitude: coordinate(row, 'latitude'),
    longitude: coordinate(row, 'longitude'),
    isHome: flag(row, 'isHome'),
    isPickup: flag(row, 'isPickup'),
    isViaPoint: flag(row, 'isViaPoint'),
    isMain: flag(row, 'isMain'),
    isSecondaryPlace: flag(row, 'isSecondaryPlace'),
  }
}

/** The places of the places file by passenger and place reference, for the trips that name them. */
export type PlaceLookup = (passengerRef: string, placeRef: string) => BulkItem | undefined

export function placeLookup(places: readonly CsvItem[]): PlaceLookup {
  const byRef = new Map<string, BulkItem>()
  for (const place of places) {
    if ('item' in place)
      byRef.set(`${String(place.item.passengerRef)} ${String(place.item.externalRef)}`, place.item)
  }
  return (passengerRef, placeRef) => byRef.get(`${passengerRef} ${placeRef}`)
}

/**
 * A trip end's address: the address column as written; when it is empty, the address, alias and coordinates of
 * the place the ref column names in the places file. One of the two is needed.
 */
function tripAddress(row: Row<'trips'>, end: 'start' | 'end', places: PlaceLookup) {
  const address = row[`${end}Address`]
  if (address !== '') return { alias: null, address, lat: null, lng: null }
  const place = row[`${end}PlaceRef`] === '' ? undefined : places(row.passengerRef, row[`${end}PlaceRef`])
  if (!place) {
    throw new RowError(
      invalid(
        `${end}Address`,
        'required',
        `${end}Address is needed unless ${end}PlaceRef names a place of the passenger in the places file`,
      ),
    )
  }
  return { alias: place.alias, address: place.address, lat: place.latitude, lng: place.longitude }
}

/** A trip as the operator's booking of it, by the dispatch system's own trip id. */
function tripFromRow(row: Row<'trips'>, places: PlaceLookup): BulkItem {
  return {
    type: 'tripEvent',
    tripId: row.tripId,
    event: {
      type: 'booked',
      passengerRef: row.passengerRef,
      start: row.start,
      end: row.end,
      startPlaceRef: orOmitted(row.startPlaceRef),
      endPlaceRef: orOmitted(row.endPlaceRef),
      startAddress: tripAddress(row, 'start', places),
      endAddress: tripAddress(row, 'end', places),
      note: orNull(row.note),
    },
  }
}

function mapRows<K extends CsvKind>(rows: CsvRow<K>[], toItem: (row: Row<K>) => BulkItem): CsvItem[] {
  return rows.map((entry): CsvItem => {
    if ('error' in entry) return entry
    try {
      return { source: entry.source, item: toItem(entry.row) }
    } catch (thrown) {
      if (thrown instanceof RowError) return { source: entry.source, error: thrown.error }
      throw thrown
    }
  })
}

const noPlaces: PlaceLookup = () => undefined

/**
 * Each row of a file as an item, or the error that keeps it from being one. A trip's places are looked up in
 * `places` (the places file of the same run).
 */
export function csvItems(text: string, kind: CsvKind, file: string, places = noPlaces): CsvItem[] {
  switch (kind) {
    case 'passengers':
      return mapRows(csvRows(text, kind, file), passengerFromRow)
    case 'places':
      return mapRows(csvRows(text, kind, file), placeFromRow)
    case 'trips':
      return mapRows(csvRows(text, kind, file), (row) => tripFromRow(row, places))
  }
}
