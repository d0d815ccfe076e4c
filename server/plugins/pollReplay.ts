import type { IncomingMessage, OutgoingHttpHeaders, RequestListener } from 'node:http'
import { Readable } from 'node:stream'
import type { TLSSocket } from 'node:tls'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { isLocalHost } from '../../src/domain/hosts'
import { clientAddress, requestHost, type TrustedHop } from '../net/clientAddress'
import { resolveOnce, tenantRewriteUrl, type TenantOptions } from './tenant'
import { jsonType, namesEtag, type SerializedAnswer } from '../reads/answerCache'
import { createReplayStore, replayStoreDefaults, type ReplayStoreOptions } from '../reads/replayStore'
import type { VersionCache } from '../db/versionCache'

declare module 'fastify' {
  interface FastifyInstance {
    /** The front that replays the polled calls' answers before Fastify. */
    pollReplay: PollReplay
  }
}

/** What a polled handler says of its answer so that the front may replay it (registerEndpoint's `replayable`). */
export interface ReplayConditions {
  /** The announcements (server/db/versionCache.ts tags) any of which ends it. */
  tags: readonly string[]
  /** The epoch milliseconds between which it holds (a tracking link's window); always, when left out. */
  fromMs?: number
  untilMs?: number
  /**
   * Checked on every replay with no await, given the replayed request's client address (as Fastify's
   * `request.ip`): the bearer's session still live, the address's rate limit. False hands the request to
   * Fastify, which answers it in full, refusal included.
   */
  admit?: (address: string) => boolean
}

interface Replay {
  ok: OutgoingHttpHeaders
  notModified: OutgoingHttpHeaders
  body: Buffer
  etag: string
  fromMs: number
  untilMs: number
  admit: (address: string) => boolean
}

/** What the front noted of a request it handed on: its key, where the announcements stood, the body it read. */
interface HandedOn {
  key: string
  mark: number | undefined
  body: Buffer | null
}

const handedOnKey = Symbol('poll replay')
type FrontMessage = IncomingMessage & { [handedOnKey]?: HandedOn }

/** The request headers a polled answer depends on besides its tenant, path, host and body. */
const keyHeaders = ['authorization', 'content-type', 'accept-language'] as const

/** Headers of one response that a replay must not repeat (and the two the front writes itself). */
const perResponseHeaders = new Set([
  'set-cookie',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-type',
  'content-length',
])

/** A polled body is a few ids; anything longer, or of unknown length, goes to Fastify unread. */
const maxBodyBytes = 4096

/** What a kept replay costs besides its key, body and headers (its objects and the store's), roughly. */
const entryOverheadBytes = 512

/**
 * A polled route's path as the router matches it after tenant resolution, exactly: a `:param` is one segment of
 * the characters of the ids it takes (base64url, UUIDs), which the router reads as they are, so no spelling of
 * one path (percent-escapes, a trailing slash) is a second key.
 */
function pathMatcher(path: string): (candidate: string) => boolean {
  if (!path.includes(':')) return (candidate) => candidate === path
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[A-Za-z0-9_-]+')
  const pattern = new RegExp(`^${escaped}$`)
  return (candidate) => pattern.test(candidate)
}

interface PolledRoute {
  method: 'GET' | 'POST'
  matches: (path: string) => boolean
  /** Whether the route reads a query string (a contract `query` schema): then it is part of the key. */
  readsQuery: boolean
}

/** The protocol as Fastify's `request.protocol` has it: a trusted proxy's X-Forwarded-Proto, else the socket's. */
function requestProtocol(raw: IncomingMessage, trust: TrustedHop | null): string {
  const forwarded = raw.headers['x-forwarded-proto']?.toString()
  const peer = raw.socket.remoteAddress
  if (trust && forwarded && peer !== undefined && trust(peer, 0)) {
    return forwarded.slice(forwarded.lastIndexOf(',') + 1).trim()
  }
  return (raw.socket as TLSSocket).encrypted ? 'https' : 'http'
}

