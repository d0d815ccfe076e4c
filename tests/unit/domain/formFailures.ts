/** A rejected call as the API client throws it: its status, and for a 400 the `errors` of its body. */
export const badRequest = (errors: { property: string; error: string }[]) =>
  Object.assign(new Error('400'), {
    status: 400,
    body: { statusCode: 400, code: 'validation_failed', message: 'Invalid', errors },
  })

/** A call that failed without field errors: a 5xx, or no answer (status 0). */
export const failedCall = (status: number) => Object.assign(new Error(String(status)), { status, body: null })
