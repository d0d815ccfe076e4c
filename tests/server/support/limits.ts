import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'

/** A call over a per-minute limit: 429 too_many_requests in the error shape, with the seconds left to wait. */
export function expectTooManyRequests(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(429)
  expect(response.json()).toEqual({ statusCode: 429, code: 'too_many_requests', message: expect.any(String) })
  const retryAfter = Number(response.headers['retry-after'])
  expect(retryAfter).toBeGreaterThanOrEqual(1)
  expect(retryAfter).toBeLessThanOrEqual(60)
}
