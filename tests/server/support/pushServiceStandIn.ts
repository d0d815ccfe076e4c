import { createECDH, randomBytes, randomUUID, type ECDH } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { createServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import ece from 'http_ece'
import { selfSignedCertificate } from '../../support/selfSignedCertificate'
import { forChildProcess, routeToStandIn } from '../../support/standInNetwork.mjs'

/**
 * A push service for tests (server, bench and e2e): an https server on a public-looking name of its own that
 * records every POST to a device's endpoint, answers as it is told (201, or 404, 410, 429, 500 ...), and decrypts
 * what it got (RFC 8291, aes128gcm) with the keys of the browser it stands in for. The server under test reaches
 * it as it would a real push service, through the same endpoint and address policy: its name resolves to a
 * public address and the connection is dialled to its loopback port below Node's API
 * (tests/support/standInNetwork.mjs), in this process and, with `childProcess()`, in a server started apart.
 */

/** What the stand-in's name resolves to until a test says otherwise: IANA's, a public address. */
export const standInPublicAddress = '192.0.43.10'

/** A browser's push subscription on the stand-in, with the private half of its keys. */
export interface StandInDevice {
  id: string
  /** What `PushSubscription.toJSON()` gives (the body of subscribePush, without its locale). */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } }
  decrypt(body: Buffer): string
}

export interface ReceivedPush {
  deviceId: string
  headers: IncomingHttpHeaders
  body: Buffer
  /** The status the stand-in answered. */
  status: number
}

export interface Answer {
  status: number
  retryAfter?: string
}

export interface PushServiceStandIn {
  /** e.g. https://push-3f9c1a2b.stand-in.example.net: https on the default port, as a real push service. */
  origin: string
  /**
   * From now on its name resolves to `address` (a private one, to see the policy refuse it; null: the resolver
   * fails for now). A connection a sender keeps alive is not looked up again.
   */
  resolveTo(address: string | null): void
  /** The node arguments and environment a server process started apart needs to reach the stand-in. */
  childProcess(): { nodeArgs: string[]; env: Record<string, string> }
  /** A new browser: a fresh P-256 key pair and auth secret, and an endpoint here. */
  device(): StandInDevice
  /** Every POST in the order it came, answered or refused. */
  readonly received: readonly ReceivedPush[]
  /** What a device accepted (2xx), decrypted and parsed as JSON. */
  delivered(device: StandInDevice): unknown[]
  /** From now on answer `device`'s pushes (or all, when null) so; `once` only the next one. */
  answer(device: StandInDevice | null, answer: Answer, once?: boolean): void
  close(): Promise<void>
}

function newDevice(origin: string): StandInDevice & { ecdh: ECDH } {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16).toString('base64url')
  const id = randomUUID()
  return {
    id,
    ecdh,
    subscription: {
      endpoint: `${origin}/push/${id}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
    },
    decrypt: (body) =>
      ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString('utf8'),
  }
}

export async function startPushServiceStandIn(): Promise<PushServiceStandIn> {
  const devices = new Map<string, StandInDevice>()
  const received: ReceivedPush[] = []
  const sticky = new Map<string | null, Answer>()
  const once = new Map<string | null, Answer[]>()
  const answerFor = (deviceId: string): Answer =>
    once.get(deviceId)?.shift() ??
    once.get(null)?.shift() ??
    sticky.get(deviceId) ??
    sticky.get(null) ?? { status: 201 }

  const hostName = `push-${randomBytes(4).toString('hex')}.stand-in.example.net`
  const { key, cert } = await selfSignedCertificate(hostName)
  const server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const deviceId = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1]
      if (request.method !== 'POST' || !deviceId || !devices.has(deviceId)) {
        response.writeHead(404).end()
        return
      }
      const answer = answerFor(deviceId)
      received.push({
        deviceId,
        headers: request.headers,
        body: Buffer.concat(chunks),
        status: answer.status,
      })
      response.writeHead(answer.status, answer.retryAfter ? { 'retry-after': answer.retryAfter } : {}).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const target = {
    port: (server.address() as AddressInfo).port,
    ca: cert,
    address: standInPublicAddress as string | null,
  }
  const route = routeToStandIn(hostName, target)
  const origin = `https://${hostName}`

  return {
    origin,
    resolveTo: (address) => {
      target.address = address
      route.resolveTo(address)
    },
    childProcess: () => forChildProcess([{ hostName, ...target }]),
    received,
    device() {
      const device = newDevice(origin)
      devices.set(device.id, device)
      return device
    },
    delivered: (device) =>
      received
        .filter((push) => push.deviceId === device.id && push.status >= 200 && push.status < 300)
        .map((push) => JSON.parse(device.decrypt(push.body)) as unknown),
    answer(device, answer, isOnce = false) {
      const key = device?.id ?? null
      if (isOnce) once.set(key, [...(once.get(key) ?? []), answer])
      else sticky.set(key, answer)
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        route.remove()
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
