import { errorCodes } from './codes'

/**
 * What a failed call's answer means for the request that got it, as the server and the client both read it.
 * Plain, without zod, so that a screen's machine can use it without loading the schemas.
 */
export type FailureKind = 'unauthorized' | 'retry' | 'reject'

/**
 * No answer (status 0), 408, 429, 5xx and a key still in flight may pass, so the request is tried again with
 * the same Idempotency-Key (it may have been applied); a 401 waits for a token; any other 4xx is the server's
 * final word, and a new try by the user is a new request with a new key.
 */
export function classifyFailure(status: number, code: string | null): FailureKind {
  if (status === 401) return 'unauthorized'
  if (status === 0 || status === 408 || status === 429 || status >= 500) return 'retry'
  if (status === 409 && code === errorCodes.idempotencyInFlight) return 'retry'
  return 'reject'
}

/**
 * Whether a batch goes on after a command answered so: after a success or a refusal for good, yes. After one
 * that is to be tried again, no: the commands behind it would overtake it (a message after it would land
 * before it in its thread), and the client sends them again behind it anyway.
 */
export function batchGoesOn(status: number, code: string | null): boolean {
  return (status >= 200 && status < 300) || classifyFailure(status, code) === 'reject'
}
