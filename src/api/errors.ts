import { apiError, type ApiError } from '../contract'

/**
 * A failed API call. `status` is the HTTP status, or 0 when the server could not be reached (offline, timeout,
 * refused). `body` is the server's error in the contract's shape, or null when it sent something else.
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

export function parseApiError(value: unknown): ApiError | null {
  const parsed = apiError.safeParse(value)
  return parsed.success ? parsed.data : null
}
