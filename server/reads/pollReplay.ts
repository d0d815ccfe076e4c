import type { IncomingMessage, OutgoingHttpHeaders, RequestListener } from 'node:http'
import { Readable } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { jsonType, namesEtag, type SerializedAnswer } from './answerCache'
import type { VersionCache } from './versionCache'

declare module 'fastify' {
  interface FastifyInstance {
    /** The front that replays the polled calls' answers before Fastify. */
    pollReplay: PollReplay
  }
}

/** What a polled handler says of its answer so that the front may replay it (registerEndpoint's `replayable`). */
export interface ReplayConditions {
  /** The announcements (server/reads/versionCache.ts tags) any of which ends it. */
  tags: readonly string[]
  /** The epoch milliseconds between which it holds (a tracking link's window); always, when left out. */
  fromMs?: number
  untilMs?: number
  /**
   * Checked on every replay with no await (the bearer's session still live, the link's rate limit): false hands
   * the request to Fastify, which answers it in full, refusal included.
   */
  admit?: () => boolean
}

interface Replay {
  ok: OutgoingHttpHeaders
  notModified: OutgoingHttpHeaders
  body: Buffer
  etag: string
  fromMs: number
  untilMs: number
  admit: () => boolean
}

/** What the front noted of a request it handed on: its key, where the announcements stood, the body it read. */
interface HandedOn {
  key: string
  mark: number | undefined
  body: Buffer | null
}

const handedOnKey = Symbol('poll replay')
type FrontMessage = IncomingMessage & { [handedOnKey]?: HandedOn }

/**
 * Everything of a request a polled answer can depend on besides its method, URL, client address and body: the
 * tenant (host, X-Tenant, the path's prefix), the caller, the body's type, the proxy's view of the client
 * (TRUST_PROXY), and the language; an answer is replayed only to a request identical in all of them.
 */
const keyHeaders = [
  'host',
  'x-tenant',
  'authorization',
  'content-type',
  'accept-language',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
] as const

/** A polled body is a few ids; anything longer, or of unknown length, goes to Fastify unread. */
const maxBodyBytes = 4096

function requestKey(raw: IncomingMessage, body: Buffer | null): string {
  let key = `replay\u0000${raw.method}\u0000${raw.url}\u0000${raw.socket.remoteAddress}`
  for (const name of keyHeaders) key += `\u0000${raw.headers[name] ?? ''}`
  return body ? `${key}\u0000${body.toString('latin1')}` : key
}

/** A route path of the contract (`/api/track/:link`) as a pattern, with or without a tenant path prefix. */
function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/?]+')
  return new RegExp(`^(?:/[^/?]+)?${escaped}(?:\\?|$)`)
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

/**
 * The polled calls' front: an answer a polled handler declared replayable is kept, in the version cache, until
 * the database announces a change to what it was read from (or its conditions end), and replayed byte for byte,
 * headers included, to the identical request before Fastify sees it: no routing, hooks, validation or promise.
 * Whatever it cannot replay goes to Fastify, which answers as if the front were not there (and keeps the
 * answer for the next time). Replays are not request-logged.
 */
export function createPollReplay(cache: VersionCache) {
  const gets: RegExp[] = []
  const posts: RegExp[] = []

  function replay(raw: IncomingMessage, res: Parameters<RequestListener>[1], key: string): boolean {
    const found = cache.peek<Replay>(key)
    if (!found) return false
    const now = Date.now()
    if (now < found.fromMs || now >= found.untilMs || !found.admit()) return false
    if (namesEtag(raw.headers['if-none-match'], found.etag)) res.writeHead(304, found.notModified).end()
    else res.writeHead(200, found.ok).end(found.body)
    return true
  }

  function answerOrHandOn(
    raw: FrontMessage,
    res: Parameters<RequestListener>[1],
    body: Buffer | null,
    next: RequestListener,
  ) {
    const key = requestKey(raw, body)
    if (replay(raw, res, key)) return
    raw[handedOnKey] = { key, mark: cache.mark(), body }
    next(raw, res)
  }

  return {
    /** Registers a polled route, so that the front looks its requests up. */
    route(method: string, path: string): void {
      if (method !== 'GET' && method !== 'POST') throw new Error(`A polled call is a GET or a POST: ${path}`)
      ;(method === 'GET' ? gets : posts).push(pathPattern(path))
    },

    /** The http server's request listener: replays what it can and hands the rest to Fastify's, `next`. */
    listener(next: RequestListener): RequestListener {
      return (raw: FrontMessage, res) => {
        const url = raw.url ?? ''
        if (raw.method === 'GET' && gets.some((pattern) => pattern.test(url))) {
          answerOrHandOn(raw, res, null, next)
        } else if (raw.method === 'POST' && posts.some((pattern) => pattern.test(url))) {
          readSmallBody(
            raw,
            (body) => (body ? answerOrHandOn(raw, res, body, next) : next(raw, res)),
            () => res.destroy(),
          )
        } else {
          next(raw, res)
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
     * A polled route's last onSend hook: keeps `answer` with the headers of this 200 or 304 for the front, if the
     * front handed the request on and no announcement came since.
     */
    keep(
      request: FastifyRequest,
      reply: FastifyReply,
      answer: SerializedAnswer<unknown>,
      conditions: ReplayConditions,
    ): void {
      const handedOn = (request.raw as FrontMessage)[handedOnKey]
      if (!handedOn || (reply.statusCode !== 200 && reply.statusCode !== 304)) return
      const { 'content-type': _type, 'content-length': _length, ...sent } = reply.getHeaders()
      const headers = Object.fromEntries(
        Object.entries(sent).filter(([, value]) => value !== undefined),
      ) as OutgoingHttpHeaders
      const replay: Replay = {
        ok: { ...headers, 'content-type': jsonType, 'content-length': String(answer.bytes.length) },
        notModified: headers,
        body: answer.bytes,
        etag: answer.etag,
        fromMs: conditions.fromMs ?? -Infinity,
        untilMs: conditions.untilMs ?? Infinity,
        admit: conditions.admit ?? (() => true),
      }
      cache.keep(handedOn.mark, handedOn.key, replay, conditions.tags)
    },
  }
}

export type PollReplay = ReturnType<typeof createPollReplay>
