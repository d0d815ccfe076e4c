import type { ApiError, FieldError } from '../../src/contract/common'

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

/** The error as the API answers it: the `apiError` shape. */
export function toApiErrorBody(error: HttpError): ApiError {
  return {
    statusCode: error.statusCode,
    code: error.code,
    message: error.message,
    ...(error.errors ? { errors: error.errors } : {}),
  }
}