/**
 * What of the host an answer depends on besides the tenant's zone (the call's): the protocol and whether the
 * host is loopback (Strict-Transport-Security, server/plugins/securityHeaders.ts). Not the host itself: on a
 * host that names no tenant any name will do, and each would be a key of its own.
 */
function hostPart(raw: IncomingMessage, trust: TrustedHop | null): string {
  const host = requestHost(raw, trust)
  // Fastify's `request.hostname`: the host without its port.
  const hostname = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : (host.split(':', 1)[0] ?? '')
  return `${requestProtocol(raw, trust)}\u0000${isLocalHost(hostname)}`
}

function headerBytes(headers: OutgoingHttpHeaders): number {
  let bytes = 0
  for (const [name, value] of Object.entries(headers)) bytes += name.length + String(value).length
  return bytes
}

/** Reads a small body whole; null (and nothing read) for one of unknown or larger length. */
function readSmallBody(raw: IncomingMessage, done: (body: Buffer | null) => void, failed: () => void) {
  const length = Number(raw.headers['content-length'])
  if (!(length > 0 && length <= maxBodyBytes) || raw.headers['transfer-encoding'] !== undefined) {
    done(null)
    return
  }
  const chunks: Buffer[] = []
  raw.on('data', (chunk: Buffer) => chunks.push(chunk))
  raw.on('end', () => done(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)))
  raw.on('error', failed)
}

export interface PollReplayOptions {
  /** The tenant rule Fastify routes by (its `rewriteUrl` and onRequest hook), trusted proxies included. */
  tenant: TenantOptions
  store?: ReplayStoreOptions
}

/**
 * The polled calls' front: an answer a polled handler declared replayable is kept in the front's own store
 * until the database announces a change to what it was read from (the version cache's tags) or its conditions
 * end, and replayed byte for byte, headers included, to a request identical in all an answer depends on, before
 * Fastify sees it: no routing, hooks, validation or promise. It looks only at requests for exactly a polled
 * route once the tenant is resolved as Fastify will, and reads a body only for those; whatever it cannot replay
 * goes to Fastify, which answers as if the front were not there (and keeps the answer for the next time).
 * Replays are not request-logged.
 */
