import { errorCodes } from '../../src/contract/common'
import { HttpError } from '../errors/httpError'

/**
 * What one item of a batch came to: its row, or the error a call with that item alone answers. A batch answers
 * one outcome per item, in their order, and one item's problem never stops the others.
 */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: HttpError }

export const succeeded = <T>(value: T): Outcome<T> => ({ ok: true, value })
export const failed = <T>(error: HttpError): Outcome<T> => ({ ok: false, error })

/** Every value of a batch that must succeed whole (the demo seed), else the first error thrown. */
export function valuesOf<T>(outcomes: readonly Outcome<T>[]): T[] {
  return outcomes.map((outcome) => {
    if (!outcome.ok) throw outcome.error
    return outcome.value
  })
}

/** The value of a batch of one item (a single call), else its error thrown for the API to answer. */
export function single<T>(outcomes: readonly Outcome<T>[]): T {
  const [value, ...more] = valuesOf(outcomes)
  if (value === undefined || more.length > 0) throw new Error('Expected the outcome of one item')
  return value
}

/**
 * Which items name what an earlier item of the batch already names (`key`): those are refused (400
 * validation_failed naming `property`), as one statement cannot write a row twice.
 */
export function repeats<T>(items: readonly T[], key: (item: T) => string, property: string) {
  const seen = new Set<string>()
  return items.map((item) => {
    const name = key(item)
    if (!seen.has(name)) {
      seen.add(name)
      return null
    }
    return new HttpError(400, errorCodes.validation, 'The batch names this reference more than once', [
      { property, error: 'duplicate' },
    ])
  })
}
