import type { z } from 'zod'
import { fillPath, type Endpoint } from '../../../src/contract/endpoints'

type Input<S> = S extends z.ZodType ? z.input<S> : never

/** What a call of an endpoint takes: its path's parameters, its query and its body, when it has them. */
export type OperatorCallArgs<E extends Endpoint> = (E['params'] extends z.ZodType
  ? { params: Input<E['params']> }
  : object) &
  (E['query'] extends z.ZodType ? { query?: Input<E['query']> } : object) &
  (E['body'] extends z.ZodType ? { body: Input<E['body']> } : object)

/** An answer of the operator API that is not a success: its status and its apiError body. */
export class OperatorApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    endpoint: Endpoint,
  ) {
    super(`${endpoint.method} ${endpoint.path}: ${status} ${JSON.stringify(body)}`)
  }
}

/** The operator's system: calls of the operator API with its tenant's key, each answer read with the contract. */
export interface OperatorApi {
  call<E extends Endpoint>(endpoint: E, args: OperatorCallArgs<E>): Promise<z.output<E['response']>>
}

/**
 * A client of the operator API over plain fetch, as a dispatch system outside the portal calls it: `root` is the
 * tenant's portal root (e.g. http://localhost:{port}/espoo), `key` its X-Api-Key. Every call that changes state
 * carries an Idempotency-Key of its own. A call that does not succeed throws an OperatorApiError.
 */
export function operatorApi(root: string, key: string): OperatorApi {
  return {
    async call<E extends Endpoint>(endpoint: E, args: OperatorCallArgs<E>) {
      const { params, query, body } = args as {
        params?: Record<string, unknown>
        query?: Record<string, string | number>
        body?: unknown
      }
      const headers: Record<string, string> = { 'x-api-key': key }
      if (endpoint.method !== 'GET') headers['idempotency-key'] = crypto.randomUUID()
      if (body !== undefined) headers['content-type'] = 'application/json'
      const search = query
        ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`
        : ''
      const response = await fetch(`${root}${fillPath(endpoint.path, params)}${search}`, {
        method: endpoint.method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      const text = await response.text()
      const answer: unknown = text ? JSON.parse(text) : null
      if (!response.ok) throw new OperatorApiError(response.status, answer, endpoint)
      // The contract's reading of the answer is the endpoint's response type (zod cannot say so of a generic).
      return endpoint.response.parse(answer) as z.output<E['response']>
    },
  }
}