export function createPollReplay(cache: VersionCache, options: PollReplayOptions) {
  const routes: PolledRoute[] = []
  const proxies = options.tenant.proxies
  const rewrite = tenantRewriteUrl(options.tenant)
  const store = createReplayStore<Replay>(options.store ?? replayStoreDefaults)
  cache.watch((tag) => (tag === null ? store.clear() : store.dropTag(tag)))
  let stopped = false
  let replays = 0
  let handedOn = 0

  /**
   * The method, tenant, the tenant's zone on this host and path (with its query, if the route reads one) of a
   * polled call; null for others.
   */
  function polledCall(raw: IncomingMessage): string | null {
    const method = raw.method
    if (method !== 'GET' && method !== 'POST') return null
    const url = rewrite(raw)
    const resolution = resolveOnce(raw, raw.url ?? '/', options.tenant)
    if (resolution.kind !== 'tenant') return null
    const query = url.indexOf('?')
    const path = query < 0 ? url : url.slice(0, query)
    const route = routes.find((candidate) => candidate.method === method && candidate.matches(path))
    if (!route) return null
    return `${method}\u0000${resolution.tenantId}\u0000${resolution.timeZone}\u0000${route.readsQuery ? url : path}`
  }

  function requestKey(raw: IncomingMessage, call: string, body: Buffer | null): string {
    let key = `${call}\u0000${hostPart(raw, proxies)}`
    for (const name of keyHeaders) key += `\u0000${raw.headers[name] ?? ''}`
    return body ? `${key}\u0000${body.toString('latin1')}` : key
  }

  function replay(raw: IncomingMessage, res: Parameters<RequestListener>[1], key: string): boolean {
    if (stopped || !cache.live) return false
    const found = store.get(key)
    if (!found) return false
    const now = Date.now()
    if (now < found.fromMs || now >= found.untilMs || !found.admit(clientAddress(raw, proxies))) return false
    if (namesEtag(raw.headers['if-none-match'], found.etag)) res.writeHead(304, found.notModified).end()
    else res.writeHead(200, found.ok).end(found.body)
    replays++
    return true
  }

  function answerOrHandOn(
    raw: FrontMessage,
    res: Parameters<RequestListener>[1],
    call: string,
    body: Buffer | null,
    next: RequestListener,
  ) {
    const key = requestKey(raw, call, body)
    if (replay(raw, res, key)) return
    raw[handedOnKey] = { key, mark: cache.mark(), body }
    handedOn++
    next(raw, res)
  }

  return {
    /** Registers a polled route, so that the front looks its requests up. */
    route(method: string, path: string, readsQuery: boolean): void {
      if (method !== 'GET' && method !== 'POST') throw new Error(`A polled call is a GET or a POST: ${path}`)
      routes.push({ method, matches: pathMatcher(path), readsQuery })
    },

    /** The http server's request listener: replays what it can and hands the rest to Fastify's, `next`. */
    listener(next: RequestListener): RequestListener {
      return (raw: FrontMessage, res) => {
        const call = stopped ? null : polledCall(raw)
        if (call === null) {
          next(raw, res)
        } else if (raw.method === 'GET') {
          answerOrHandOn(raw, res, call, null, next)
        } else if (!cache.live) {
          // Nothing could be replayed or kept: the body is left to Fastify.
          handedOn++
          next(raw, res)
        } else {
          readSmallBody(
            raw,
            (body) => {
              if (body) return answerOrHandOn(raw, res, call, body, next)
              handedOn++
              next(raw, res)
            },
            () => res.destroy(),
          )
        }
      }
    },

    /** A polled route's preParsing hook: the body the front already read, as the stream Fastify parses. */
    preParsing(
      request: FastifyRequest,
      _reply: FastifyReply,
      payload: Readable,
      done: (error: null, stream: Readable) => void,
    ): void {
      const body = (request.raw as FrontMessage)[handedOnKey]?.body
      done(null, body ? Readable.from([body], { objectMode: false }) : payload)
    },

    /**
     * A polled route's last onSend hook: keeps `answer` with the headers of this 200 or 304 (less those of this
     * response alone, Set-Cookie among them) for the front, if the front handed the request on and nothing was
     * announced since.
     */
    keep(
      request: FastifyRequest,
      reply: FastifyReply,
      answer: SerializedAnswer<unknown>,
      conditions: ReplayConditions,
    ): void {
      const handedOnAs = (request.raw as FrontMessage)[handedOnKey]
      if (!handedOnAs || stopped || (reply.statusCode !== 200 && reply.statusCode !== 304)) return
      if (handedOnAs.mark === undefined || handedOnAs.mark !== cache.mark()) return
      const headers: OutgoingHttpHeaders = {}
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined && !perResponseHeaders.has(name)) headers[name] = value
      }
      const ok = { ...headers, 'content-type': jsonType, 'content-length': String(answer.bytes.length) }
      const replay: Replay = {
        ok,
        notModified: headers,
        body: answer.bytes,
        etag: answer.etag,
        fromMs: conditions.fromMs ?? -Infinity,
        untilMs: conditions.untilMs ?? Infinity,
        admit: conditions.admit ?? (() => true),
      }
      const bytes = handedOnAs.key.length + answer.bytes.length + 2 * headerBytes(ok) + entryOverheadBytes
      store.set(handedOnAs.key, replay, bytes, conditions.tags)
    },

    /** From the start of the app's close: every request goes to Fastify (which refuses it), nothing is kept. */
    stop(): void {
      stopped = true
      store.clear()
    },

    /** Replays made and polls handed on to Fastify since start, and what the store holds. */
    stats(): { replays: number; handedOn: number; entries: number; bytes: number } {
      return { replays, handedOn, ...store.size }
    },
  }
}

export type PollReplay = ReturnType<typeof createPollReplay>
