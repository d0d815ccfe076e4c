import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { setTimeout as sleep } from 'node:timers/promises'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { Temporal } from 'temporal-polyfill'
import { bulkMaxItems } from '../../src/contract/operatorBulk'
import {
  CsvFileError,
  csvItems,
  placeLookup,
  type BulkItem,
  type CsvItem,
  type CsvKind,
  type ItemError,
  type Source,
} from './csvItems'

/**
 * The example client of the operator API (docs/integration.md): loads an operator's CSV files of passengers,
 * places and trips through the bulk call, in that order, 1,000 items a request.
 */

const usage = `Usage: OPERATOR_API_KEY=<key> npx tsx server/tools/loadCsv.ts --origin <portal URL> [--passengers <file>] [--places <file>] [--trips <file>]
  --origin      the tenant's portal, e.g. https://portal.example.fi or http://localhost:8080/espoo
  --passengers  externalRef,name,initials,phone,language
  --places      passengerRef,externalRef,alias,address,latitude,longitude,isHome,isPickup,isViaPoint,isMain,isSecondaryPlace
  --trips       tripId,passengerRef,start,end,startPlaceRef,endPlaceRef,startAddress,endAddress,note
The API key is read from OPERATOR_API_KEY, never from a flag (a flag shows in the process list).
Exit code 0: all written; 1: an item failed or the server could not be reached; 2: usage.`

/** The order of the loads: a place names its passenger, a trip its passenger and places. */
const kinds: readonly CsvKind[] = ['passengers', 'places', 'trips']

/** Tries of a request: the first and four more, after 1, 2, 4 and 8 s unless the server says how long. */
const tries = 5
const longestWaitMs = 120_000
/** A thousand places to geocode take a while; a request that outlives this is tried again under its key. */
const requestTimeoutMs = 5 * 60_000

/** What the client takes from its surroundings; tests give their own. */
export interface LoadOptions {
  env: Record<string, string | undefined>
  fetch: typeof fetch
  sleep: (ms: number) => Promise<unknown>
  print: (line: string) => void
  printError: (line: string) => void
}

class UsageError extends Error {}
/** The server refused a whole request or could not be reached: the items after it are not sent. */
class RequestFailed extends Error {}

interface Api extends LoadOptions {
  url: string
  key: string
  /** Keys the retries of items the server could not write for now (see sendChunk). */
  runId: string
}

interface FileReport {
  file: string
  rows: number
  written: number
  /** Answered from an earlier run's request under the same key: written then, nothing new now. */
  replayed: number
  failed: { source: Source; status: number | null; error: ItemError }[]
}

interface BulkAnswer {
  results: { status: number; error: ItemError | null }[]
}

const isLoopback = (host: string) =>
  ['localhost', '127.0.0.1', '[::1]'].includes(host) || host.endsWith('.localhost')

function apiUrl(origin: string | undefined): string {
  let url: URL
  try {
    url = new URL(origin ?? '')
  } catch {
    throw new UsageError('--origin must be the portal URL, e.g. https://portal.example.fi')
  }
  // The key must not cross a network in the clear.
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.hostname))) {
    throw new UsageError('--origin must be https (http only to localhost)')
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}/api/operator/bulk`
}

/** The files' items in the order of the loads, read and mapped before anything is sent. */
async function readFiles(files: Partial<Record<CsvKind, string>>) {
  const read: { file: string; items: CsvItem[] }[] = []
  let places: CsvItem[] = []
  for (const kind of kinds) {
    const file = files[kind]
    if (file === undefined) continue
    const text = await readFile(file, 'utf8').catch((error: unknown) => {
      throw new UsageError(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`)
    })
    const items = csvItems(text, kind, file, placeLookup(places))
    if (kind === 'places') places = items
    read.push({ file, items })
  }
  return read
}

/** Derived from what is sent: the same chunk sent again is answered as the first time, another one anew. */
const idempotencyKey = (body: string, salt = '') =>
  `loadCsv-${createHash('sha256').update(`${salt}\n${body}`).digest('hex')}`

/** A failure that may pass: too many requests, the service away, or the same key's request still running. */
const mayPass = (response: Response) =>
  response.status === 429 ||
  response.status === 503 ||
  (response.status === 409 && response.headers.has('retry-after'))

function waitMs(attempt: number, response?: Response): number {
  const retryAfter = Number(response?.headers.get('retry-after'))
  return Math.min(retryAfter > 0 ? retryAfter * 1000 : 1000 * 2 ** (attempt - 1), longestWaitMs)
}

