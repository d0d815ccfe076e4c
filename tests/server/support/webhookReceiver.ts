import { randomBytes } from 'node:crypto'
import type { IncomingHttpHeaders, ServerResponse } from 'node:http'
import { createServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { selfSignedCertificate } from '../../support/selfSignedCertificate'
import { forChildProcess, routeToStandIn } from '../../support/standInNetwork.mjs'
import { standInPublicAddress } from './pushServiceStandIn'

/**
 * A dispatch system's webhook receiver for tests: an https server on a public-looking name of its own that
 * records every POST and answers as it is told (200, 503 ..., or not at all), and can go down (connections
 * refused) and come back on the same port. The server under test reaches it as it would a real receiver,
 * through the same endpoint and address policy (tests/support/standInNetwork.mjs): in this process and, with
 * `childProcess()`, in a server started apart.
 */

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders
  body: string
  /** The status answered; null while held (or never, when its sender died). */
  status: number | null
}

/** A status to answer with, or `hold`: keep the request open, unanswered. */
export type ReceiverAnswer = number | 'hold'

export interface WebhookReceiver {
  /** e.g. https://hooks-3f9c1a2b.stand-in.example.net/hooks */
  url: string
  /** From now on its name resolves to `address` (a private one, to see the policy refuse it). */
  resolveTo(address: string | null): void
  childProcess(): { nodeArgs: string[]; env: Record<string, string> }
  /** Every POST in the order it came. */
  readonly received: readonly ReceivedWebhook[]
  /** The bodies of those answered 2xx, parsed. */
  delivered(): unknown[]
  /** From now on answer so; `once`: only the next request. */
  answer(answer: ReceiverAnswer, once?: boolean): void
  /** Stops listening: connections are refused until `up()`. */
  down(): Promise<void>
  up(): Promise<void>
  close(): Promise<void>
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = []
  const held: ServerResponse[] = []
  let sticky: ReceiverAnswer = 200
  const once: ReceiverAnswer[] = []

  const hostName = `hooks-${randomBytes(4).toString('hex')}.stand-in.example.net`
  const { key, cert } = await selfSignedCertificate(hostName)
  const server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/hooks') {
        response.writeHead(404).end()
        return
      }
      const answer = once.shift() ?? sticky
      const entry: ReceivedWebhook = {
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        status: answer === 'hold' ? null : answer,
      }
      received.push(entry)
      if (answer === 'hold') held.push(response)
      else response.writeHead(answer).end()
    })
  })
  const listen = (port: number) =>
    new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()))
  await listen(0)
  const port = (server.address() as AddressInfo).port
  const target = { port, ca: cert, address: standInPublicAddress as string | null }
  const route = routeToStandIn(hostName, target)
  const stopListening = () =>
    new Promise<void>((resolve, reject) => {
      for (const response of held.splice(0)) response.destroy()
      server.closeAllConnections()
      server.close((error) => (error ? reject(error) : resolve()))
    })

  return {
    url: `https://${hostName}/hooks`,
    resolveTo(address) {
      target.address = address
      route.resolveTo(address)
    },
    childProcess: () => forChildProcess([{ hostName, ...target }]),
    received,
    delivered: () =>
      received
        .filter(({ status }) => status !== null && status >= 200 && status < 300)
        .map(({ body }) => JSON.parse(body) as unknown),
    answer(answer, isOnce = false) {
      if (isOnce) once.push(answer)
      else sticky = answer
    },
    down: stopListening,
    up: () => listen(port),
    async close() {
      route.remove()
      await stopListening()
    },
  }
}
