import type { FieldError } from '../../src/contract/common'

/** An expected failure a handler reports; the error handler turns it into the `apiError` shape. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message)
  }
}