/** One bulk request under its key, tried again while it fails in a way that may pass. */
async function post(api: Api, items: readonly BulkItem[], salt?: string) {
  const body = JSON.stringify({ items })
  const headers = {
    'content-type': 'application/json',
    'x-api-key': api.key,
    'idempotency-key': idempotencyKey(body, salt),
  }
  for (let attempt = 1; ; attempt++) {
    const signal = AbortSignal.timeout(requestTimeoutMs)
    const response = await api
      .fetch(api.url, { method: 'POST', headers, body, signal })
      .catch((error: unknown) => {
        // fetch's own error says only "fetch failed"; its cause names the reason (ECONNREFUSED, a timeout).
        const reason =
          error instanceof Error && error.cause ? `${String(error)} (${String(error.cause)})` : String(error)
        if (attempt === tries) throw new RequestFailed(`No answer from ${api.url}: ${reason}`)
        return undefined
      })
    if (response?.ok) {
      const answer = (await response.json()) as BulkAnswer
      return { results: answer.results, replayed: response.headers.get('idempotent-replayed') === 'true' }
    }
    if (response && (!mayPass(response) || attempt === tries)) {
      const error = (await response.json().catch(() => null)) as ItemError | null
      throw new RequestFailed(
        `${api.url} answered ${response.status} ${error?.code ?? ''}: ${error?.message ?? ''}`,
      )
    }
    await api.sleep(waitMs(attempt, response))
  }
}

/**
 * A chunk of items. Those the server could not write for now (5xx: the geocoder did not answer) are sent again in
 * a request of their own, keyed also by this run: the chunk's answer, with their failure, is kept under the
 * chunk's key for 30 days, and a later run must not get it replayed for them.
 */
async function sendChunk(api: Api, chunk: readonly { source: Source; item: BulkItem }[], report: FileReport) {
  let pending = chunk
  for (let round = 1; pending.length > 0; round++) {
    const { results, replayed } = await post(
      api,
      pending.map((sent) => sent.item),
      round === 1 ? undefined : `${api.runId} ${round}`,
    )
    const again = pending.filter((sent, index) => {
      const result = results[index]!
      if (result.status === 200) {
        if (replayed) report.replayed++
        else report.written++
        return false
      }
      if (result.status >= 500 && round < tries) return true
      report.failed.push({ source: sent.source, status: result.status, error: result.error! })
      return false
    })
    if (again.length > 0) await api.sleep(waitMs(round))
    pending = again
  }
}

async function sendFile(api: Api, items: readonly CsvItem[], report: FileReport) {
  const valid = items.flatMap((entry) => ('item' in entry ? [entry] : []))
  for (const entry of items) {
    if ('error' in entry) report.failed.push({ source: entry.source, status: null, error: entry.error })
  }
  for (let from = 0; from < valid.length; from += bulkMaxItems)
    await sendChunk(api, valid.slice(from, from + bulkMaxItems), report)
}

/** The CSV column an error's property names: a trip's fields are its booking's (event.start, event.startAddress.address). */
const column = (property: string) => property.replace(/^event\./, '').split('.')[0]

function printReport(api: Api, report: FileReport) {
  const replayed = report.replayed > 0 ? `, ${report.replayed} written by an earlier run` : ''
  const notSent = report.rows - report.written - report.replayed - report.failed.length
  api.print(
    `${report.file}: ${report.written} written${replayed}, ${report.failed.length} failed` +
      (notSent > 0 ? `, ${notSent} not sent` : ''),
  )
  const byLine = report.failed.toSorted((a, b) => a.source.line - b.source.line)
  for (const { source, status, error } of byLine) {
    const fields = (error.errors ?? []).map((field) => `${column(field.property)}: ${field.error}`).join(', ')
    api.print(
      `  ${source.file}:${source.line} ${status ?? '-'} ${error.code} ${error.message}${fields ? ` [${fields}]` : ''}`,
    )
  }
}

function parse(args: readonly string[]) {
  try {
    const option = { type: 'string' } as const
    return parseArgs({
      args: [...args],
      options: { origin: option, passengers: option, places: option, trips: option },
    }).values
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
}

/** Runs the client with its command-line arguments; the exit code. */
export async function main(args: readonly string[], options: Partial<LoadOptions> = {}): Promise<number> {
  const io: LoadOptions = {
    env: process.env,
    fetch,
    sleep,
    print: console.log,
    printError: console.error,
    ...options,
  }
  let api: Api
  let files: { file: string; items: CsvItem[] }[]
  try {
    const values = parse(args)
    const key = io.env.OPERATOR_API_KEY
    if (!key) throw new UsageError("Set OPERATOR_API_KEY to the tenant's operator API key")
    if (!kinds.some((kind) => values[kind]))
      throw new UsageError('Give at least one of --passengers, --places, --trips')
    api = { ...io, url: apiUrl(values.origin), key, runId: Temporal.Now.instant().toString() }
    files = await readFiles(values)
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof CsvFileError)) throw error
    io.printError(`${error.message}\n\n${usage}`)
    return 2
  }
  const reports: FileReport[] = []
  let stopped: RequestFailed | undefined
  for (const { file, items } of files) {
    const report: FileReport = { file, rows: items.length, written: 0, replayed: 0, failed: [] }
    reports.push(report)
    try {
      await sendFile(api, items, report)
    } catch (error) {
      if (!(error instanceof RequestFailed)) throw error
      stopped = error
      break
    }
  }
  reports.forEach((report) => printReport(api, report))
  if (stopped) io.printError(`Stopped, nothing after it sent: ${stopped.message}`)
  return stopped || reports.some((report) => report.failed.length > 0) ? 1 : 0
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      console.error(error)
      process.exitCode = 1
    },
  )
}
