import ky from 'ky'
import type { z } from 'zod'
import { apiError, type ApiError } from '../contract/common'
import { endpoints, fillPath, type EndpointName, type Endpoints } from '../contract/endpoints'
import { ApiRequestError } from './errors'
import { serverAnswered } from './answered'

type Input<S> = S extends z.ZodType ? z.input<S> : never
type ParamsArg<E> = E extends { params: infer P } ? { params: Input<P> } : { params?: undefined }
type QueryArg<E> = E extends { query: infer Q } ? { query: Input<Q> } : { query?: undefined }
type BodyArg<E> = E extends { body: infer B } ? { body: Input<B> } : { body?: undefined }

/** Extra request headers of one call, e.g. `Idempotency-Key` for a replayed command. */
interface HeadersArg {
  headers?: Record<string, string>
}

/** The `:params`, query and body an endpoint of `src/contract/endpoints.ts` takes, and extra headers. */
export type CallArgs<N extends EndpointName> = ParamsArg<Endpoints[N]> &
  QueryArg<Endpoints[N]> &
  BodyArg<Endpoints[N]> &
  HeadersArg
/** The parsed response of an endpoint. */
export type CallResult<N extends EndpointName> = z.output<Endpoints[N]['response']>

export interface ApiClientOptions {
  /** The portal's origin, e.g. `location.origin`; calls go to `{origin}/api/...`. */
  origin: string
  tenantId: string
  /** The current access token, or null when there is no valid one. */
  token: () => string | null
  /**
   * Told about every 401 answer with the token the request carried, so the auth machine can refresh it (or
   * expire the session) and ignore a 401 for a token it has already replaced.
   */
  onUnauthorized: (token: string | null) => void
  /**
   * Told about calls that failed for a reason the user did not cause: no answer, a 5xx, or an answer outside
   * the contract (ordinary 4xx answers are not failures). For error reporting; the path is the contract's
   * template, so it holds no ids.
   */
  onFailure?: (failure: ApiFailure) => void
  /**
   * Told after every call whether the portal's server answered it: false when nothing did, or only a gateway
   * in front of it (502, 504), true for any answer of its own.
   */
  onAnswer?: (answered: boolean) => void
  fetch?: typeof fetch
  timeoutMs?: number
}

export interface ApiFailure {
  endpoint: EndpointName
  /** 0 when no answer came. */
  status: number
  message: string
}

/** A conditional call's answer: unchanged (304), or the new answer with the ETag to send next time. */
export type ConditionalResult<N extends EndpointName> =
  { changed: false } | { changed: true; data: CallResult<N>; etag: string | null }

export interface ApiClient {
  call<N extends EndpointName>(
    name: N,
    ...args: object extends CallArgs<N> ? [args?: CallArgs<N>] : [args: CallArgs<N>]
  ): Promise<CallResult<N>>
  /**
   * A call with `If-None-Match: etag` when `etag` is given (polled reads such as the trip's status): a 304 is
   * `changed: false`, anything else as `call`.
   */
  callIfChanged<N extends EndpointName>(
    name: N,
    args: CallArgs<N>,
    etag: string | null,
  ): Promise<ConditionalResult<N>>
  /**
   * Tells `onFailure` of a failure learnt another way: a command's own 5xx in the answer of the batch that
   * carried it (workers/outbox/replay.ts), which as a request succeeded.
   */
  reportFailure(failure: ApiFailure): void
}

export function requestHeaders(tenantId: string, token: string | null): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (token) headers.Authorization = `Bearer ${token}`
  if (tenantId !== 'default') headers['X-Tenant'] = tenantId
  return headers
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text()
  if (!text) return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}

/** Typed calls by endpoint name; responses are parsed with the contract at this boundary. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const http = ky.create({
    retry: 0,
    timeout: options.timeoutMs ?? 20_000,
    throwHttpErrors: false,
    credentials: 'same-origin',
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })

  async function send<N extends EndpointName>(
    name: N,
    args: CallArgs<N> | undefined,
    etag: string | null,
  ): Promise<ConditionalResult<N>> {
    const endpoint = endpoints[name]
    const url = new URL(
      fillPath(endpoint.path, args?.params as Record<string, unknown> | undefined),
      options.origin,
    )
    for (const [key, value] of Object.entries((args?.query as Record<string, unknown> | undefined) ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value))
    }
    const token = options.token()
    const fail = (status: number, problem: string) =>
      options.onFailure?.({
        endpoint: name,
        status,
        message: `${endpoint.method} ${endpoint.path} ${problem}`,
      })
    let response: Response
    try {
      response = await http(url, {
        method: endpoint.method,
        headers: {
          ...args?.headers,
          ...(etag === null ? {} : { 'If-None-Match': etag }),
          ...requestHeaders(options.tenantId, token),
        },
        ...(args?.body === undefined ? {} : { json: args.body }),
      })
    } catch {
      fail(0, 'got no answer')
      options.onAnswer?.(false)
      throw new ApiRequestError(0, null)
    }
    options.onAnswer?.(serverAnswered(response.status))
    if (response.status === 304 && etag !== null) return { changed: false }
    const json = await readJson(response)
    if (response.status === 401) options.onUnauthorized(token)
    if (response.status >= 500) fail(response.status, `answered ${response.status}`)
    if (!response.ok) throw new ApiRequestError(response.status, parseApiError(json))
    const parsed = endpoint.response.safeParse(json)
    if (!parsed.success) {
      fail(response.status, 'answered outside the contract')
      throw new ApiRequestError(response.status, null, `${name}: the response does not match the contract`)
    }
    return { changed: true, data: parsed.data as CallResult<N>, etag: response.headers.get('ETag') }
  }

  async function call<N extends EndpointName>(name: N, args?: CallArgs<N>): Promise<CallResult<N>> {
    const result = await send(name, args, null)
    // Without an ETag sent, no 304 can come back.
    if (!result.changed) throw new Error(`${name}: an unconditional call answered 304`)
    return result.data
  }

  return {
    call: call as ApiClient['call'],
    callIfChanged: (name, args, etag) => send(name, args, etag),
    reportFailure: (failure) => options.onFailure?.(failure),
  }
}

/** The server's error in the contract's shape, or null when it sent something else. */
function parseApiError(value: unknown): ApiError | null {
  const parsed = apiError.safeParse(value)
  return parsed.success ? parsed.data : null
}
