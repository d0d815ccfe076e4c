import { vi } from 'vitest'

export interface FakeRequest {
  method: string
  path: string
  headers: Headers
  body: unknown
}

type Handler = (request: FakeRequest) => Response | Promise<Response>

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** A fetch that answers `METHOD /path` from a table, records every request, and fails with a network error otherwise. */
export function fakeFetch(routes: Record<string, Handler>) {
  const requests: FakeRequest[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    const text = await request.text()
    const recorded: FakeRequest = {
      method: request.method,
      path: url.pathname + url.search,
      headers: request.headers,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    }
    requests.push(recorded)
    const handler = routes[`${recorded.method} ${url.pathname}`]
    if (!handler) throw new TypeError('Failed to fetch')
    return handler(recorded)
  })
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests }
}
