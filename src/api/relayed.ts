import type { ApiError } from '../contract'
import { ApiRequestError } from './errors'

/**
 * An API call's outcome as plain data, to cross from the sync worker to the page (a thrown error loses its
 * status and body on the way: comlink passes only an Error's message). Loads no zod, like errors.ts.
 */
export type Relayed<T> =
  { ok: true; data: T } | { ok: false; status: number; body: ApiError | null; message: string }

/** The outcome of `call`, which fails only with the API client's ApiRequestError (anything else is rethrown). */
export async function relayed<T>(call: () => Promise<T>): Promise<Relayed<T>> {
  try {
    return { ok: true, data: await call() }
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error
    return { ok: false, status: error.status, body: error.body, message: error.message }
  }
}

/** The answer again, or the same ApiRequestError the call failed with. */
export function unrelayed<T>(answer: Relayed<T>): T {
  if (answer.ok) return answer.data
  throw new ApiRequestError(answer.status, answer.body, answer.message)
}
