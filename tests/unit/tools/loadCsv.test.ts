import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { csvColumns } from '../../../server/tools/csvItems'
import { main } from '../../../server/tools/loadCsv'

interface Sent {
  url: string
  key: string
  items: { externalRef: string }[]
}

/** A stand-in for the server: answers each request with the next of `answers`, or all written. */
function server(answers: ((sent: Sent) => Response | Error)[] = []) {
  const sent: Sent[] = []
  const fetch = (url: string | URL | Request, init?: RequestInit) => {
    const headers = init!.headers as Record<string, string>
    const request = {
      url: String(url),
      key: headers['idempotency-key']!,
      items: (JSON.parse(String(init!.body)) as { items: Sent['items'] }).items,
    }
    sent.push(request)
    const answer = answers.shift()?.(request) ?? written(request)
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer)
  }
  return { sent, fetch: fetch as typeof globalThis.fetch }
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })
const ok = { status: 200, id: 'x', seq: null, error: null }
const written = (sent: Sent) => json(200, { results: sent.items.map(() => ok) })
const unavailable = { statusCode: 503, code: 'service_unavailable', message: 'Try again later' }

describe('the CSV example client (server/tools/loadCsv.ts)', () => {
  let dir: string
  let passengers: string

  async function csv(name: string, rows: string[]) {
    const file = join(dir, name)
    await writeFile(file, [csvColumns.passengers.join(','), ...rows].join('\n'))
    return file
  }

  async function run(args: string[], fake: ReturnType<typeof server>, env = { OPERATOR_API_KEY: 'key' }) {
    const printed: string[] = []
    const waits: number[] = []
    const code = await main(args, {
      env,
      fetch: fake.fetch,
      sleep: (ms) => Promise.resolve(waits.push(ms)),
      print: (line) => printed.push(line),
      printError: (line) => printed.push(line),
    })
    return { code, printed, waits }
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'loadCsv-'))
    passengers = await csv('passengers.csv', ['P1,Aino,,,fi', 'P2,Elias,,,sv'])
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  const origin = ['--origin', 'https://portal.example.fi/']

  it.each([
    ['no key', [...origin, '--passengers', 'p.csv'], {}, /OPERATOR_API_KEY/],
    ['an unknown flag', [...origin, '--key', 'secret'], undefined, /--key/],
    ['no file', origin, undefined, /at least one/],
    [
      'plain http to another host',
      ['--origin', 'http://portal.example.fi', '--passengers', 'p.csv'],
      undefined,
      /https/,
    ],
    [
      'a file that cannot be read',
      [...origin, '--passengers', '/nonexistent/p.csv'],
      undefined,
      /Cannot read/,
    ],
  ])('answers %s with its usage and exit code 2, sending nothing', async (_case, args, env, message) => {
    const fake = server()
    const { code, printed } = await run(args, fake, env as { OPERATOR_API_KEY: string })
    expect(code).toBe(2)
    expect(printed.join('\n')).toMatch(message)
    expect(printed.join('\n')).toMatch(/^Usage: /m)
    expect(fake.sent).toEqual([])
  })

  it('refuses a file whose header is wrong with exit code 2', async () => {
    const file = join(dir, 'wrong.csv')
    await writeFile(file, 'ref,name\nP1,Aino\n')
    const fake = server()
    expect((await run([...origin, '--passengers', file], fake)).code).toBe(2)
    expect(fake.sent).toEqual([])
  })

  it("posts to the tenant's bulk call under a key derived from the chunk: the same again, another for a change", async () => {
    const fake = server()
    await run([...origin, '--passengers', passengers], fake)
    await run(['--origin', 'http://localhost:8080/espoo', '--passengers', passengers], fake)
    await run([...origin, '--passengers', await csv('changed.csv', ['P1,Aino,,,fi', 'P2,Elias,,,fi'])], fake)
    expect(fake.sent.map((sent) => sent.url)).toEqual([
      'https://portal.example.fi/api/operator/bulk',
      'http://localhost:8080/espoo/api/operator/bulk',
      'https://portal.example.fi/api/operator/bulk',
    ])
    const [first, again, changed] = fake.sent.map((sent) => sent.key)
    expect(first).toMatch(/^loadCsv-[0-9a-f]{64}$/)
    expect(again).toBe(first)
    expect(changed).not.toBe(first)
  })

  it('sends 1,000 items a request', async () => {
    const rows = Array.from({ length: 2500 }, (_, index) => `P${index},Passenger ${index},,,`)
    const fake = server()
    const { code, printed } = await run([...origin, '--passengers', await csv('many.csv', rows)], fake)
    expect(fake.sent.map((sent) => sent.items.length)).toEqual([1000, 1000, 500])
    expect(fake.sent.map((sent) => sent.items[0]!.externalRef)).toEqual(['P0', 'P1000', 'P2000'])
    expect(new Set(fake.sent.map((sent) => sent.key)).size).toBe(3)
    expect(printed).toEqual([`${dir}/many.csv: 2500 written, 0 failed`])
    expect(code).toBe(0)
  })

  it('tries a request again under its key after 429, 503 and a network failure, waiting as the server says', async () => {
    const fake = server([
      () =>
        json(
          429,
          { statusCode: 429, code: 'too_many_requests', message: 'Slow down' },
          { 'retry-after': '7' },
        ),
      () => json(503, unavailable),
      () => new TypeError('fetch failed'),
    ])
    const { code, waits } = await run([...origin, '--passengers', passengers], fake)
    expect(code).toBe(0)
    expect(fake.sent).toHaveLength(4)
    expect(new Set(fake.sent.map((sent) => sent.key)).size).toBe(1)
    expect(waits).toEqual([7000, 2000, 4000])
  })

  it('stops with exit code 1 when the server stays away, sending nothing after it', async () => {
    const places = join(dir, 'places.csv')
    await writeFile(places, `${csvColumns.places.join(',')}\nP1,home,Koti,Koivukuja 3,,,x,,,,\n`)
    const fake = server(Array.from({ length: 5 }, () => () => json(503, unavailable)))
    const { code, printed } = await run([...origin, '--passengers', passengers, '--places', places], fake)
    expect(code).toBe(1)
    expect(fake.sent).toHaveLength(5)
    expect(printed).toEqual([
      `${passengers}: 0 written, 0 failed, 2 not sent`,
      expect.stringMatching(/^Stopped, nothing after it sent: .* answered 503 service_unavailable/),
    ])
  })

  it('sends items the server could not write for now again, alone and under a key of their own', async () => {
    const geocoderAway = {
      status: 503,
      id: null,
      seq: null,
      error: {
        statusCode: 503,
        code: 'address_search_unavailable',
        message: 'Address search is unavailable',
      },
    }
    const fake = server([
      () => json(200, { results: [ok, geocoderAway] }),
      () => json(200, { results: [geocoderAway] }),
    ])
    const { code, printed } = await run([...origin, '--passengers', passengers], fake)
    expect(fake.sent.map((sent) => sent.items.map((item) => item.externalRef))).toEqual([
      ['P1', 'P2'],
      ['P2'],
      ['P2'],
    ])
    expect(new Set(fake.sent.map((sent) => sent.key)).size).toBe(3)
    expect(printed).toEqual([`${passengers}: 2 written, 0 failed`])
    expect(code).toBe(0)
  })

  it('reports each item the server refused with its line, and exits with 1', async () => {
    const refused = {
      status: 400,
      id: null,
      seq: null,
      error: {
        statusCode: 400,
        code: 'validation_failed',
        message: 'The item is not valid',
        errors: [{ property: 'language', error: 'invalid_value' }],
      },
    }
    const fake = server([() => json(200, { results: [refused, ok] })])
    const { code, printed } = await run([...origin, '--passengers', passengers], fake)
    expect(printed).toEqual([
      `${passengers}: 1 written, 1 failed`,
      `  ${passengers}:2 400 validation_failed The item is not valid [language: invalid_value]`,
    ])
    expect(code).toBe(1)
  })
})
