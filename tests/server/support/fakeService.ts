import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * What the fake service answers: a status and a body (JSON unless a string), optionally late, or held until
 * `until` settles (a service that takes its time, without a timer in the test).
 */
export interface FakeAnswer {
  status?: number
  body: unknown
  delayMs?: number
  until?: Promise<unknown>
}

/**
 * A local HTTP server on 127.0.0.1 standing in for a geocoding or routing service on the internet: it records
 * each request and answers what the test set in `answer`. The adapters talk to it with their real code.
 */
export async function fakeService() {
  const requests: { url: URL; headers: IncomingMessage['headers'] }[] = []
  let answer: (url: URL) => FakeAnswer = () => ({ status: 404, body: {} })
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    requests.push({ url, headers: request.headers })
    const { status = 200, body, delayMs = 0, until } = answer(url)
    const send = () => {
      if (response.destroyed) return
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(typeof body === 'string' ? body : JSON.stringify(body))
    }
    if (until) void until.then(send, send)
    else setTimeout(send, delayMs)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** The answer to every request from now on. */
    answer(next: FakeAnswer | ((url: URL) => FakeAnswer)) {
      answer = typeof next === 'function' ? next : () => next
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export type FakeService = Awaited<ReturnType<typeof fakeService>>

/** A log that keeps what the adapters warn about. */
export function recordingLog() {
  const warnings: { object: object; message: string }[] = []
  return { warnings, warn: (object: object, message: string) => warnings.push({ object, message }) }
}
