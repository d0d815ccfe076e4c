import type { ApiError } from '../contract'

/**
 * A failed API call. `status` is the HTTP status, or 0 when the server could not be reached (offline, timeout,
 * refused). `body` is the server's error in the contract's shape, or null when it sent something else. It
 * loads no zod (the client parses the body), so screens can tell failures apart without the schemas.
 */
export class ApiRequestError extends Error {
  readonly status: number
  readonly body: ApiError | null

  constructor(status: number, body: ApiError | null, message?: string) {
    super(message ?? body?.message ?? (status === 0 ? 'Network error' : `HTTP ${status}`))
    this.name = 'ApiRequestError'
    this.status = status
    this.body = body
  }

  get networkError(): boolean {
    return this.status === 0
  }
}
